import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('sign-in, sessions and tokens (DESIGN.md, spec/accounts-and-shell.md §7-8)', () => {
  it('when registering, then 201 with a token and a customer holding place_bids; the same email again is 422', async () => {
    const client = new TestClient(server.url);
    const body = { name: 'Chikondi Banda', email: 'chikondi@example.mw', phone: '0888123456', password: 'kwacha-42', password_confirmation: 'kwacha-42' };
    const res = await client.post('/api/register', { ...body, 'g-recaptcha-response': await client.captcha() });
    expect(res.status).toBe(201);
    expect(res.body.data.token).toEqual(expect.any(String));
    expect(res.body.data.user).toMatchObject({ email: 'chikondi@example.mw', is_customer: true, roles: [{ name: 'customer' }], permissions: ['place_bids'] });
    const again = await client.post('/api/register', { ...body, email: 'CHIKONDI@example.mw', 'g-recaptcha-response': await client.captcha() });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('when registration fields are bad, then 422 names each field with the spec wording', async () => {
    const res = await new TestClient(server.url).post('/api/register', { name: '', email: 'x', phone: '', password: '12', password_confirmation: '13' });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toEqual(['Password must be at least 4 characters long.']);
    expect(res.body.errors.phone).toEqual(['Phone number is required.']);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['name', 'email']));
  });

  it('when logging in through the browser flow, then the session cookie identifies the user and a new anti-forgery token is issued', async () => {
    const user = await createCustomer(server.database.db);
    const client = new TestClient(server.url);
    await client.get('/sanctum/csrf-cookie');
    const before = client.cookie('XSRF-TOKEN');
    const login = await client.post('/login', {
      username: user.email,
      password: 'password',
      remember: false,
      redirect: '/item/5',
      'g-recaptcha-response': await client.captcha(),
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, redirect: '/item/5', user: { id: user.id } });
    expect(client.cookie('XSRF-TOKEN')).not.toBe(before);
    expect((await client.get('/api/user-session')).body).toMatchObject({ authenticated: true, user: { id: user.id } });
  });

  it('when a state-changing cookie request lacks or forges the anti-forgery token, then 419', async () => {
    const user = await createCustomer(server.database.db);
    const client = new TestClient(server.url);
    await client.login(user.email);
    expect((await client.post('/logout', {}, { csrf: false })).status).toBe(419);
    const forged = await fetch(`${server.url}/logout`, { method: 'POST', headers: { cookie: client.cookieHeader(), 'x-xsrf-token': 'forged' } });
    expect(forged.status).toBe(419);
    expect((await client.get('/api/user-session')).body.authenticated).toBe(true);
  });

  it('when the password is wrong or the email unknown, then the same 401 text', async () => {
    const user = await createCustomer(server.database.db);
    const client = new TestClient(server.url);
    await client.get('/sanctum/csrf-cookie');
    const wrong = await client.post('/login', { username: user.email, password: 'nope', 'g-recaptcha-response': await client.captcha() });
    const unknown = await client.post('/login', { username: 'nobody@example.mw', password: 'nope', 'g-recaptcha-response': await client.captcha() });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid login credentials. Please check your email and password.');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('when a session is reused from before sign-in, then it does not survive (new session id at sign-in)', async () => {
    const user = await createCustomer(server.database.db);
    const client = new TestClient(server.url);
    await client.login(user.email);
    const first = client.cookie('gavel_session');
    await client.login(user.email);
    const second = client.cookie('gavel_session');
    expect(second).not.toBe(first);
    const stale = await fetch(`${server.url}/api/user-session`, { headers: { cookie: `gavel_session=${first}` } });
    expect((await stale.json()).authenticated).toBe(false);
  });

  it('when logging out, then the session is revoked', async () => {
    const user = await createCustomer(server.database.db);
    const client = new TestClient(server.url);
    await client.login(user.email);
    const sid = client.cookie('gavel_session');
    expect((await client.post('/logout')).status).toBe(200);
    const after = await fetch(`${server.url}/api/user-session`, { headers: { cookie: `gavel_session=${sid}` } });
    expect((await after.json()).authenticated).toBe(false);
  });

  it('when using a bearer token, then /api/user answers the user and /api/logout revokes the token', async () => {
    const user = await createCustomer(server.database.db);
    const login = await new TestClient(server.url).apiLogin(user.email);
    expect(login.status).toBe(200);
    const client = new TestClient(server.url, login.body.token);
    expect((await client.get('/api/user')).body.id).toBe(user.id);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('when the database stores credentials, then only hashes are kept', async () => {
    const user = await createCustomer(server.database.db);
    const rows = await server.database.db.selectFrom('api_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows[0].token_hash).not.toBe(user.token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { createCustomer } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ env: { ALLOWED_ORIGINS: 'https://www.gavel.example, https://gavel.example' } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
});

/** Opens a socket with the given handshake headers and auth; resolves 'connected' or the refusal's message. */
async function open(opts: { headers?: Record<string, string>; token?: string }): Promise<{ socket: Socket; outcome: string }> {
  const socket = ioClient(server.url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: opts.headers,
    auth: opts.token ? { token: opts.token } : {},
  });
  sockets.push(socket);
  const outcome = await new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  });
  return { socket, outcome };
}

/** Resolves with the disconnect reason, or 'still connected' after `ms`. */
const disconnected = (socket: Socket, ms = 3000) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe('Socket.IO handshakes come from Gavel pages only (issue 18)', () => {
  it("when a page of another site opens a socket, then it is refused; the app's own origins and non-browser clients connect", async () => {
    expect((await open({ headers: { origin: 'https://evil.example' } })).outcome).not.toBe('connected');
    expect((await open({ headers: { origin: 'null' } })).outcome).not.toBe('connected');
    expect((await open({ headers: { origin: server.url } })).outcome).toBe('connected');
    expect((await open({ headers: { origin: 'https://www.gavel.example' } })).outcome).toBe('connected');
    expect((await open({})).outcome).toBe('connected');
  });
});

describe('signing out ends the sockets it signed in (issue 18)', () => {
  it('when a browser session signs out, then its sockets are disconnected; another session of the same user keeps its socket', async () => {
    const user = await createCustomer(server.database.db);
    const [leaving, staying] = [new TestClient(server.url), new TestClient(server.url)];
    await leaving.login(user.email);
    await staying.login(user.email);
    const a = await open({ headers: { cookie: leaving.cookieHeader() } });
    const b = await open({ headers: { cookie: staying.cookieHeader() } });
    expect([a.outcome, b.outcome]).toEqual(['connected', 'connected']);
    const [reasonA, reasonB] = [disconnected(a.socket), disconnected(b.socket, 1500)];
    expect((await leaving.post('/logout')).status).toBe(200);
    expect(await reasonA).toBe('io server disconnect');
    expect(await reasonB).toBe('still connected');
  });

  it('when the password changes, then the sockets of the other sessions and tokens are disconnected; the changing session keeps its socket', async () => {
    const user = await createCustomer(server.database.db);
    const [changing, other] = [new TestClient(server.url), new TestClient(server.url)];
    await changing.login(user.email);
    await other.login(user.email);
    const mine = await open({ headers: { cookie: changing.cookieHeader() } });
    const theirs = await open({ headers: { cookie: other.cookieHeader() } });
    const byToken = await open({ token: user.token });
    const reasons = [disconnected(mine.socket, 1500), disconnected(theirs.socket), disconnected(byToken.socket)];
    const res = await changing.post('/profile', {
      name: user.name,
      email: user.email,
      password: 'Likoma-isl4nd',
      password_confirmation: 'Likoma-isl4nd',
      current_password: 'password',
    });
    expect(res.status).toBe(200);
    expect(await Promise.all(reasons)).toEqual(['still connected', 'io server disconnect', 'io server disconnect']);
  });

  it('when an API client signs out its token, then the sockets it opened with that token are disconnected', async () => {
    const user = await createCustomer(server.database.db);
    const token = (await new TestClient(server.url).apiLogin(user.email)).body.token as string;
    const s = await open({ token });
    expect(s.outcome).toBe('connected');
    const reason = disconnected(s.socket);
    expect((await new TestClient(server.url, token).post('/api/logout')).status).toBe(200);
    expect(await reason).toBe('io server disconnect');
  });
});

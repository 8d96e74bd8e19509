import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../shared/messages/accounts.js';
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

/** The reset link mailed to `email` (the outbox: no mail server in tests), once it is there. */
async function mailedLink(email: string, count = 1): Promise<string> {
  let rows: { body_text: string }[] = [];
  await expect
    .poll(async () => {
      rows = await server.database.db.selectFrom('message_outbox').select('body_text').where('recipient', '=', email).orderBy('id').execute();
      return rows.length;
    })
    .toBe(count);
  const link = /Choose a new password: (http\S+)/.exec(rows.at(-1)!.body_text)?.[1];
  expect(link).toMatch(/\/reset-password\?token=/);
  return decodeURIComponent(new URL(link!).searchParams.get('token')!);
}

describe('password reset by e-mail (issue 16)', () => {
  it('when a bidder forgets their password, then a mailed link sets a new one once, and every earlier session and token stops working', async () => {
    const db = server.database.db;
    const user = await createCustomer(db, { name: 'Grace Mwale' });
    const signedIn = new TestClient(server.url);
    await signedIn.login(user.email);
    expect((await signedIn.get('/api/user')).status).toBe(200);

    const guest = new TestClient(server.url);
    const asked = await guest.post('/api/password/forgot', { email: user.email.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetLinkSent });
    const token = await mailedLink(user.email);
    const stored = await db.selectFrom('password_resets').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);

    const weak = await guest.post('/api/password/reset', { token, password: 'password', password_confirmation: 'password' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toEqual([ACCOUNT_MESSAGES.passwordTooCommon]);
    const done = await guest.post('/api/password/reset', { token, password: 'Lilongwe-Maize-2026', password_confirmation: 'Lilongwe-Maize-2026' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordResetDone });

    // The same link again: refused, the password stays the new one.
    const again = await guest.post('/api/password/reset', { token, password: 'Another-Pass-77', password_confirmation: 'Another-Pass-77' });
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual([ACCOUNT_MESSAGES.resetLinkInvalid]);
    expect((await signedIn.get('/api/user')).status).toBe(401);
    expect((await new TestClient(server.url, user.token).get('/api/user')).status).toBe(401);
    const fresh = new TestClient(server.url);
    expect((await fresh.login(user.email, 'Lilongwe-Maize-2026')).status).toBe(200);
    const audit = await db
      .selectFrom('domain_events')
      .select('type')
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(audit.map((e) => e.type)).toEqual(['user.password_reset_requested', 'user.password_reset']);
  });

  it('when an address has no account, or asks twice in a row, then the answer is the same and no second mail goes', async () => {
    const db = server.database.db;
    const nobody = await new TestClient(server.url).post('/api/password/forgot', { email: 'nobody-here@example.mw' });
    expect(nobody.status).toBe(200);
    expect(nobody.body.message).toBe(ACCOUNT_MESSAGES.resetLinkSent);
    const user = await createCustomer(db);
    await new TestClient(server.url).post('/api/password/forgot', { email: user.email });
    await mailedLink(user.email, 1);
    expect((await new TestClient(server.url).post('/api/password/forgot', { email: user.email })).body.message).toBe(ACCOUNT_MESSAGES.resetLinkSent);
    await new Promise((r) => setTimeout(r, 300));
    expect(await db.selectFrom('message_outbox').select('id').where('recipient', '=', 'nobody-here@example.mw').execute()).toEqual([]);
    expect(await db.selectFrom('message_outbox').select('id').where('recipient', '=', user.email).execute()).toHaveLength(1);
  });

  it('when a link has expired or the input is malformed, then the answer is a 422 with the reason and nothing changes', async () => {
    const db = server.database.db;
    const user = await createCustomer(db);
    await new TestClient(server.url).post('/api/password/forgot', { email: user.email });
    const token = await mailedLink(user.email);
    await db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const before = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    const expired = await new TestClient(server.url).post('/api/password/reset', {
      token,
      password: 'Blantyre-Tea-2026',
      password_confirmation: 'Blantyre-Tea-2026',
    });
    expect(expired.status).toBe(422);
    expect(expired.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    expect(await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual(before);
    for (const [path, body, field] of [
      ['/api/password/forgot', { email: 'not-an-address' }, 'email'],
      ['/api/password/forgot', {}, 'email'],
      ['/api/password/reset', { token: 'short', password: 'Blantyre-Tea-2026', password_confirmation: 'Blantyre-Tea-2026' }, 'token'],
      ['/api/password/reset', { token, password: 'Blantyre-Tea-2026', password_confirmation: 'different' }, 'password_confirmation'],
    ] as const) {
      const res = await new TestClient(server.url).post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.body.errors[field]).toBeTruthy();
    }
  });
});

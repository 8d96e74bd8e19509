import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

/** A local SMS provider speaking Africa's Talking's messaging API: records each request, answers like the real one. */
const requests: { apiKey: string | undefined; form: URLSearchParams }[] = [];
let refuse: string | null = null;
let provider: http.Server;
let server: TestServer;

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({ apiKey: req.headers.apikey as string | undefined, form });
      const recipient = refuse
        ? { statusCode: 403, number: form.get('to'), status: refuse, cost: '0', messageId: 'None' }
        : { statusCode: 101, number: form.get('to'), status: 'Success', cost: 'MWK 25.0000', messageId: `ATXid_${requests.length}` };
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/1', Recipients: [recipient] } }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    env: {
      NOTIFY_INTERVAL_MS: '0',
      NOTIFY_GRACE_MS: '0',
      SMS_PROVIDER_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/version1/messaging`,
      SMS_USERNAME: 'gavel',
      SMS_API_KEY: 'test-api-key',
      APP_URL: 'https://gavel.mw',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => provider?.close(() => resolve()));
});

const client = (token: string) => new TestClient(server.url, token);
const smsTo = (phone: string) => requests.filter((r) => r.form.get('to') === phone);

describe('notification SMS through the provider (issue 16)', () => {
  it('when a bidder with a phone is outbid, then one SMS of at most 160 characters with a short link reaches the provider, and no second one for that lot within 10 minutes', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    await db.updateTable('users').set({ phone: '0991 234 567' }).where('id', '=', a.id).execute();
    const b = await createCustomer(db);
    const itemId = await createItem(db, { name: 'Toyota Hilux 2.4 GD-6 Raider double cab 4x4 manual, one owner, full service history', target_amount: 1000 });
    await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 1001 });
    await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 1500 });
    expect(await server.notify()).toMatchObject({ created: 1, sent: 1, failed: 0 });
    const sent = smsTo('+265991234567');
    expect(sent).toHaveLength(1);
    expect(sent[0].apiKey).toBe('test-api-key');
    expect(sent[0].form.get('username')).toBe('gavel');
    const message = sent[0].form.get('message')!;
    expect(message.length).toBeLessThanOrEqual(160);
    expect(message).toMatch(/^Outbid on Toyota Hilux/);
    expect(message.endsWith(`https://gavel.mw/i/${itemId}`)).toBe(true);
    const short = await fetch(`${server.url}/i/${itemId}`, { redirect: 'manual' });
    expect(short.status).toBe(302);
    expect(short.headers.get('location')).toBe(`/item/${itemId}`);

    // A bids again and is outbid again at once: a new alert in the app, but no second SMS within 10 minutes.
    await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 1600 });
    await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 1700 });
    await server.notify();
    expect((await client(a.token).get('/api/notifications')).body.data.filter((n: { type: string }) => n.type === 'outbid')).toHaveLength(2);
    expect(smsTo('+265991234567')).toHaveLength(1);
    // Ten minutes later it may.
    await db
      .updateTable('notification_deliveries')
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where('channel', '=', 'sms')
      .execute();
    await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 1800 });
    await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 1900 });
    await server.notify();
    expect(smsTo('+265991234567')).toHaveLength(2);
  });

  it('when the provider refuses a number or a bidder has no usable phone, then the delivery is retried or failed with the reason, never sent twice', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    await db.updateTable('users').set({ phone: '0881 111 222' }).where('id', '=', a.id).execute();
    const noPhone = await createCustomer(db);
    await db.updateTable('users').set({ phone: 'ask at the desk' }).where('id', '=', noPhone.id).execute();
    const b = await createCustomer(db);
    const one = await createItem(db, { target_amount: 1000 });
    const two = await createItem(db, { target_amount: 1000 });
    await client(a.token).post('/ajax-bid', { item_id: one, amount: 1001 });
    await client(noPhone.token).post('/ajax-bid', { item_id: two, amount: 1001 });
    await client(b.token).post('/ajax-bid', { item_id: one, amount: 1500 });
    await client(b.token).post('/ajax-bid', { item_id: two, amount: 1500 });
    refuse = 'InvalidPhoneNumber';
    const run = await server.notify();
    refuse = null;
    expect(run).toMatchObject({ created: 2, sent: 0, failed: 1 });
    const state = await db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select(['n.user_id', 'd.status', 'd.last_error'])
      .where('d.channel', '=', 'sms')
      .where('n.user_id', 'in', [a.id, noPhone.id])
      .execute();
    // Nobody without a usable number gets an SMS row at all; the refused one waits for a retry.
    expect(state).toEqual([{ user_id: a.id, status: 'pending', last_error: 'SMS refused: InvalidPhoneNumber' }]);
  });
});

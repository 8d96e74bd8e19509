import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { createAuctionType, createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { solveCaptcha } from '../../helpers/captcha.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let admin: TestClient;
let adminId: number;
beforeAll(async () => {
  server = await startTestServer();
  const a = await createCustomer(server.database.db, { name: 'Gavel Admin' });
  await grantRole(server.database.db, a.id, 'admin');
  admin = new TestClient(server.url, a.token);
  adminId = a.id;
});
afterAll(async () => {
  await server?.stop();
});

/** `POST /register-bid` with a freshly solved human-verification token. */
async function registerBid(client: TestClient, body: Record<string, unknown>) {
  return client.post('/register-bid', { ...body, 'g-recaptcha-response': await solveCaptcha(server.url) });
}

describe('registering for a live auction (spec/shopping.md §4 "Bid registration", §5)', () => {
  it('when the form is empty, then 422 with the spec texts per field', async () => {
    const user = await createCustomer(server.database.db);
    const res = await new TestClient(server.url, user.token).post('/register-bid', {});
    expect(res.status).toBe(422);
    expect(res.body.errors.reference_number).toEqual(['Bank deposit reference number is required']);
    expect(res.body.errors.auction_type_id).toEqual(['Please select an auction to register for']);
  });

  it('when signed out, then 401; the live auctions list also needs sign-in', async () => {
    const guest = new TestClient(server.url);
    await guest.get('/sanctum/csrf-cookie');
    expect((await registerBid(guest, { reference_number: 'X1', auction_type_id: 1 })).status).toBe(401);
    expect((await guest.get('/api/live-auctions-session')).status).toBe(401);
  });

  it('when a customer registers, an admin approves, then the check says subscribed, the user room is told, and a live bid refused before is accepted', async () => {
    const db = server.database.db;
    const typeId = await createAuctionType(db, 'live', 'Live Auction - Blantyre Monthly');
    const itemId = await createItem(db, { auction_type_id: typeId, target_amount: 50_000 });
    const user = await createCustomer(db);
    const client = new TestClient(server.url, user.token);

    const auctions = await client.get('/api/live-auctions-session');
    expect(auctions.body.data.map((t: any) => t.id)).toContain(typeId);
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 60_000 })).status).toBe(403);

    const reg = await registerBid(client, { reference_number: 'nbm-2026-555001', auction_type_id: typeId });
    expect(reg.status).toBe(201);
    expect(reg.body.success).toBe(true);
    expect((await client.get(`/session/check-subscription/${typeId}`)).body).toMatchObject({
      subscribed: false,
      pending: true,
      registration_status: 'pending',
      decline_reason: null,
      message: 'You need to subscribe to "Live Auction - Blantyre Monthly" to place bids on this live auction item.',
    });
    // The selector's list says which auction is already asked for (issue 20).
    const listed = (await client.get('/api/live-auctions-session')).body.data.find((t: any) => t.id === typeId);
    expect(listed).toMatchObject({ registration_status: 'pending', decline_reason: null });
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 60_000 })).status).toBe(403);

    const socket = connect(server.url, { transports: ['websocket'], auth: { token: user.token }, forceNew: true });
    const told: any[] = [];
    socket.on('subscription:updated', (e) => told.push(e));
    await new Promise<void>((r) => socket.on('connect', r));

    const pending = (await admin.get('/api/admin/subscriptions?status=pending')).body.data;
    const mine = pending.find((s: any) => s.user.id === user.id);
    expect(mine).toMatchObject({ reference_number: 'NBM-2026-555001', auction_type: { id: typeId } });
    const approved = await admin.post(`/api/admin/subscriptions/${mine.id}/approve`);
    expect(approved.status).toBe(200);
    await expect.poll(() => told.length).toBe(1);
    expect(told[0]).toMatchObject({ auction_type_id: typeId, status: 'active', subscribed: true });
    // The operator reads who was approved; the bidder reads that they can bid (issue 20).
    expect(approved.body.message).toBe(`Registration approved for ${user.name}`);
    expect(told[0].message).toMatch(/has been approved\. You can now place bids\.$/);
    expect((await client.get(`/session/check-subscription/${typeId}`)).body).toMatchObject({ subscribed: true, pending: false, registration_status: 'active' });
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 60_000 })).status).toBe(200);
    expect((await admin.post(`/api/admin/subscriptions/${mine.id}/decline`, { reason: 'Too late' })).status).toBe(409);
    socket.disconnect();
  });

  it('when a reference was used before (any case, any spaces or separators) or the user already has an open registration, then 422', async () => {
    const db = server.database.db;
    const typeId = await createAuctionType(db, 'live');
    const other = await createAuctionType(db, 'live');
    const a = new TestClient(server.url, (await createCustomer(db)).token);
    const b = new TestClient(server.url, (await createCustomer(db)).token);
    expect((await registerBid(a, { reference_number: 'FDH-77', auction_type_id: typeId })).status).toBe(201);
    const reused = await registerBid(b, { reference_number: 'fdh-77', auction_type_id: typeId });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.reference_number[0]).toMatch(/already been used/);
    // The same deposit written with spaces or other separators is the same reference.
    const c = new TestClient(server.url, (await createCustomer(db)).token);
    for (const written of ['FDH 77', 'fdh/77', ' F.D.H-7 7 ']) {
      const again = await registerBid(c, { reference_number: written, auction_type_id: typeId });
      expect(again.status).toBe(422);
      expect(again.body.errors.reference_number[0]).toMatch(/already been used/);
    }
    const twice = await registerBid(a, { reference_number: 'FDH-78', auction_type_id: typeId });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.auction_type_id[0]).toMatch(/already have/);
    expect((await registerBid(a, { reference_number: 'FDH-79', auction_type_id: other })).status).toBe(201);
  });

  it('when an admin declines with a reason, then the user is told and may register again; non-admins get 403', async () => {
    const db = server.database.db;
    const typeId = await createAuctionType(db, 'live');
    const user = await createCustomer(db);
    const client = new TestClient(server.url, user.token);
    await registerBid(client, { reference_number: 'NB-DECLINE-1', auction_type_id: typeId });
    const sub = (await admin.get('/api/admin/subscriptions')).body.data.find((s: any) => s.user.id === user.id);
    expect((await client.post(`/api/admin/subscriptions/${sub.id}/approve`)).status).toBe(403);
    expect((await admin.post(`/api/admin/subscriptions/${sub.id}/decline`, { reason: 'x' })).status).toBe(422);
    const declined = await admin.post(`/api/admin/subscriptions/${sub.id}/decline`, { reason: 'Deposit not found' });
    expect(declined.body.message).toBe(`Registration declined for ${user.name}`);
    expect((await client.get(`/session/check-subscription/${typeId}`)).body).toMatchObject({
      subscribed: false,
      pending: false,
      registration_status: 'declined',
      decline_reason: 'Deposit not found',
    });
    expect((await client.get('/api/live-auctions-session')).body.data.find((t: any) => t.id === typeId)).toMatchObject({
      registration_status: 'declined',
      decline_reason: 'Deposit not found',
    });
    expect((await registerBid(client, { reference_number: 'NB-DECLINE-2', auction_type_id: typeId })).status).toBe(201);
    // A new registration after a decline speaks for the auction again.
    expect((await client.get(`/session/check-subscription/${typeId}`)).body).toMatchObject({
      pending: true,
      registration_status: 'pending',
      decline_reason: null,
    });
  });

  it('when the auction chosen is not a live auction, then 422', async () => {
    const typeId = await createAuctionType(server.database.db, 'online');
    const user = await createCustomer(server.database.db);
    const res = await registerBid(new TestClient(server.url, user.token), { reference_number: 'ONL-1', auction_type_id: typeId });
    expect(res.status).toBe(422);
    expect(res.body.errors.auction_type_id).toEqual(['Please select an auction to register for']);
  });

  it('when the human verification is missing or replayed, then 422 and nothing is recorded', async () => {
    const db = server.database.db;
    const typeId = await createAuctionType(db, 'live');
    const user = await createCustomer(db);
    const client = new TestClient(server.url, user.token);
    const missing = await client.post('/register-bid', { reference_number: 'CAP-1', auction_type_id: typeId });
    expect(missing.status).toBe(422);
    expect(missing.body.errors['g-recaptcha-response']).toEqual(['Please complete the reCAPTCHA verification.']);
    const token = await solveCaptcha(server.url);
    expect((await client.post('/register-bid', { reference_number: 'CAP-2', auction_type_id: typeId, 'g-recaptcha-response': token })).status).toBe(201);
    const other = await createAuctionType(db, 'live');
    const replay = await client.post('/register-bid', { reference_number: 'CAP-3', auction_type_id: other, 'g-recaptcha-response': token });
    expect(replay.status).toBe(422);
    const rows = await db.selectFrom('auction_subscriptions').select('reference_number').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.reference_number)).toEqual(['CAP-2']);
  });
});

describe('registration decisions in the audit trail (DESIGN.md "Commands, events, audit")', () => {
  /** The event-log rows about one registration, oldest first. */
  const eventsOf = (registrationId: number) =>
    server.database.db
      .selectFrom('domain_events')
      .select(['type', 'actor_type', 'actor_id', 'payload'])
      .where('subject_type', '=', 'registration')
      .where('subject_id', '=', registrationId)
      .orderBy('id')
      .execute();

  it('when a bidder registers and an operator declines, then the log holds the submission by the bidder and one decision by that operator with before/after and the reason', async () => {
    const db = server.database.db;
    const typeId = await createAuctionType(db, 'live', 'Live Auction - Lilongwe Quarterly');
    const user = await createCustomer(db);
    expect((await registerBid(new TestClient(server.url, user.token), { reference_number: 'nb-audit-1', auction_type_id: typeId })).status).toBe(201);
    const sub = (await admin.get('/api/admin/subscriptions?status=pending')).body.data.find((s: any) => s.user.id === user.id);
    expect((await admin.post(`/api/admin/subscriptions/${sub.id}/decline`, { reason: 'Deposit not found' })).status).toBe(200);
    expect((await admin.post(`/api/admin/subscriptions/${sub.id}/approve`)).status).toBe(409);

    const rows = await eventsOf(sub.id);
    expect(rows.map((r) => r.type)).toEqual(['registration.submitted', 'registration.decided']);
    expect(rows[0]).toMatchObject({
      actor_type: 'user',
      payload: { registration_id: sub.id, user_id: user.id, auction_type_id: typeId, reference_number: 'NB-AUDIT-1' },
    });
    expect(Number(rows[0].actor_id)).toBe(user.id);
    expect(rows[1]).toMatchObject({
      actor_type: 'operator',
      payload: {
        registration_id: sub.id,
        user_id: user.id,
        auction_type_id: typeId,
        auction_name: 'Live Auction - Lilongwe Quarterly',
        before: 'pending',
        after: 'declined',
        reason: 'Deposit not found',
      },
    });
    expect(Number(rows[1].actor_id)).toBe(adminId);
  });
});

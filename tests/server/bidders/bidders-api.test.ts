import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../helpers/captcha.js';
import { createAuctionType, createCustomer, createItem, grantRole, insertTestOrder } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let operator: TestClient;
let operatorId: number;
beforeAll(async () => {
  server = await startTestServer();
  const admin = await createCustomer(server.database.db, { name: 'Operator One' });
  await grantRole(server.database.db, admin.id, 'admin');
  operatorId = admin.id;
  operator = new TestClient(server.url, admin.token);
});
afterAll(async () => {
  await server?.stop();
});

const SUSPENDED = 'Your bidding has been suspended. Please contact us.';
const db = () => server.database.db;
/** The audit trail's rows about a user, oldest first. */
const auditOf = (userId: number) =>
  db()
    .selectFrom('domain_events')
    .select(['type', 'payload', 'actor_type', 'actor_id'])
    .where('subject_type', '=', 'user')
    .where('subject_id', '=', userId)
    .where('type', 'like', 'user.%')
    .where('type', '!=', 'user.registered')
    .orderBy('id')
    .execute();

describe('GET /api/admin/users and /api/admin/users/{id} (issue 13 "Bidders")', () => {
  it('when an operator searches by name, e-mail, phone, registration reference or id, then the matching users come back in pages', async () => {
    const unique = `Zebedee${Date.now()}`;
    const a = await createCustomer(db(), { name: `${unique} Banda`, email: `zeb-${Date.now()}@example.mw` });
    const b = await createCustomer(db(), { name: `${unique} Phiri` });
    await db().updateTable('users').set({ phone: '+265 991 234 567' }).where('id', '=', b.id).execute();

    const byName = await operator.get(`/api/admin/users?search=${unique}`);
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((u: { id: number }) => u.id)).toEqual([b.id, a.id]);
    expect(byName.body.meta).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(byName.body.data[1]).toMatchObject({ id: a.id, roles: ['customer'], blocked_at: null, bid_limit: null, bids: 0, leading: 0, unpaid: 0 });

    expect((await operator.get(`/api/admin/users?search=${encodeURIComponent(a.email.toUpperCase())}`)).body.data.map((u: { id: number }) => u.id)).toEqual([
      a.id,
    ]);
    expect((await operator.get('/api/admin/users?search=0991234567')).body.data.map((u: { id: number }) => u.id)).toContain(b.id);
    expect((await operator.get(`/api/admin/users?search=%23${b.id}`)).body.data.map((u: { id: number }) => u.id)).toEqual([b.id]);

    const saleId = (
      await db().insertInto('auction_types').values({ name: 'Live sale', type: 'live', description: null }).returning('id').executeTakeFirstOrThrow()
    ).id;
    await db()
      .insertInto('auction_subscriptions')
      .values({ user_id: a.id, auction_type_id: saleId, reference_number: `REF-${unique}` })
      .execute();
    expect((await operator.get(`/api/admin/users?search=ref-${unique}`)).body.data.map((u: { id: number }) => u.id)).toEqual([a.id]);

    const paged = await operator.get(`/api/admin/users?search=${unique}&per_page=1&page=2`);
    expect(paged.body.data.map((u: { id: number }) => u.id)).toEqual([a.id]);
    expect(paged.body.meta).toMatchObject({ total: 2, current_page: 2, last_page: 2, from: 2, to: 2 });
  });

  it("when an operator opens a bidder's page, then it shows their registrations, bids, wins, unpaid orders, limit figures and audit links", async () => {
    const bidder = await createCustomer(db());
    const saleId = (
      await db().insertInto('auction_types').values({ name: 'Vehicles live', type: 'live', description: null }).returning('id').executeTakeFirstOrThrow()
    ).id;
    await db()
      .insertInto('auction_subscriptions')
      .values({ user_id: bidder.id, auction_type_id: saleId, reference_number: 'NBM-1', status: 'active' })
      .execute();
    const led = await createItem(db(), { target_amount: 999, name: 'Toyota Hilux' });
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: led, amount: 1000 })).status).toBe(200);
    const won = await createItem(db(), { name: 'Generator', status: 'sold', closed_by: bidder.id });
    await db().updateTable('items').set({ bid_amount: 5000 }).where('id', '=', won).execute();
    // An earlier order for the lot was cancelled; the win shows the latest one only.
    const cancelled = await insertTestOrder(db(), { user_id: bidder.id, source: 'auction', status: 'cancelled', sub_total: 5000, amount_total: 5000 });
    await db()
      .insertInto('order_lines')
      .values({ order_id: cancelled.id, item_id: won, name: 'Generator', quantity: 1, unit_price: 5000, amount: 5000 })
      .execute();
    const order = await insertTestOrder(db(), { user_id: bidder.id, source: 'auction', status: 'awaiting_payment', sub_total: 5000, amount_total: 5000 });
    await db().insertInto('order_lines').values({ order_id: order.id, item_id: won, name: 'Generator', quantity: 1, unit_price: 5000, amount: 5000 }).execute();

    const page = await operator.get(`/api/admin/users/${bidder.id}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      id: bidder.id,
      email: bidder.email,
      bids: 1,
      leading: 1,
      unpaid: 1,
      committed: 6000,
      blocked_reason: null,
      blocked_by: null,
    });
    expect(page.body.registrations).toEqual([expect.objectContaining({ auction_name: 'Vehicles live', reference_number: 'NBM-1', status: 'active' })]);
    expect(page.body.recent_bids).toEqual([expect.objectContaining({ item_id: led, item_name: 'Toyota Hilux', bid_amount: 1000, leading: true })]);
    expect(page.body.wins).toEqual([
      expect.objectContaining({ item_id: won, item_name: 'Generator', bid_amount: 5000, order_id: order.id, order_status: 'awaiting_payment' }),
    ]);
    expect(page.body.unpaid_orders).toEqual([expect.objectContaining({ id: order.id, amount_total: 5000, status: 'awaiting_payment' })]);
    expect(page.body.audit).toEqual({ about: `/admin/audit?subject_type=user&subject_id=${bidder.id}`, by: `/admin/audit?actor_id=${bidder.id}` });
  });
});

describe('block, unblock, spending limit and roles are commands in the audit trail', () => {
  it('when an operator blocks a bidder, then their bids get 403 with the message, their lead stands, the block shows on their page; unblocked, they bid again', async () => {
    const bidder = await createCustomer(db());
    const rival = await createCustomer(db());
    const led = await createItem(db(), { target_amount: 999 });
    const other = await createItem(db(), { target_amount: 999 });
    const client = new TestClient(server.url, bidder.token);
    expect((await client.post('/ajax-bid', { item_id: led, amount: 1000 })).status).toBe(200);

    const blocked = await operator.post(`/api/admin/users/${bidder.id}/block`, { reason: '  Unpaid invoices from March  ' });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ id: bidder.id, blocked_at: expect.any(String) });
    expect((await operator.post(`/api/admin/users/${bidder.id}/block`, { reason: 'again' })).status).toBe(409);

    const refused = await client.post('/ajax-bid', { item_id: other, amount: 1000 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: SUSPENDED, error: SUSPENDED, reason: 'suspended' });
    const page = (await operator.get(`/api/admin/users/${bidder.id}`)).body.data;
    expect(page).toMatchObject({ blocked_reason: 'Unpaid invoices from March', blocked_by: { id: operatorId, name: 'Operator One' }, leading: 1 });
    expect((await db().selectFrom('items').select('leader_id').where('id', '=', led).executeTakeFirstOrThrow()).leader_id).toBe(bidder.id);
    expect((await new TestClient(server.url, rival.token).post('/ajax-bid', { item_id: led, amount: 1001 })).status).toBe(200);

    // Nor may they register for a live auction while blocked.
    const live = await createAuctionType(db(), 'live');
    const register = () =>
      solveCaptcha(server.url).then((captcha) =>
        client.post('/register-bid', { reference_number: `BLK-${bidder.id}`, auction_type_id: live, 'g-recaptcha-response': captcha }),
      );
    const refusedRegistration = await register();
    expect(refusedRegistration.status).toBe(403);
    expect(refusedRegistration.body).toMatchObject({ message: SUSPENDED, reason: 'suspended' });

    expect((await operator.post(`/api/admin/users/${bidder.id}/unblock`)).body.data.blocked_at).toBeNull();
    expect((await register()).status).toBe(201);
    expect((await operator.post(`/api/admin/users/${bidder.id}/unblock`)).status).toBe(409);
    expect((await client.post('/ajax-bid', { item_id: other, amount: 1000 })).status).toBe(200);

    expect(await auditOf(bidder.id)).toEqual([
      { type: 'user.blocked', payload: { user_id: bidder.id, reason: 'Unpaid invoices from March' }, actor_type: 'operator', actor_id: operatorId },
      { type: 'user.unblocked', payload: { user_id: bidder.id, reason: 'Unpaid invoices from March' }, actor_type: 'operator', actor_id: operatorId },
    ]);
  });

  it('when an operator sets a spending limit, then bids over it are refused naming it, under it accepted; changes are audited, an unchanged limit is not', async () => {
    const bidder = await createCustomer(db());
    const lots = [await createItem(db(), { target_amount: 299_999 }), await createItem(db(), { target_amount: 199_999 })];
    const client = new TestClient(server.url, bidder.token);
    const set = await operator.request('PATCH', `/api/admin/users/${bidder.id}`, { bid_limit: '500,000' });
    expect(set.status).toBe(200);
    expect(set.body.data.bid_limit).toBe(500_000);
    expect((await operator.request('PATCH', `/api/admin/users/${bidder.id}`, { bid_limit: 500_000 })).status).toBe(200);

    expect((await client.post('/ajax-bid', { item_id: lots[0], amount: 300_000 })).status).toBe(200);
    const over = await client.post('/ajax-bid', { item_id: lots[1], amount: 200_001 });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe('This bid would take you over your spending limit of MK 500,000. Please contact us.');
    expect((await client.post('/ajax-bid', { item_id: lots[1], amount: 200_000 })).status).toBe(200);
    expect((await operator.get(`/api/admin/users/${bidder.id}`)).body.data).toMatchObject({ bid_limit: 500_000, committed: 500_000 });

    expect((await operator.request('PATCH', `/api/admin/users/${bidder.id}`, { bid_limit: null })).body.data.bid_limit).toBeNull();
    expect(await auditOf(bidder.id)).toEqual([
      { type: 'user.bid_limit_changed', payload: { user_id: bidder.id, before: null, after: 500_000 }, actor_type: 'operator', actor_id: operatorId },
      { type: 'user.bid_limit_changed', payload: { user_id: bidder.id, before: 500_000, after: null }, actor_type: 'operator', actor_id: operatorId },
    ]);
  });

  it('when admins revoke each other at once, then one admin remains; the last admin cannot be removed (409); grants and revocations are audited', async () => {
    // A server of its own: the last admin is counted across every user.
    const own = await startTestServer();
    try {
      const odb = own.database.db;
      const first = await createCustomer(odb);
      await grantRole(odb, first.id, 'admin');
      const firstClient = new TestClient(own.url, first.token);
      const second = await createCustomer(odb);
      const secondClient = new TestClient(own.url, second.token);

      const lastAlone = await firstClient.post(`/api/admin/users/${first.id}/roles`, { role: 'admin', grant: false });
      expect(lastAlone.status).toBe(409);
      expect(lastAlone.body.message).toBe('This is the last admin. Grant the admin role to someone else before removing it here.');

      const granted = await firstClient.post(`/api/admin/users/${second.id}/roles`, { role: 'admin', grant: true });
      expect(granted.status).toBe(200);
      expect(granted.body.data.roles).toEqual(['admin', 'customer']);
      // Granting again changes nothing and records nothing.
      expect((await firstClient.post(`/api/admin/users/${second.id}/roles`, { role: 'admin', grant: true })).status).toBe(200);

      const [a, b] = await Promise.all([
        firstClient.post(`/api/admin/users/${second.id}/roles`, { role: 'admin', grant: false }),
        secondClient.post(`/api/admin/users/${first.id}/roles`, { role: 'admin', grant: false }),
      ]);
      // One revocation wins. The other is refused: 409 when its command finds the last admin under
      // the role's lock, or 403 when its sign-in check already sees that its admin role is gone.
      const [won, lost] = [a.status, b.status].sort();
      expect(won).toBe(200);
      expect([403, 409]).toContain(lost);
      const admins = await odb
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select('user_roles.user_id')
        .where('roles.name', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
      const types = await odb.selectFrom('domain_events').select(['type', 'subject_id']).where('type', 'like', 'user.role_%').orderBy('id').execute();
      expect(types.map((t) => t.type)).toEqual(['user.role_granted', 'user.role_revoked']);
      expect(types[0].subject_id).toBe(second.id);
    } finally {
      await own.stop();
    }
  });
});

describe('bad input on every bidder route is a 4xx with a clear message', () => {
  it('when the input is wrong, then 404 for unknown users and 422 {message, errors} for bad fields; nothing changes', async () => {
    const bidder = await createCustomer(db());
    const id = bidder.id;
    const cases: [string, string, unknown, number, string | RegExp][] = [
      ['GET', '/api/admin/users?page=0', undefined, 422, 'The page must be a whole number from 1.'],
      ['GET', '/api/admin/users?page=abc', undefined, 422, 'The page must be a whole number from 1.'],
      ['GET', `/api/admin/users?search=${'x'.repeat(101)}`, undefined, 422, 'Search for at most 100 characters.'],
      ['GET', '/api/admin/users/999999999', undefined, 404, 'User not found'],
      ['GET', '/api/admin/users/abc', undefined, 404, 'User not found'],
      ['POST', `/api/admin/users/${id}/block`, {}, 422, 'Please give the reason for blocking.'],
      ['POST', `/api/admin/users/${id}/block`, { reason: ' x ' }, 422, 'Please give the reason for blocking (at least 3 characters).'],
      ['POST', `/api/admin/users/${id}/block`, { reason: 'y'.repeat(501) }, 422, 'Keep the reason under 500 characters.'],
      ['POST', '/api/admin/users/999999999/block', { reason: 'Fraud suspected' }, 404, 'User not found'],
      ['POST', '/api/admin/users/999999999/unblock', undefined, 404, 'User not found'],
      ['POST', `/api/admin/users/${id}/unblock`, undefined, 409, `${bidder.name} is not blocked.`],
      ['PATCH', `/api/admin/users/${id}`, {}, 422, /spending limit must be a whole number/],
      ['PATCH', `/api/admin/users/${id}`, { bid_limit: -5 }, 422, /spending limit must be a whole number/],
      ['PATCH', `/api/admin/users/${id}`, { bid_limit: 10.5 }, 422, /spending limit must be a whole number/],
      ['PATCH', `/api/admin/users/${id}`, { bid_limit: 'lots' }, 422, /spending limit must be a whole number/],
      ['PATCH', `/api/admin/users/${id}`, { bid_limit: 1e15 }, 422, /spending limit must be a whole number/],
      ['PATCH', '/api/admin/users/999999999', { bid_limit: 5 }, 404, 'User not found'],
      ['POST', `/api/admin/users/${id}/roles`, { role: 'customer', grant: true }, 422, 'Only the admin role can be granted or revoked here.'],
      ['POST', `/api/admin/users/${id}/roles`, { role: 'admin' }, 422, 'Say whether to grant (true) or revoke (false) the role.'],
      ['POST', `/api/admin/users/${id}/roles`, { role: 'admin', grant: 'yes' }, 422, 'Say whether to grant (true) or revoke (false) the role.'],
      ['POST', '/api/admin/users/999999999/roles', { role: 'admin', grant: true }, 404, 'User not found'],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await operator.request(method, path, body);
      expect({ method, path, body, status: res.status }).toEqual({ method, path, body, status });
      expect(res.body.message).toMatch(message);
      if (status === 422) expect(Object.keys(res.body.errors ?? {})).not.toHaveLength(0);
    }
    const row = await db().selectFrom('users').select(['blocked_at', 'bid_limit']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ blocked_at: null, bid_limit: null });
    expect(await auditOf(id)).toEqual([]);
  });

  it('when a customer calls the bidder routes, then 403; a guest 401', async () => {
    const customer = await createCustomer(db());
    const asCustomer = new TestClient(server.url, customer.token);
    expect((await asCustomer.get('/api/admin/users')).status).toBe(403);
    expect((await asCustomer.post(`/api/admin/users/${customer.id}/roles`, { role: 'admin', grant: true })).status).toBe(403);
    expect((await new TestClient(server.url).get(`/api/admin/users/${customer.id}`)).status).toBe(401);
  });
});

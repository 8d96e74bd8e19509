import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let db: Kysely<Database>;
let admin: TestClient;
let operator: { id: number; name: string; email: string };
let customer: { id: number; name: string; email: string; token: string };

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  const a = await createCustomer(db, { name: 'Thandiwe Phiri', email: `thandiwe-${Date.now()}@gavel.mw` });
  await grantRole(db, a.id, 'admin');
  operator = a;
  admin = new TestClient(server.url, a.token);
  customer = await createCustomer(db, { name: 'Chikondi Banda' });
});
afterAll(async () => {
  await server?.stop();
});

type Actor = { type: 'user' | 'operator' | 'system' | 'guest'; id?: number; name?: string };

/** Writes one event row straight into the log (as a command would), answering its id. */
async function logEvent(type: string, subject: { type: string; id: number | null }, actor: Actor, payload: Record<string, unknown> = {}): Promise<number> {
  const row = await db
    .insertInto('domain_events')
    .values({
      type,
      subject_type: subject.type,
      subject_id: subject.id,
      actor_type: actor.type,
      actor_id: actor.id ?? null,
      actor_name: actor.name ?? null,
      payload: JSON.stringify(payload),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A subject id no other test uses (subjects need not exist for the log). */
let nextSubject = 900_000;
const freshSubjectId = () => ++nextSubject;

const audit = (query: string, client = admin) => client.get(`/api/admin/audit${query}`);

describe('GET /api/admin/audit', () => {
  it("when an operator opens a lot's history, then its events come newest first with who acted (name and e-mail, or the job's name) and the lot's name", async () => {
    const itemId = await createItem(db, { name: 'Toyota Hilux 2015' });
    const first = await logEvent(
      'item.updated',
      { type: 'item', id: itemId },
      { type: 'operator', id: operator.id },
      { item_id: itemId, changes: { target_amount: { before: 100_000, after: 120_000 } } },
    );
    const second = await logEvent(
      'auction.closed',
      { type: 'item', id: itemId },
      { type: 'system', name: 'auction-close' },
      { item_id: itemId, status: 'sold', closed_by: customer.id, bid_amount: 150_000, order_id: null },
    );
    await logEvent('item.updated', { type: 'item', id: freshSubjectId() }, { type: 'operator', id: operator.id }, {});

    const res = await audit(`?subject_type=item&subject_id=${itemId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { id: number }) => e.id)).toEqual([second, first]);
    const [closed, updated] = res.body.data;
    expect(closed).toMatchObject({
      type: 'auction.closed',
      subject_type: 'item',
      subject_id: itemId,
      subject_label: 'Toyota Hilux 2015',
      actor: { type: 'system', id: null, name: 'auction-close', email: null },
      payload: { status: 'sold', bid_amount: 150_000 },
    });
    expect(updated).toMatchObject({
      type: 'item.updated',
      actor: { type: 'operator', id: operator.id, name: 'Thandiwe Phiri', email: operator.email },
      payload: { changes: { target_amount: { before: 100_000, after: 120_000 } } },
    });
    expect(Date.parse(updated.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 2, from: 1, to: 2 });
  });

  it('when events are about a user, an advert or a cart, then each is named as it is now (long advert text cut at 60 characters)', async () => {
    const someone = await createCustomer(db, { name: 'Tiyamike Chirwa' });
    const text = 'Live auction on Saturday: Toyota Hilux, Defy fridges and office furniture at Ginnery Corner';
    const advert = await db
      .insertInto('adverts')
      .values({ description: text, image: null, date_from: new Date(), date_to: new Date(Date.now() + 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cart = await db.insertInto('carts').values({ user_id: someone.id, guest_token_hash: null }).returning('id').executeTakeFirstOrThrow();
    await logEvent('watchlist.changed', { type: 'user', id: someone.id }, { type: 'user', id: someone.id }, {});
    await logEvent('advert.changed', { type: 'advert', id: advert.id }, { type: 'operator', id: operator.id }, {});
    await logEvent('cart.changed', { type: 'cart', id: cart.id }, { type: 'user', id: someone.id }, {});
    await logEvent('cart.changed', { type: 'cart', id: null }, { type: 'guest' }, {});

    const label = async (query: string) => (await audit(query)).body.data[0].subject_label;
    expect(await label(`?subject_type=user&subject_id=${someone.id}`)).toBe('Tiyamike Chirwa');
    expect(await label(`?subject_type=advert&subject_id=${advert.id}`)).toBe(`${text.slice(0, 59)}…`);
    expect(await label(`?subject_type=cart&subject_id=${cart.id}`)).toBe("Tiyamike Chirwa's cart");
    const guest = (await audit('?subject_type=cart&actor_id=')).body.data.find((e: { subject_id: number | null }) => e.subject_id === null);
    expect(guest).toMatchObject({ subject_label: null, actor: { type: 'guest', id: null, name: null, email: null } });
  });

  it('when filtered by type, then an exact type matches only itself and a prefix ending in a dot matches its whole family', async () => {
    const orderId = freshSubjectId();
    const placed = await logEvent(
      'order.placed',
      { type: 'order', id: orderId },
      { type: 'user', id: customer.id },
      { order_id: orderId, reference: 'GAV-ORD-1' },
    );
    const paid = await logEvent(
      'order.status_changed',
      { type: 'order', id: orderId },
      { type: 'operator', id: operator.id },
      { order_id: orderId, before: 'reserved', after: 'paid' },
    );
    await logEvent('auction.closed', { type: 'order', id: orderId }, { type: 'system', name: 'auction-close' }, {});

    const exact = await audit(`?subject_type=order&subject_id=${orderId}&type=order.status_changed`);
    expect(exact.status).toBe(200);
    expect(exact.body.data.map((e: { id: number }) => e.id)).toEqual([paid]);

    const family = await audit(`?subject_type=order&subject_id=${orderId}&type=order.`);
    expect(family.body.data.map((e: { id: number }) => e.id)).toEqual([paid, placed]);
    expect(family.body.meta.total).toBe(2);

    // `_` in a prefix is itself, not LIKE's any-character.
    const lotId = freshSubjectId();
    const underscored = await logEvent('live_sale.opened', { type: 'item', id: lotId }, { type: 'system', name: 'clerk' }, {});
    await logEvent('liveXsale.opened', { type: 'item', id: lotId }, { type: 'system', name: 'clerk' }, {});
    expect((await audit(`?subject_type=item&subject_id=${lotId}&type=live_sale.`)).body.data.map((e: { id: number }) => e.id)).toEqual([underscored]);

    const none = await audit(`?subject_type=order&subject_id=${orderId}&type=order`);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
  });

  it("when filtered by actor, then only that user's own actions are listed, whatever they touched", async () => {
    const someone = await createCustomer(db, { name: 'Kondwani Mwale' });
    const mine = [
      await logEvent(
        'watchlist.changed',
        { type: 'user', id: someone.id },
        { type: 'user', id: someone.id },
        { user_id: someone.id, item_id: 1, watching: true },
      ),
      await logEvent('order.placed', { type: 'order', id: freshSubjectId() }, { type: 'user', id: someone.id }, {}),
    ];
    // About them, but done by an operator: not their own action.
    await logEvent(
      'registration.decided',
      { type: 'registration', id: freshSubjectId() },
      { type: 'operator', id: operator.id },
      { user_id: someone.id, before: 'pending', after: 'active' },
    );

    const res = await audit(`?actor_id=${someone.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { id: number }) => e.id)).toEqual([...mine].reverse());
    expect(res.body.data.every((e: { actor: { id: number; name: string } }) => e.actor.id === someone.id && e.actor.name === 'Kondwani Mwale')).toBe(true);

    const bySubjectType = await audit(`?actor_id=${someone.id}&subject_type=order`);
    expect(bySubjectType.body.data.map((e: { id: number }) => e.id)).toEqual([mine[1]]);
  });

  it('when a history spans several pages, then each page holds its share newest first with the spec pagination fields, and a page past the end is empty', async () => {
    const subjectId = freshSubjectId();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        await logEvent(
          'advert.changed',
          { type: 'advert', id: subjectId },
          { type: 'operator', id: operator.id },
          { advert_id: subjectId, action: 'updated', before: { n: i }, after: { n: i + 1 } },
        ),
      );
    const newestFirst = [...ids].reverse();

    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await audit(`?subject_type=advert&subject_id=${subjectId}&per_page=3&page=${page}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
    }
    expect(pages.map((p) => p.data.map((e: { id: number }) => e.id))).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3, 6), newestFirst.slice(6)]);
    expect(pages.map((p) => p.meta)).toEqual([
      { current_page: 1, last_page: 3, per_page: 3, total: 7, from: 1, to: 3 },
      { current_page: 2, last_page: 3, per_page: 3, total: 7, from: 4, to: 6 },
      { current_page: 3, last_page: 3, per_page: 3, total: 7, from: 7, to: 7 },
    ]);
    const beyond = await audit(`?subject_type=advert&subject_id=${subjectId}&per_page=3&page=4`);
    expect(beyond.body).toEqual({ data: [], meta: { current_page: 4, last_page: 3, per_page: 3, total: 7, from: null, to: null } });
  });

  it('when a customer changes their watchlist through the API, then the command writes the event and operators see it under their name', async () => {
    const buyer = await createCustomer(db, { name: 'Mphatso Gondwe' });
    const itemId = await createItem(db, { name: 'Defy double-door fridge' });
    const client = new TestClient(server.url, buyer.token);
    expect((await client.post('/api/watchlist', { item_id: itemId })).status).toBe(200);

    const res = await audit(`?actor_id=${buyer.id}&type=watchlist.changed`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      type: 'watchlist.changed',
      actor: { type: 'user', id: buyer.id, name: 'Mphatso Gondwe', email: buyer.email },
      payload: { user_id: buyer.id, item_id: itemId, watching: true },
    });
  });

  it('when signed out, then 401; when signed in without the admin role, then 403', async () => {
    const guest = await audit('', new TestClient(server.url));
    expect(guest.status).toBe(401);
    expect(guest.body.data).toBeUndefined();
    const shopper = await audit('', new TestClient(server.url, customer.token));
    expect(shopper.status).toBe(403);
    expect(shopper.body.data).toBeUndefined();
  });

  it('when the query is malformed, then 422 names each bad field', async () => {
    const cases: [string, string][] = [
      ['?subject_type=bid', 'subject_type'],
      ['?subject_id=12', 'subject_type'],
      ['?subject_type=item&subject_id=twelve', 'subject_id'],
      ['?actor_id=-5', 'actor_id'],
      ['?type=order%25', 'type'],
      ['?page=0', 'page'],
      ['?per_page=101', 'per_page'],
    ];
    for (const [query, field] of cases) {
      const res = await audit(query);
      expect(res.status, query).toBe(422);
      expect(typeof res.body.message, query).toBe('string');
      expect(res.body.errors[field], query).toEqual([expect.any(String)]);
    }
    const blank = await audit('?subject_type=&subject_id=&actor_id=&type=');
    expect(blank.status).toBe(200);
  });
});

describe('the event log is append-only', () => {
  it('when anyone tries to UPDATE, DELETE or TRUNCATE domain_events, then the database refuses and the row is unchanged', async () => {
    const id = await logEvent(
      'order.status_changed',
      { type: 'order', id: freshSubjectId() },
      { type: 'operator', id: operator.id },
      { before: 'reserved', after: 'paid' },
    );
    const before = await db.selectFrom('domain_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    await expect(db.updateTable('domain_events').set({ type: 'order.placed' }).where('id', '=', id).execute()).rejects.toMatchObject({
      code: '42501',
      message: expect.stringContaining('append-only: UPDATE refused'),
    });
    await expect(db.deleteFrom('domain_events').where('id', '=', id).execute()).rejects.toMatchObject({
      code: '42501',
      message: expect.stringContaining('append-only: DELETE refused'),
    });
    await expect(db.deleteFrom('domain_events').execute()).rejects.toMatchObject({ code: '42501' });
    await expect(sql`TRUNCATE domain_events`.execute(db)).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('TRUNCATE refused') });

    const after = await db.selectFrom('domain_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await audit(`?subject_type=order&subject_id=${before.subject_id}`)).body.data.map((e: { id: number }) => e.id)).toEqual([id]);
  });
});

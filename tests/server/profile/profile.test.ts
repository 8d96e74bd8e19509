import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { createCustomer, insertTestOrder } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

let seq = 0;
/** Creates an order with lines for a customer; returns its id. */
async function createOrder(
  db: Kysely<Database>,
  userId: number,
  over: Partial<{
    status: 'pending' | 'paid' | 'cancelled' | 'reserved';
    vat: number;
    discount: number;
    created_at: Date;
    lines: [string, number, number][];
  }> = {},
): Promise<number> {
  const lines = over.lines ?? [['Dining table (teak)', 1, 250_000]];
  const sub = lines.reduce((s, [, q, p]) => s + q * p, 0);
  const vat = over.vat ?? 0;
  const discount = over.discount ?? 0;
  const order = await insertTestOrder(db, {
    user_id: userId,
    order_reference: `ORD-${Date.now()}-${seq++}`,
    status: over.status ?? 'paid',
    payment_method: 'dpopay',
    payment_reference: `TOKEN-${seq}`,
    sub_total: sub,
    vat,
    discount,
    amount_total: sub + vat - discount,
    customer_name: 'Chikondi Banda',
    customer_email: 'chikondi@example.mw',
    customer_phone: '+265 999 000 111',
    ...(over.created_at ? { created_at: over.created_at } : {}),
  });
  await db
    .insertInto('order_lines')
    .values(lines.map(([name, quantity, unit]) => ({ order_id: order.id, item_id: null, name, quantity, unit_price: unit, amount: quantity * unit })))
    .execute();
  return order.id;
}

describe('purchase history (spec/accounts-and-shell.md §2 Profile, §3 Draft order, §7)', () => {
  it('when a customer lists orders, then only their own, newest first, paged with meta', async () => {
    const db = server.database.db;
    const me = await createCustomer(db);
    const other = await createCustomer(db);
    for (let i = 0; i < 12; i++) await createOrder(db, me.id, { created_at: new Date(Date.now() - i * 86_400_000) });
    await createOrder(db, other.id);
    const client = new TestClient(server.url, me.token);
    const first = await client.get('/api/my/draft-orders?page=1&per_page=10');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12, from: 1, to: 10 });
    expect(first.body.data).toHaveLength(10);
    const dates = first.body.data.map((o: { created_at: string }) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await client.get('/api/me/profile-summary')).body).toMatchObject({ order_count: 12, total_spent: 12 * 250_000 });
    const second = await client.get('/api/my/draft-orders?page=2&per_page=10');
    expect(second.body.data).toHaveLength(2);
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 11, to: 12 });
  });

  it('when searching, then matches on reference and item name; no match gives an empty page 1 of 1', async () => {
    const db = server.database.db;
    const me = await createCustomer(db);
    await createOrder(db, me.id, { lines: [['Toyota Hilux 2.8', 1, 9_000_000]] });
    await createOrder(db, me.id, { lines: [['Office chair', 2, 45_000]] });
    const client = new TestClient(server.url, me.token);
    const hilux = await client.get('/api/my/draft-orders?search=hilux');
    expect(hilux.body.data.map((o: { line_items: { name: string }[] }) => o.line_items[0].name)).toEqual(['Toyota Hilux 2.8']);
    const none = await client.get('/api/my/draft-orders?search=zzz-nothing');
    expect(none.body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null } });
  });

  it('when opening an order, then the receipt shape with lines, VAT and discount; another customer gets 404', async () => {
    const db = server.database.db;
    const me = await createCustomer(db);
    const other = await createCustomer(db);
    const id = await createOrder(db, me.id, {
      vat: 16_500,
      discount: 5_000,
      lines: [
        ['Sofa set', 1, 100_000],
        ['Coffee table', 2, 5_000],
      ],
    });
    const mine = await new TestClient(server.url, me.token).get(`/api/my/draft-orders/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id,
      order_id: id,
      amount_total: 121_500,
      sub_total: 110_000,
      vat: 16_500,
      discount: 5_000,
      payment_method: 'dpopay',
      status: { name: 'Paid' },
      customer: { name: 'Chikondi Banda', email: 'chikondi@example.mw', phone: '+265 999 000 111' },
      line_items: [
        { name: 'Sofa set', quantity: 1, unit_price: 100_000, amount: 100_000 },
        { name: 'Coffee table', quantity: 2, unit_price: 5_000, amount: 10_000 },
      ],
    });
    const theirs = await new TestClient(server.url, other.token).get(`/api/my/draft-orders/${id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Order not found');
    expect((await new TestClient(server.url).get(`/api/my/draft-orders/${id}`)).status).toBe(401);
    expect((await new TestClient(server.url, me.token).get('/api/my/draft-orders/abc')).status).toBe(404);
  });

  it('when an order is reserved for cash on delivery, then it carries the date it must be paid by and no payment date (issue 20)', async () => {
    const db = server.database.db;
    const me = await createCustomer(db);
    const id = await createOrder(db, me.id, { status: 'reserved' });
    const until = new Date(Date.now() + 48 * 3600_000);
    await db.updateTable('orders').set({ payment_method: 'cash', reserved_until: until, paid_at: null }).where('id', '=', id).execute();
    const order = await new TestClient(server.url, me.token).get(`/api/my/draft-orders/${id}`);
    expect(order.body).toMatchObject({ status: { name: 'Reserved', code: 'reserved' }, reserved_until: until.toISOString(), paid_at: null });
  });
});

describe('billing address (spec/accounts-and-shell.md §2 Billing Address card; spec/shopping.md §3 saved shape, §5 billing rules)', () => {
  it('when none is stored, then data is null; when saved twice, then the one address is replaced, zip defaults to 00000 and country is Malawi', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url, me.token);
    expect((await client.get('/api/me/billing-address')).body).toEqual({ data: null });
    const saved = await client.post('/api/me/billing-address', {
      address1: ' House 14, Namiwawa Road ',
      town: 'southern',
      state: 'blantyre',
      zip: '',
      email: 'me@example.mw',
      phone: '0999000111',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      address1: 'House 14, Namiwawa Road',
      town: 'Southern',
      state: 'Blantyre',
      zip: '00000',
      country: 'Malawi',
      email: 'me@example.mw',
      phone: '0999000111',
    });
    // The checkout's save sends email and phone blank (spec/shopping.md §7): they are kept, not erased.
    await client.post('/api/me/billing-address', {
      address1: 'Plot 7, Area 47',
      town: 'Central',
      state: 'Lilongwe',
      zip: '00000',
      country: 'Malawi',
      email: '',
      phone: '',
    });
    const stored = await server.database.db.selectFrom('billing_addresses').selectAll().where('user_id', '=', me.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      address1: 'Plot 7, Area 47',
      town: 'Central',
      state: 'Lilongwe',
      zip: '00000',
      country: 'Malawi',
      email: 'me@example.mw',
      phone: '0999000111',
    });
    expect((await client.get('/api/me/billing-address')).body.data).toMatchObject({ address1: 'Plot 7, Area 47', town: 'Central', state: 'Lilongwe' });
  });

  it('when a district is typed under Other (please specify), then it is stored as typed', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url, me.token);
    const saved = await client.post('/api/me/billing-address', {
      address1: 'Katoto, off M1 Road',
      town: 'Northern',
      state: 'Mzuzu City',
      zip: '105',
      country: 'Malawi',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ town: 'Northern', state: 'Mzuzu City', zip: '105' });
  });

  it("when the body breaks the checkout's billing rules, then 422 {message, errors} with the spec's texts and the stored address is untouched", async () => {
    const db = server.database.db;
    const me = await createCustomer(db);
    const client = new TestClient(server.url, me.token);
    const good = { address1: 'House 14, Namiwawa Road', town: 'Southern', state: 'Blantyre', zip: '', country: 'Malawi' };
    await client.post('/api/me/billing-address', { ...good, email: 'me@example.mw', phone: '0999000111' });
    const before = await db.selectFrom('billing_addresses').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();

    const empty = await client.post('/api/me/billing-address', {});
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Street address is required');
    expect(empty.body.errors).toEqual({ address1: ['Street address is required'], town: ['Region is required'], state: ['State is required'] });
    const blanks = await client.post('/api/me/billing-address', { address1: '  ', town: '', state: null });
    expect(blanks.body.errors).toEqual({ address1: ['Street address is required'], town: ['Region is required'], state: ['State is required'] });

    const refused: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...good, town: 'Lakeshore' }, { town: ['Region is required'] }],
      [{ ...good, state: 'Other (please specify)' }, { state: ['State is required'] }],
      [{ ...good, town: 'Central' }, { state: ['State is required'] }], // Blantyre is a Southern district
      [{ ...good, country: 'Zambia' }, { country: ['Billing addresses must be in Malawi'] }],
      [{ ...good, address1: 'x'.repeat(256) }, { address1: ['Street address may not be longer than 255 characters.'] }],
      [{ ...good, zip: '1'.repeat(21) }, { zip: ['Postal code may not be longer than 20 characters.'] }],
      [{ ...good, email: 'not-an-email' }, { email: ['Please enter a valid email address'] }],
    ];
    for (const [body, errors] of refused) {
      const res = await client.post('/api/me/billing-address', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0][0]);
    }
    expect((await client.post('/api/me/billing-address', ['not', 'an', 'object'])).status).toBe(422);

    const after = await db.selectFrom('billing_addresses').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('when signed out, then 401; when a cookie session saves without the anti-forgery header, then 419', async () => {
    const valid = { address1: 'Plot 7, Area 47', town: 'Central', state: 'Lilongwe' };
    expect((await new TestClient(server.url).get('/api/me/billing-address')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/me/billing-address', valid)).status).toBe(401);
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url);
    await client.login(me.email);
    expect((await client.post('/api/me/billing-address', valid, { csrf: false })).status).toBe(419);
    expect((await client.post('/api/me/billing-address', valid)).status).toBe(200);
  });
});

describe('POST /profile (spec §2 Account Information, §5 Profile)', () => {
  it('when name and email change with a blank password, then they are saved and the password is kept', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url);
    await client.login(me.email);
    const email = `renamed-${Date.now()}@example.mw`;
    const res = await client.post('/profile', { name: 'Chikondi B. Banda', email, password: '', password_confirmation: '', current_password: 'password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { name: 'Chikondi B. Banda', email } });
    expect((await new TestClient(server.url).login(email, 'password')).status).toBe(200);
  });

  it('when the fields are bad, then 422 errors under name, email, password and confirmation', async () => {
    const me = await createCustomer(server.database.db);
    const other = await createCustomer(server.database.db);
    const client = new TestClient(server.url, me.token);
    const empty = await client.post('/profile', { name: '', email: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: ['Name is required.'], email: ['Email address is required.'] });
    const pw = await client.post('/profile', { name: 'A', email: me.email, password: '12', password_confirmation: '13' });
    expect(pw.body.errors).toEqual({ password: ['Password must be at least 4 characters long.'], password_confirmation: ['Passwords do not match.'] });
    const taken = await client.post('/profile', { name: 'A', email: other.email.toUpperCase(), current_password: 'password' });
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('when the password changes, then other sessions and tokens are signed out but the current session stays', async () => {
    const me = await createCustomer(server.database.db);
    const current = new TestClient(server.url);
    await current.login(me.email);
    const elsewhere = new TestClient(server.url);
    await elsewhere.login(me.email);
    const res = await current.post('/profile', {
      name: me.name,
      email: me.email,
      password: 'n3w-pass',
      password_confirmation: 'n3w-pass',
      current_password: 'password',
    });
    expect(res.status).toBe(200);
    expect((await current.get('/api/user-session')).body.authenticated).toBe(true);
    expect((await elsewhere.get('/api/user-session')).body.authenticated).toBe(false);
    expect((await new TestClient(server.url, me.token).get('/api/user')).status).toBe(401);
    expect((await new TestClient(server.url).login(me.email, 'password')).status).toBe(401);
    expect((await new TestClient(server.url).login(me.email, 'n3w-pass')).status).toBe(200);
  });

  it('when the email or password changes without the right current password, then 422 on current_password and nothing changes; the name alone needs none', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url, me.token);
    const newEmail = `taken-over-${Date.now()}@example.mw`;
    const noPassword = await client.post('/profile', { name: me.name, email: newEmail });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.errors).toEqual({ current_password: ['Enter your current password to change your email address or password.'] });
    const wrong = await client.post('/profile', {
      name: me.name,
      email: me.email,
      password: 'kwacha-42',
      password_confirmation: 'kwacha-42',
      current_password: 'guess',
    });
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const stored = await server.database.db.selectFrom('users').select(['email', 'name']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(stored.email).toBe(me.email);
    expect((await new TestClient(server.url).login(me.email, 'password')).status).toBe(200);
    expect((await client.post('/profile', { name: 'Only The Name', email: me.email })).status).toBe(200);
  });

  it('when someone keeps guessing the current password, then after 10 refusals in 15 minutes the answer is 429', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url, me.token);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await client.post('/profile', { name: me.name, email: `guess-${i}@example.mw`, current_password: `guess-${i}` })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
    expect((await client.post('/profile', { name: me.name, email: `late-${Date.now()}@example.mw`, current_password: 'password' })).body.message).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('when the new password is one of the most common, then 422 with a clear message; an uncommon one of 4 characters is fine', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url, me.token);
    for (const common of ['password1', 'Qwerty123', '1234']) {
      const res = await client.post('/profile', {
        name: me.name,
        email: me.email,
        password: common,
        password_confirmation: common,
        current_password: 'password',
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ password: ['This password is one of the most common passwords and is easy to guess. Please choose another.'] });
    }
    expect(
      (await client.post('/profile', { name: me.name, email: me.email, password: 'zq7!', password_confirmation: 'zq7!', current_password: 'password' })).status,
    ).toBe(200);
  });

  it('when a guest posts the profile, then 401', async () => {
    const client = new TestClient(server.url);
    await client.get('/sanctum/csrf-cookie');
    expect((await client.post('/profile', { name: 'A', email: 'a@example.mw' })).status).toBe(401);
  });
});

describe('newsletter (spec/shopping.md §2 footer, §5)', () => {
  it('when subscribing, then the email is stored once whatever its case; a bad email is 422', async () => {
    const client = new TestClient(server.url);
    const email = `news-${Date.now()}@example.mw`;
    expect((await client.post('/api/newsletter', { email })).status).toBe(200);
    expect((await client.post('/api/newsletter', { email: email.toUpperCase() })).body).toMatchObject({ success: true });
    const rows = await server.database.db
      .withTables<{ newsletter_subscriptions: { email: string } }>()
      .selectFrom('newsletter_subscriptions')
      .select('email')
      .where('email', 'ilike', email)
      .execute();
    expect(rows).toHaveLength(1);
    const bad = await client.post('/api/newsletter', { email: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address']);
  });
});

/** The `domain_events` rows of one type about a subject, oldest first. */
async function eventsOf(type: string, subject: { type: string; id: number }) {
  return server.database.db
    .selectFrom('domain_events')
    .selectAll()
    .where('type', '=', type)
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .orderBy('id')
    .execute();
}

describe('the event log of the profile and the newsletter (docs/architecture.md "Commands, events, audit")', () => {
  it('when the name and email change without a password, then one user.profile_updated row with before and after; saving the same again adds none', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url, me.token);
    const email = `events-${Date.now()}@example.mw`;
    expect(
      (await client.post('/profile', { name: 'Tamanda Mwale', email, password: '', password_confirmation: '', current_password: 'password' })).status,
    ).toBe(200);
    const events = await eventsOf('user.profile_updated', { type: 'user', id: me.id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_type: 'user', actor_id: me.id });
    expect(events[0].payload).toEqual({
      user_id: me.id,
      before: { name: me.name, email: me.email },
      after: { name: 'Tamanda Mwale', email },
      password_changed: false,
    });
    expect((await client.post('/profile', { name: 'Tamanda Mwale', email })).status).toBe(200);
    expect(await eventsOf('user.profile_updated', { type: 'user', id: me.id })).toHaveLength(1);
  });

  it('when the password changes, then the row says password_changed and holds neither the password nor its hash', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url);
    await client.login(me.email);
    const password = 'Brand-new-pass-42';
    expect(
      (await client.post('/profile', { name: me.name, email: me.email, password, password_confirmation: password, current_password: 'password' })).status,
    ).toBe(200);
    const events = await eventsOf('user.profile_updated', { type: 'user', id: me.id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_type: 'user', actor_id: me.id });
    expect(events[0].payload).toEqual({
      user_id: me.id,
      before: { name: me.name, email: me.email },
      after: { name: me.name, email: me.email },
      password_changed: true,
    });
    const { password_hash } = await server.database.db.selectFrom('users').select('password_hash').where('id', '=', me.id).executeTakeFirstOrThrow();
    const text = JSON.stringify(events[0].payload);
    expect(text).not.toContain(password);
    expect(text).not.toContain(password_hash);
    expect(text).not.toContain('scrypt$');
  });

  it('when the email is taken, then 422 and no event', async () => {
    const me = await createCustomer(server.database.db);
    const other = await createCustomer(server.database.db);
    expect((await new TestClient(server.url, me.token).post('/profile', { name: 'A', email: other.email })).status).toBe(422);
    expect(await eventsOf('user.profile_updated', { type: 'user', id: me.id })).toEqual([]);
  });

  it('when a billing address is saved, then one user.billing_address_changed row with before (null at first) and after; an identical save adds none', async () => {
    const me = await createCustomer(server.database.db);
    const client = new TestClient(server.url, me.token);
    const first = { address1: 'House 14, Namiwawa Road', town: 'Southern', state: 'Blantyre', zip: '', email: 'me@example.mw', phone: '0999000111' };
    expect((await client.post('/api/me/billing-address', first)).status).toBe(200);
    let events = await eventsOf('user.billing_address_changed', { type: 'user', id: me.id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_type: 'user', actor_id: me.id });
    const firstStored = {
      address1: 'House 14, Namiwawa Road',
      town: 'Southern',
      state: 'Blantyre',
      zip: '00000',
      country: 'Malawi',
      email: 'me@example.mw',
      phone: '0999000111',
    };
    expect(events[0].payload).toEqual({ user_id: me.id, before: null, after: firstStored });

    // The checkout's save: blank email and phone keep the stored ones.
    await client.post('/api/me/billing-address', {
      address1: 'Plot 7, Area 47',
      town: 'Central',
      state: 'Lilongwe',
      zip: '00000',
      country: 'Malawi',
      email: '',
      phone: '',
    });
    events = await eventsOf('user.billing_address_changed', { type: 'user', id: me.id });
    expect(events).toHaveLength(2);
    expect(events[1].payload).toEqual({
      user_id: me.id,
      before: firstStored,
      after: { ...firstStored, address1: 'Plot 7, Area 47', town: 'Central', state: 'Lilongwe' },
    });

    await client.post('/api/me/billing-address', {
      address1: 'Plot 7, Area 47',
      town: 'Central',
      state: 'Lilongwe',
      zip: '00000',
      country: 'Malawi',
      email: '',
      phone: '',
    });
    expect(await eventsOf('user.billing_address_changed', { type: 'user', id: me.id })).toHaveLength(2);
  });

  it('when a billing address breaks the rules, then no event', async () => {
    const me = await createCustomer(server.database.db);
    expect((await new TestClient(server.url, me.token).post('/api/me/billing-address', { address1: '', town: 'Central', state: 'Lilongwe' })).status).toBe(422);
    expect(await eventsOf('user.billing_address_changed', { type: 'user', id: me.id })).toEqual([]);
  });

  it('when a guest subscribes, then one newsletter.subscribed row about the subscription; again adds none; after unsubscribing, rejoined', async () => {
    const db = server.database.db;
    const ndb = db.withTables<{ newsletter_subscriptions: { id: number; email: string; unsubscribed_at: Date | null } }>();
    const email = `news-events-${Date.now()}@example.mw`;
    const client = new TestClient(server.url);
    expect((await client.post('/api/newsletter', { email, source: '/auctions' })).status).toBe(200);
    const row = await ndb.selectFrom('newsletter_subscriptions').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    let events = await eventsOf('newsletter.subscribed', { type: 'newsletter', id: row.id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_type: 'guest', actor_id: null });
    expect(events[0].payload).toEqual({ email, user_id: null, source: '/auctions', rejoined: false });

    expect((await client.post('/api/newsletter', { email: email.toUpperCase() })).body).toMatchObject({ success: true });
    expect(await eventsOf('newsletter.subscribed', { type: 'newsletter', id: row.id })).toHaveLength(1);

    await ndb.updateTable('newsletter_subscriptions').set({ unsubscribed_at: new Date() }).where('id', '=', row.id).execute();
    expect((await client.post('/api/newsletter', { email })).status).toBe(200);
    events = await eventsOf('newsletter.subscribed', { type: 'newsletter', id: row.id });
    expect(events).toHaveLength(2);
    expect(events[1].payload).toMatchObject({ email, rejoined: true });
    const stored = await ndb.selectFrom('newsletter_subscriptions').select('unsubscribed_at').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.unsubscribed_at).toBeNull();
  });

  it('when a signed-in user subscribes, then the row names the user as actor and in the payload', async () => {
    const me = await createCustomer(server.database.db);
    const email = `news-user-${Date.now()}@example.mw`;
    expect((await new TestClient(server.url, me.token).post('/api/newsletter', { email })).status).toBe(200);
    const events = await server.database.db
      .selectFrom('domain_events')
      .selectAll()
      .where('type', '=', 'newsletter.subscribed')
      .where('actor_id', '=', me.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_type: 'user', subject_type: 'newsletter' });
    expect(events[0].payload).toEqual({ email, user_id: me.id, source: null, rejoined: false });
  });
});

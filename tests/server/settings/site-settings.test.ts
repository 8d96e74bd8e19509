import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuctioneerContact } from '../../../server/settings/settings.repository.js';
import { DEFAULT_AUCTIONEER_CONTACT } from '../../../shared/schemas/auctioneer-contact.schema.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../../helpers/factories.js';
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

const patch = (body: unknown) => admin.request('PATCH', '/api/admin/settings', body);

/** The `setting.changed` events of one setting, oldest first: `[actor_id, payload]`. */
async function changesOf(key: string) {
  const rows = await server.database.db
    .selectFrom('domain_events')
    .select(['actor_id', 'payload'])
    .where('type', '=', 'setting.changed')
    .orderBy('id')
    .execute();
  return rows.filter((r) => (r.payload as { key: string }).key === key).map((r) => [r.actor_id, r.payload]);
}

/** Sends each bad value of `key` and expects 422 naming the field with one clear message. */
async function expectRefused(key: string, values: unknown[]) {
  for (const bad of values) {
    const res = await patch({ [key]: bad });
    expect(res.status, JSON.stringify(bad)).toBe(422);
    expect(res.body.message, JSON.stringify(bad)).toBeTruthy();
    expect(res.body.errors[key], JSON.stringify(bad)).toHaveLength(1);
  }
}

const endOf = async (itemId: number) =>
  (await server.database.db.selectFrom('items').select('date_to').where('id', '=', itemId).executeTakeFirstOrThrow()).date_to!.getTime();

describe('soft-close minutes (issue 13 "Settlement and results")', () => {
  it('when nobody changed it, then the site soft close is 2 minutes', async () => {
    expect((await admin.get('/api/admin/settings')).body.data).toMatchObject({ soft_close_minutes: 2 });
  });

  it('when an operator sets 5 minutes, then it is kept and audited, and a late bid on a lot of a sale without its own soft close moves the end 5 minutes on', async () => {
    const res = await patch({ soft_close_minutes: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data.soft_close_minutes).toBe(5);
    expect((await admin.get('/api/admin/settings')).body.data.soft_close_minutes).toBe(5);
    expect(await changesOf('soft_close_minutes')).toEqual([[adminId, { key: 'soft_close_minutes', before: 2, after: 5 }]]);

    const db = server.database.db;
    const itemId = await createItem(db, { target_amount: 1000, date_to: new Date(Date.now() + 30_000) });
    const bidder = await createCustomer(db);
    const before = Date.now();
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    const end = await endOf(itemId);
    expect(end).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
  });

  it("when a sale has its own soft close, then its lots keep it whatever the site's setting", async () => {
    const db = server.database.db;
    const saleId = await createAuctionType(db, 'online');
    await db.updateTable('auction_types').set({ soft_close_minutes: 1 }).where('id', '=', saleId).execute();
    const itemId = await createItem(db, { auction_type_id: saleId, target_amount: 1000, date_to: new Date(Date.now() + 20_000) });
    const bidder = await createCustomer(db);
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    expect(await endOf(itemId)).toBeLessThanOrEqual(Date.now() + 60_000 + 1000);
  });

  it('when an operator sets 0, then late bids no longer move the end', async () => {
    expect((await patch({ soft_close_minutes: 0 })).body.data.soft_close_minutes).toBe(0);
    const db = server.database.db;
    const end = new Date(Date.now() + 30_000);
    const itemId = await createItem(db, { target_amount: 1000, date_to: end });
    const bidder = await createCustomer(db);
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    expect(await endOf(itemId)).toBe(end.getTime());
  });

  it('when the value is negative, above 60, a fraction or text, then 422 names the field', async () => {
    await expectRefused('soft_close_minutes', [-1, 61, 2.5, '5', null]);
    expect((await patch({ soft_close_minutes: 2 })).body.data.soft_close_minutes).toBe(2);
  });
});

const checkoutBody = {
  customer: { firstName: 'Chikondi', lastName: 'Banda', email: 'chikondi@example.mw', phone: '0888 123 456' },
  billing: { address: 'Plot 12, Namiwawa', city: 'Southern', state: 'Blantyre', postalCode: '', country: 'Malawi' },
  cart: { items: [], total: 1 },
  currency: 'MWK',
  payment_method: 'cash',
};

/** A signed-in customer places a cash-on-delivery order for a new daily-sale item; answers the checkout's reply. */
async function placeCashOrder() {
  const db = server.database.db;
  const user = await createCustomer(db);
  const client = new TestClient(server.url);
  await client.login(user.email);
  const item = await createItem(db, { auction_type_id: await createAuctionType(db, 'cash'), target_amount: 95_000, date_to: null });
  expect((await client.post(`/cart/add/${item}`)).status).toBe(200);
  const res = await client.post('/checkout/cash', checkoutBody);
  expect(res.status).toBe(200);
  return { client, res };
}

describe('cash-on-delivery hold hours (issue 13; spec/shopping.md §2 "Payment success page")', () => {
  it('when nobody changed it, then cash-on-delivery orders are held 48 hours', async () => {
    expect((await admin.get('/api/admin/settings')).body.data).toMatchObject({ cod_reservation_hours: 48 });
  });

  it('when an operator sets 24 hours, then it is audited, new orders are held 24 hours, and an order keeps its hours after a later change', async () => {
    const res = await patch({ cod_reservation_hours: 24 });
    expect(res.status).toBe(200);
    expect(res.body.data.cod_reservation_hours).toBe(24);
    expect(await changesOf('cod_reservation_hours')).toEqual([[adminId, { key: 'cod_reservation_hours', before: 48, after: 24 }]]);

    const first = await placeCashOrder();
    expect(first.res.body.reservation.hours).toBe(24);
    expect(first.res.body.message).toContain('reserved for 24 hours');
    expect(new URL(first.res.body.next_url, server.url).searchParams.get('reserve_hours')).toBe('24');
    const order = await server.database.db
      .selectFrom('orders')
      .select(['created_at', 'reserved_until'])
      .where('order_reference', '=', first.res.body.order_reference)
      .executeTakeFirstOrThrow();
    expect(order.reserved_until!.getTime() - order.created_at.getTime()).toBe(24 * 3600_000);

    expect((await patch({ cod_reservation_hours: 72 })).status).toBe(200);
    const page = await first.client.get(`/api/payments/result?CompanyRef=${first.res.body.order_reference}`);
    expect(page.body).toMatchObject({ payment_method: 'cash', reserve_hours: 24, reserved_until: order.reserved_until!.toISOString() });

    const second = await placeCashOrder();
    expect(second.res.body.reservation.hours).toBe(72);
    const secondPage = await second.client.get(`/api/payments/result?CompanyRef=${second.res.body.order_reference}`);
    expect(secondPage.body.reserve_hours).toBe(72);
  });

  it('when the value is zero, above 336 hours, a fraction or text, then 422 names the field', async () => {
    await expectRefused('cod_reservation_hours', [0, 337, 1.5, '48']);
    expect((await patch({ cod_reservation_hours: 48 })).body.data.cod_reservation_hours).toBe(48);
  });
});

const contact = {
  company_name: '  Gavel Auctioneers Ltd  ',
  physical_address: 'Ginnery Corner, Masauko Chipembere Highway, Blantyre',
  postal_address: 'P.O. Box 1234, Blantyre 3',
  phone: '+265 1 820 001',
  email: 'office@gavel.mw',
  hours_weekdays: '7:30-12:00, 13:00 - 16:30',
  hours_saturday: '09:00 – 13:00',
  hours_sunday: 'closed',
};

describe("the auctioneer's contact details and office hours (issue 13)", () => {
  it('when nobody changed them, then the public contact is what the About page showed, cacheable for a minute', async () => {
    const res = await fetch(`${server.url}/api/site/contact`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(((await res.json()) as { data: unknown }).data).toEqual(DEFAULT_AUCTIONEER_CONTACT);
    expect(DEFAULT_AUCTIONEER_CONTACT).toMatchObject({
      email: 'info@gavel.mw',
      hours_weekdays: '08:00 - 17:00',
      hours_saturday: '09:00 - 15:00',
      hours_sunday: 'Closed',
    });
    expect(await getAuctioneerContact(server.database.db)).toEqual(DEFAULT_AUCTIONEER_CONTACT);
  });

  it('when an operator changes them, then they are trimmed and normalised, kept, public at once, read by getAuctioneerContact, and audited', async () => {
    const res = await patch({ auctioneer_contact: contact });
    expect(res.status).toBe(200);
    const saved = {
      ...contact,
      company_name: 'Gavel Auctioneers Ltd',
      hours_weekdays: '07:30 - 12:00, 13:00 - 16:30',
      hours_saturday: '09:00 - 13:00',
      hours_sunday: 'Closed',
    };
    expect(res.body.data.auctioneer_contact).toEqual(saved);
    expect((await new TestClient(server.url).get('/api/site/contact')).body.data).toEqual(saved);
    expect(await getAuctioneerContact(server.database.db)).toEqual(saved);
    expect(await changesOf('auctioneer_contact')).toEqual([[adminId, { key: 'auctioneer_contact', before: DEFAULT_AUCTIONEER_CONTACT, after: saved }]]);

    // Sending the same details again changes nothing and records nothing.
    expect((await patch({ auctioneer_contact: contact })).status).toBe(200);
    expect(await changesOf('auctioneer_contact')).toHaveLength(1);

    // No postal address: an empty one is stored as none.
    expect((await patch({ auctioneer_contact: { ...saved, postal_address: ' ' } })).body.data.auctioneer_contact.postal_address).toBeNull();
  });

  it('when a field is missing, empty or malformed, then 422 names that field with a clear message and nothing changes', async () => {
    const before = (await admin.get('/api/admin/settings')).body.data.auctioneer_contact;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ email: 'office at gavel' }, 'auctioneer_contact.email', /valid email/],
      [{ phone: 'call us' }, 'auctioneer_contact.phone', /7 to 15 digits/],
      [{ company_name: ' ' }, 'auctioneer_contact.company_name', /company name/],
      [{ physical_address: '' }, 'auctioneer_contact.physical_address', /office address/],
      [{ hours_weekdays: '8am to 5pm' }, 'auctioneer_contact.hours_weekdays', /24-hour clock/],
      [{ hours_saturday: '17:00 - 09:00' }, 'auctioneer_contact.hours_saturday', /24-hour clock/],
      [{ hours_sunday: '' }, 'auctioneer_contact.hours_sunday', /Sunday hours/],
      [{ hours_weekdays: '08:00 - 13:00, 12:00 - 17:00' }, 'auctioneer_contact.hours_weekdays', /24-hour clock/],
      [{ fax: '01 820 000' }, 'auctioneer_contact', /fax/],
    ];
    for (const [change, field, message] of cases) {
      const res = await patch({ auctioneer_contact: { ...contact, ...change } });
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field]?.join(' '), JSON.stringify(change)).toMatch(message);
    }
    const { email: _dropped, ...withoutEmail } = contact;
    expect((await patch({ auctioneer_contact: withoutEmail })).body.errors['auctioneer_contact.email']).toEqual(['Give an email address.']);
    expect((await admin.get('/api/admin/settings')).body.data.auctioneer_contact).toEqual(before);
  });

  it('when a customer or a guest tries to change them, then 403 or 401', async () => {
    const customer = await createCustomer(server.database.db);
    expect((await new TestClient(server.url, customer.token).request('PATCH', '/api/admin/settings', { auctioneer_contact: contact })).status).toBe(403);
    const guest = await fetch(`${server.url}/api/admin/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ soft_close_minutes: 3 }),
    });
    expect([401, 419]).toContain(guest.status);
    expect((await patch({ auctioneer_contact: DEFAULT_AUCTIONEER_CONTACT })).status).toBe(200);
    expect(await getAuctioneerContact(server.database.db)).toEqual(DEFAULT_AUCTIONEER_CONTACT);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuctionType, createBranch, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let client: TestClient;
const ids: Record<string, number> = {};
const H = 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
  const db = server.database.db;
  const blantyre = await createBranch(db, 'Blantyre');
  const lilongwe = await createBranch(db, 'Lilongwe');
  const cash = await createAuctionType(db, 'cash', 'Daily Sale');
  const online = await createAuctionType(db, 'online', 'Online Auction');
  const live = await createAuctionType(db, 'live', 'Live Auction');
  const t0 = Date.now() - 10 * H;
  ids.hilux = await createItem(db, {
    name: 'Toyota Hilux 2.8 GD-6',
    auction_type_id: online,
    branch_id: blantyre,
    target_amount: 28_000_000,
    date_to: new Date(Date.now() + 5 * H),
    created_at: new Date(t0),
    reserve_price: 30_000_000,
    featured: true,
  });
  ids.sofa = await createItem(db, {
    name: 'Three-seater leather sofa',
    auction_type_id: cash,
    branch_id: lilongwe,
    target_amount: 350_000,
    date_to: null,
    created_at: new Date(t0 + H),
    condition: 'new',
  });
  ids.tractor = await createItem(db, {
    name: 'Massey Ferguson 375 tractor',
    description: 'Farm equipment, repossessed.',
    auction_type_id: live,
    branch_id: lilongwe,
    target_amount: 18_500_000,
    date_from: new Date(Date.now() - H),
    date_to: new Date(Date.now() + 3 * H),
    created_at: new Date(t0 + 2 * H),
  });
  ids.phone = await createItem(db, {
    name: 'Samsung Galaxy A15',
    auction_type_id: online,
    branch_id: blantyre,
    target_amount: 180_000,
    date_to: new Date(Date.now() + 72 * H),
    created_at: new Date(t0 + 3 * H),
  });
  ids.sold = await createItem(db, {
    name: 'Nissan NP200 bakkie',
    auction_type_id: online,
    branch_id: blantyre,
    target_amount: 9_000_000,
    date_to: new Date(Date.now() - H),
    status: 'sold',
    created_at: new Date(t0 + 4 * H),
  });
  await db.insertInto('item_media').values({ item_id: ids.hilux, url: '/uploads/x.webp', original_url: '/uploads/x.webp' }).execute();
});
afterAll(async () => {
  await server?.stop();
});

const names = (body: any) => body.data.map((i: any) => i.name);

describe('GET /ajax-items (spec/shopping.md §2, §7)', () => {
  it('when unfiltered, then newest first, 9 per page, with the paged shape and counts per category', async () => {
    const { status, body } = await client.get('/ajax-items');
    expect(status).toBe(200);
    expect(names(body)).toEqual([
      'Nissan NP200 bakkie',
      'Samsung Galaxy A15',
      'Massey Ferguson 375 tractor',
      'Three-seater leather sofa',
      'Toyota Hilux 2.8 GD-6',
    ]);
    expect(body).toMatchObject({ total: 5, current_page: 1, last_page: 1, per_page: 9, pagination: { total: 5, from: 1, to: 5 } });
    expect(body.counts).toEqual({ all: 5, cash: 1, online: 3, live: 1 });
    expect(body.data[4]).toMatchObject({
      type: 'online',
      auction_type: { type: 'online' },
      image: '/uploads/x.webp',
      min_next_bid: 28_000_001,
      branch: { name: 'Blantyre' },
    });
  });

  it('when searching a word prefix, then full-text matches name and description', async () => {
    expect(names((await client.get('/ajax-items?search=toyo')).body)).toEqual(['Toyota Hilux 2.8 GD-6']);
    expect(names((await client.get('/ajax-items?search=repossessed')).body)).toEqual(['Massey Ferguson 375 tractor']);
  });

  it('when filtering by type, locations, price and flags, then only matching items remain', async () => {
    expect(names((await client.get('/ajax-items?type=cash')).body)).toEqual(['Three-seater leather sofa']);
    const locs = (
      await client.get(
        `/ajax-items?locations[]=${(await server.database.db.selectFrom('branches').select('id').where('name', '=', 'Lilongwe').executeTakeFirstOrThrow()).id}`,
      )
    ).body;
    expect(names(locs).sort()).toEqual(['Massey Ferguson 375 tractor', 'Three-seater leather sofa']);
    expect(names((await client.get('/ajax-items?price_min=100000&price_max=500000')).body).sort()).toEqual(['Samsung Galaxy A15', 'Three-seater leather sofa']);
    expect(names((await client.get('/ajax-items?has_images=1')).body)).toEqual(['Toyota Hilux 2.8 GD-6']);
    expect(names((await client.get('/ajax-items?has_reserve=1')).body)).toEqual(['Toyota Hilux 2.8 GD-6']);
    expect(names((await client.get('/ajax-items?featured_only=1')).body)).toEqual(['Toyota Hilux 2.8 GD-6']);
    expect(names((await client.get('/ajax-items?auction_types=cash,live&sort_by=oldest')).body)).toEqual([
      'Three-seater leather sofa',
      'Massey Ferguson 375 tractor',
    ]);
    expect(names((await client.get('/ajax-items?conditions[]=new')).body)).toEqual(['Three-seater leather sofa']);
  });

  it('when filtering by status, then live, ending soon and sold select by the display rules', async () => {
    expect(names((await client.get('/ajax-items?statuses[]=live')).body)).toEqual(['Massey Ferguson 375 tractor']);
    expect(names((await client.get('/ajax-items?statuses[]=ending_soon&sort_by=oldest')).body)).toEqual([
      'Toyota Hilux 2.8 GD-6',
      'Massey Ferguson 375 tractor',
    ]);
    expect(names((await client.get('/ajax-items?statuses=sold')).body)).toEqual(['Nissan NP200 bakkie']);
  });

  it('when sorting by price or ending soon, then the order follows', async () => {
    expect(names((await client.get('/ajax-items?sort_by=price_low')).body)[0]).toBe('Samsung Galaxy A15');
    expect(names((await client.get('/ajax-items?sort_by=price_high')).body)[0]).toBe('Toyota Hilux 2.8 GD-6');
    expect(names((await client.get('/ajax-items?sort_by=ending_soon')).body)).toEqual([
      'Massey Ferguson 375 tractor',
      'Toyota Hilux 2.8 GD-6',
      'Samsung Galaxy A15',
      'Nissan NP200 bakkie',
      'Three-seater leather sofa',
    ]);
    // Pages that straddle the open lots and the rest follow the same order.
    expect(names((await client.get('/ajax-items?sort_by=ending_soon&per_page=2&page=2')).body)).toEqual(['Samsung Galaxy A15', 'Nissan NP200 bakkie']);
    expect(names((await client.get('/ajax-items?sort_by=ending_soon&per_page=2&page=3')).body)).toEqual(['Three-seater leather sofa']);
  });

  it('when paging, then pages split the result and from/to follow', async () => {
    const p2 = (await client.get('/ajax-items?per_page=2&page=2')).body;
    expect(p2).toMatchObject({ total: 5, current_page: 2, last_page: 3, from: 3, to: 4 });
    expect(names(p2)).toEqual(['Massey Ferguson 375 tractor', 'Three-seater leather sofa']);
  });

  it('when a query value is bad, then 422 with the field named', async () => {
    const res = await client.get('/ajax-items?sort_by=cheapest&price_min=-4');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['price_min', 'sort_by']);
  });
});

describe('item, branches, auction types, bids (spec/shopping.md §7)', () => {
  it('when an item does not exist, then 404 Item not found', async () => {
    expect(await client.get('/ajax-item/987654')).toEqual({ status: 404, body: expect.objectContaining({ message: 'Item not found' }) });
    expect((await client.get('/ajax-item/abc')).status).toBe(404);
  });
  it('when listing branches and auction types, then they come from the database', async () => {
    expect((await client.get('/ajax-branches')).body.map((b: any) => b.name)).toEqual(['Blantyre', 'Lilongwe']);
    expect((await client.get('/ajax-auction-types?type=live')).body.map((t: any) => t.name)).toEqual(['Live Auction']);
  });
  it('when listing bids, then newest first with pagination total/last_page/from/to, and limit gives the latest N', async () => {
    const db = server.database.db;
    const u = await db
      .insertInto('users')
      .values({ name: 'Thoko Phiri', email: 'thoko@example.mw', password_hash: 'x', phone: null, address: null, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= 12; i++)
      await db
        .insertInto('bids')
        .values({ item_id: ids.phone, user_id: u.id, bid_amount: 180_000 + i * 1000 })
        .execute();
    const p2 = (await client.get(`/api/open-item/${ids.phone}/bids?page=2&per_page=10`)).body;
    expect(p2.pagination).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 12, from: 11, to: 12 });
    expect(p2.data.map((b: any) => b.bid_amount)).toEqual([182_000, 181_000]);
    const latest = (await client.get(`/api/open-item/${ids.phone}/bids?limit=3`)).body;
    expect(latest.data.map((b: any) => b.bid_amount)).toEqual([192_000, 191_000, 190_000]);
    expect(latest.data[0].user).toEqual({ name: 'Thoko Phiri' });
  });
});

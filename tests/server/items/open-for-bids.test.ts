import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidRefusal } from '@shared/rules/bid-refusal.js';
import { listItemsQuerySchema } from '@shared/schemas/item.schema.js';
import { listItems, openForBids } from '../../../server/items/items.repository.js';
import { createAuctionType, createCustomer, createItem } from '../../helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.js';

let testDb: TestDatabase;
const H = 3600_000;
const now = new Date(Date.UTC(2090, 0, 15, 12, 0, 0));
const at = (ms: number) => new Date(now.getTime() + ms);
const ids: Record<string, number> = {};

beforeAll(async () => {
  testDb = await createTestDatabase();
  const db = testDb.db;
  const online = await createAuctionType(db, 'online', 'Online Auction');
  const live = await createAuctionType(db, 'live', 'Live Auction');
  const buyer = await createCustomer(db);
  const lot = (name: string, o: Parameters<typeof createItem>[1] = {}) =>
    createItem(db, { name, auction_type_id: online, date_from: at(-H), date_to: at(H), ...o });
  ids.open = await lot('open');
  ids.noDates = await lot('no dates', { date_from: null, date_to: null });
  ids.startsNow = await lot('starts exactly now', { date_from: now });
  ids.endsNow = await lot('ends exactly now', { date_to: now });
  ids.endsLater = await lot('ends a millisecond later', { date_to: at(1) });
  ids.startsLater = await lot('starts a millisecond later', { date_from: at(1) });
  ids.upcoming = await lot('upcoming', { date_from: at(2 * H), date_to: at(5 * H) });
  ids.ended = await lot('ended', { date_from: at(-5 * H), date_to: at(-H) });
  ids.closed = await lot('closed', { closed_by: buyer.id });
  ids.sold = await lot('sold', { status: 'sold' });
  ids.unsold = await lot('unsold', { status: 'unsold' });
  ids.withdrawn = await lot('withdrawn', { status: 'withdrawn' });
  ids.liveNow = await lot('live now', { auction_type_id: live });
  ids.liveUpcoming = await lot('live upcoming', { auction_type_id: live, date_from: at(H), date_to: at(3 * H) });
});
afterAll(async () => {
  await testDb?.drop();
});

const openNames = async (when?: Date) =>
  (await testDb.db.selectFrom('items').select('name').where(openForBids(when)).orderBy('id').execute()).map((r) => r.name);

describe('openForBids (the SQL form of the shared bid rule, spec/shopping.md §4-5)', () => {
  it("when given a time, then only available, unclosed, started and unended lots match, with the rule's boundaries", async () => {
    expect(await openNames(now)).toEqual(['open', 'no dates', 'starts exactly now', 'ends a millisecond later', 'live now']);
  });

  it('when compared lot by lot, then the SQL and the shared rule agree on every lot', async () => {
    const rows = await testDb.db.selectFrom('items').select(['name', 'status', 'closed_by', 'date_from', 'date_to']).orderBy('id').execute();
    const byRule = rows.filter((r) => bidRefusal({ ...r, kind: 'online' }, now) === null).map((r) => r.name);
    expect(await openNames(now)).toEqual(byRule);
  });

  it('when joined with auction types, then it still applies to the items table', async () => {
    const rows = await testDb.db
      .selectFrom('items')
      .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
      .select('items.name')
      .where(openForBids(now))
      .where('at.type', '=', 'live')
      .execute();
    expect(rows.map((r) => r.name)).toEqual(['live now']);
  });

  it('when no time is given, then the database clock decides (the fixture lies in 2090, so nothing dated has started)', async () => {
    expect(await openNames()).toEqual(['no dates']);
  });

  it('when the listing filters by status, then active is open for bids, live is open and live, upcoming is not yet started', async () => {
    const names = async (statuses: string) =>
      (await listItems(testDb.db, listItemsQuerySchema.parse({ statuses, sort_by: 'oldest', per_page: 50 }), 1, now)).data.map((i) => i.name);
    expect(await names('active')).toEqual(await openNames(now));
    expect(await names('live')).toEqual(['live now']);
    expect(await names('upcoming')).toEqual(['starts a millisecond later', 'upcoming', 'live upcoming']);
  });
});

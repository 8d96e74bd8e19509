import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/types.js';
import { chainHash, HASH_SEED, type LoadResult } from './run-load.js';

/** Outcome of the invariant checks: `ok` and one line per broken rule. */
export interface InvariantReport {
  ok: boolean;
  checked: { acknowledged: number; items: number; watchers: number };
  failures: string[];
}

/**
 * Checks, from the database and the events received:
 * 1. every acknowledged bid is stored (same id, item and amount);
 * 2. per item, stored bids strictly increase in commit (id) order;
 * 3. each item's current bid equals its highest stored bid, and its bid count the number of bids;
 * 4. every watcher received every `bid:placed` of its item, in order (count and order hash);
 * 5. no bidder outbid themselves: per item, consecutive stored bids come from different bidders
 *    (the leader's bids are refused as `already_leading`, a rejection the run counts, not an error).
 */
export async function checkInvariants(db: Kysely<Database>, itemIds: number[], result: LoadResult): Promise<InvariantReport> {
  const failures: string[] = [];
  const bids = itemIds.length
    ? await db.selectFrom('bids').select(['id', 'item_id', 'user_id', 'bid_amount']).where('item_id', 'in', itemIds).orderBy('item_id').orderBy('id').execute()
    : [];
  const stored = new Map(bids.map((b) => [b.id, b]));
  let missing = 0;
  for (const a of result.acked) {
    const s = stored.get(a.id);
    if (!s || s.item_id !== a.itemId || s.bid_amount !== a.amount) missing++;
  }
  if (missing) failures.push(`${missing} acknowledged bid(s) are not stored as acknowledged`);

  const perItem = new Map<number, typeof bids>();
  for (const b of bids) {
    const list = perItem.get(b.item_id);
    if (list) list.push(b);
    else perItem.set(b.item_id, [b]);
  }
  for (const [itemId, list] of perItem) {
    for (let i = 1; i < list.length; i++) {
      if (list[i].bid_amount <= list[i - 1].bid_amount) {
        failures.push(`item ${itemId}: bid ${list[i].id} (${list[i].bid_amount}) does not exceed bid ${list[i - 1].id} (${list[i - 1].bid_amount})`);
        break;
      }
    }
    for (let i = 1; i < list.length; i++) {
      if (list[i].user_id === list[i - 1].user_id) {
        failures.push(`item ${itemId}: bid ${list[i].id} outbids bid ${list[i - 1].id} of the same bidder (${list[i].user_id})`);
        break;
      }
    }
  }
  const items = itemIds.length ? await db.selectFrom('items').select(['id', 'bid_amount', 'bid_count']).where('id', 'in', itemIds).execute() : [];
  for (const item of items) {
    const list = perItem.get(item.id) ?? [];
    const highest = list.length ? list[list.length - 1].bid_amount : null;
    if (item.bid_amount !== highest) failures.push(`item ${item.id}: current bid ${item.bid_amount} but highest stored bid ${highest}`);
    if (item.bid_count !== list.length) failures.push(`item ${item.id}: bid_count ${item.bid_count} but ${list.length} stored bids`);
  }

  const expectedHash = new Map<number, { count: number; hash: number }>();
  for (const [itemId, list] of perItem) {
    let hash = HASH_SEED;
    for (const b of list) hash = chainHash(hash, b.id);
    expectedHash.set(itemId, { count: list.length, hash });
  }
  let short = 0;
  let disordered = 0;
  for (const log of result.watcherLogs) {
    const want = expectedHash.get(log.itemId) ?? { count: 0, hash: HASH_SEED };
    if (log.received !== want.count) short++;
    else if (log.hash !== want.hash || log.outOfOrder) disordered++;
  }
  if (short) failures.push(`${short} watcher(s) did not receive every bid:placed of their item`);
  if (disordered) failures.push(`${disordered} watcher(s) received their item's bids out of order`);
  return { ok: failures.length === 0, checked: { acknowledged: result.acked.length, items: items.length, watchers: result.watcherLogs.length }, failures };
}

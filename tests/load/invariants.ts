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
 *    (the leader's bids are refused as `already_leading`, a rejection the run counts, not an error),
 *    except an automatic bid answering an equal maximum for the leader;
 * 6. the lot's leader and price agree with the stored bids and maximums: the leader holds the top
 *    bid and a maximum at least the price; every other bidder's standing maximum (their maximum or
 *    highest bid) is at most the price, and one equal to it was set after the leader's.
 */
export async function checkInvariants(db: Kysely<Database>, itemIds: number[], result: LoadResult): Promise<InvariantReport> {
  const failures: string[] = [];
  const bids = itemIds.length
    ? await db
        .selectFrom('bids')
        .select(['id', 'item_id', 'user_id', 'bid_amount', 'automatic'])
        .where('item_id', 'in', itemIds)
        .orderBy('item_id')
        .orderBy('id')
        .execute()
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
      if (list[i].user_id === list[i - 1].user_id && !list[i].automatic) {
        failures.push(`item ${itemId}: bid ${list[i].id} outbids bid ${list[i - 1].id} of the same bidder (${list[i].user_id})`);
        break;
      }
    }
  }
  const items = itemIds.length ? await db.selectFrom('items').select(['id', 'bid_amount', 'bid_count', 'leader_id']).where('id', 'in', itemIds).execute() : [];
  const maxima = itemIds.length
    ? await db.selectFrom('maximum_bids').select(['item_id', 'user_id', 'max_amount', 'set_order']).where('item_id', 'in', itemIds).execute()
    : [];
  for (const item of items) {
    const list = perItem.get(item.id) ?? [];
    const highest = list.length ? list[list.length - 1].bid_amount : null;
    if (item.bid_amount !== highest) failures.push(`item ${item.id}: current bid ${item.bid_amount} but highest stored bid ${highest}`);
    if (item.bid_count !== list.length) failures.push(`item ${item.id}: bid_count ${item.bid_count} but ${list.length} stored bids`);
    const broken = leaderMismatch(
      item,
      list,
      maxima.filter((m) => m.item_id === item.id),
    );
    if (broken) failures.push(`item ${item.id}: ${broken}`);
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

/**
 * Invariant 6 for one lot: leader and price recomputed from its stored bids (oldest first) and
 * its bidders' maximums. @returns what is wrong, or null.
 */
function leaderMismatch(
  item: { bid_amount: number | null; leader_id: number | null },
  bids: { id: number; user_id: number; bid_amount: number }[],
  maxima: { user_id: number; max_amount: number; set_order: number }[],
): string | null {
  if (bids.length === 0) return item.leader_id == null ? null : `leader ${item.leader_id} without bids`;
  const top = bids[bids.length - 1];
  if (item.leader_id !== top.user_id) return `leader ${item.leader_id} but the top bid is bidder ${top.user_id}'s`;
  const price = item.bid_amount ?? 0;
  // Each bidder's standing maximum: their highest bid (its id orders ties), or their recorded
  // maximum when that is higher (a plain bid records none; a maximum a later bid passed is stale).
  const standing = new Map<number, { max: number; order: number }>();
  for (const b of bids) {
    const had = standing.get(b.user_id);
    if (!had || b.bid_amount > had.max) standing.set(b.user_id, { max: b.bid_amount, order: b.id });
  }
  for (const m of maxima) {
    const had = standing.get(m.user_id);
    if (!had || Number(m.max_amount) > had.max) standing.set(m.user_id, { max: Number(m.max_amount), order: Number(m.set_order) });
  }
  const leader = standing.get(top.user_id)!;
  if (leader.max < price) return `the leader's maximum ${leader.max} is below the price ${price}`;
  for (const [userId, s] of standing) {
    if (userId === top.user_id) continue;
    if (s.max > price) return `bidder ${userId}'s maximum ${s.max} is above the price ${price} but they do not lead`;
    if (s.max === price && leader.max === price && s.order < leader.order) return `bidder ${userId}'s equal maximum was set first but does not lead`;
  }
  return null;
}

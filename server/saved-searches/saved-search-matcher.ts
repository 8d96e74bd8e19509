import type { Kysely } from 'kysely';
import { listItemsQuerySchema, type ListItemsQuery } from '@shared/schemas/item.schema.js';
import type { Database } from '../db/types.js';
import { lotsListedBy } from '../items/items.repository.js';
import type { NotificationToStore } from '../notifications/notifications.repository.js';
import { NOTIFICATION_TEXTS } from '../notifications/notification-texts.js';
import { findCandidateSearches, findLotPrices, findSaleLotIds, markDigested, recordMatches, takeWaitingMatches } from './saved-searches.repository.js';

/** The event-log types after which a lot is newly listed: created, relisted, or its sale published. */
const LISTING_EVENTS = new Set(['lot.created', 'lot.relisted', 'sale.published']);

/** The daily digest goes at 07:00 in Malawi (Central Africa Time, UTC+2, no summer time), i.e. 05:00 UTC. */
export const DIGEST_HOUR_UTC = 5;

/** At most this many waiting matches go into one production step's digests. */
const DIGEST_BATCH = 500;

/**
 * The lots an event-log row puts on the listing: `lot.created` and `lot.relisted` carry
 * `item_id`; `sale.published` lists every lot of the sale.
 */
async function listedLotIds(trx: Kysely<Database>, rows: readonly { type: string; payload: unknown }[]): Promise<number[]> {
  const ids = new Set<number>();
  const sales: number[] = [];
  for (const row of rows) {
    if (!LISTING_EVENTS.has(row.type)) continue;
    const p = row.payload as { item_id?: unknown; sale_id?: unknown };
    if (row.type === 'sale.published' && Number.isSafeInteger(Number(p.sale_id))) sales.push(Number(p.sale_id));
    else if (Number.isSafeInteger(Number(p.item_id))) ids.add(Number(p.item_id));
  }
  for (const id of await findSaleLotIds(trx, sales)) ids.add(id);
  return [...ids];
}

/**
 * Saved-search alerts for the lots the given event-log rows list (issue 16 "Saved searches"):
 * each active search that can match (search words and kind, by columns kept when it was saved)
 * is checked by the listing's own filter ({@link lotsListedBy}), so it alerts on exactly the
 * lots `GET /ajax-items` would show for it at `now`. Each (search, lot) is recorded once; a new
 * match of an instant search becomes one `saved_search` notification per user and lot (however
 * many of their searches it matched), a daily one waits for {@link savedSearchDigests}.
 * @returns the notifications to store (the producer stores and delivers them).
 */
export async function savedSearchNotifications(
  trx: Kysely<Database>,
  rows: readonly { type: string; payload: unknown }[],
  now: Date,
): Promise<NotificationToStore[]> {
  const lotIds = await listedLotIds(trx, rows);
  const candidates = await findCandidateSearches(trx, lotIds);
  if (candidates.length === 0) return [];
  const searches = new Map<number, (typeof candidates)[number]>();
  for (const c of candidates) searches.set(c.searchId, c);
  // Searches asking the same thing are checked once: many bidders save the same few words.
  const byQuery = new Map<string, { key: number; q: ListItemsQuery; searchIds: number[] }>();
  for (const s of searches.values()) {
    const parsed = listItemsQuerySchema.safeParse(s.query);
    if (!parsed.success) continue;
    const text = JSON.stringify({ ...parsed.data, sort_by: undefined, page: undefined, per_page: undefined });
    const entry = byQuery.get(text) ?? { key: byQuery.size, q: parsed.data, searchIds: [] };
    entry.searchIds.push(s.searchId);
    byQuery.set(text, entry);
  }
  const distinct = [...byQuery.values()];
  const candidatePairs = new Set(candidates.map((c) => `${c.searchId}:${c.itemId}`));
  const listed = await lotsListedBy(trx, distinct, [...new Set(candidates.map((c) => c.itemId))], now);
  const matched = distinct.flatMap((d) =>
    (listed.get(d.key) ?? []).flatMap((itemId) =>
      d.searchIds
        .filter((searchId) => candidatePairs.has(`${searchId}:${itemId}`))
        .map((searchId) => ({ searchId, itemId, instant: searches.get(searchId)!.frequency === 'instant' })),
    ),
  );
  const fresh = await recordMatches(trx, matched);
  const instant = fresh.filter((m) => searches.get(m.searchId)!.frequency === 'instant');
  if (instant.length === 0) return [];
  const lotById = await findLotPrices(
    trx,
    instant.map((m) => m.itemId),
  );
  // One alert per user and lot, naming each of their searches it matched.
  const byUserLot = new Map<string, { userId: number; itemId: number; names: string[] }>();
  for (const m of instant) {
    const search = searches.get(m.searchId)!;
    const key = `${search.userId}:${m.itemId}`;
    const entry = byUserLot.get(key) ?? { userId: search.userId, itemId: m.itemId, names: [] };
    entry.names.push(search.name);
    byUserLot.set(key, entry);
  }
  return [...byUserLot.values()].flatMap((e) => {
    const lot = lotById.get(e.itemId);
    if (!lot) return [];
    const text = NOTIFICATION_TEXTS.savedSearch({ id: e.itemId, name: lot.name }, e.names, lot.price);
    return [{ userId: e.userId, type: 'saved_search' as const, itemId: e.itemId, orderId: null, eventKey: `saved:${e.itemId}`, ...text }];
  });
}

/** The latest digest time (07:00 in Malawi) at or before `now`. */
export function lastDigestTime(now: Date): Date {
  const t = new Date(now);
  t.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
  if (t.getTime() > now.getTime()) t.setUTCDate(t.getUTCDate() - 1);
  return t;
}

/**
 * The morning digests of daily saved searches: every match recorded before the latest 07:00 (in
 * Malawi) and not yet sent goes into one `saved_search` notification per user, listing the lots,
 * and is marked sent. Matches are taken under a row lock (a second producer skips them).
 * @returns the notifications to store.
 */
export async function savedSearchDigests(trx: Kysely<Database>, now: Date): Promise<NotificationToStore[]> {
  const digestAt = lastDigestTime(now);
  const waiting = await takeWaitingMatches(trx, digestAt, DIGEST_BATCH);
  if (waiting.length === 0) return [];
  await markDigested(trx, waiting);
  const byUser = new Map<number, typeof waiting>();
  for (const m of waiting) byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), m]);
  const day = digestAt.toISOString().slice(0, 10);
  return [...byUser].map(([userId, matches]) => {
    // The same lot matched by two of the user's searches is listed once.
    const lots = [...new Map(matches.map((m) => [m.itemId, { id: m.itemId, name: m.itemName, price: m.price }])).values()];
    const names = [...new Set(matches.map((m) => m.searchName))];
    const text = NOTIFICATION_TEXTS.savedSearchDigest(lots, names);
    return {
      userId,
      type: 'saved_search' as const,
      itemId: lots.length === 1 ? lots[0].id : null,
      orderId: null,
      // A batch's first lot keeps the key apart from another batch of the same morning.
      eventKey: `digest:${day}:${lots[0].id}`,
      ...text,
    };
  });
}

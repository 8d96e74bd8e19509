import { useEffect, useRef } from 'react';
import { subscribeItemRoom } from './socket';
import type { LotPage } from './lot-cache';

/**
 * Keeps the item rooms `item:{id}` of `ids` joined while the calling view is shown: a lot that
 * appears (a page loaded, a list reordered) is joined before any lot that went is left, and a lot
 * that stays is never left and joined again, so no event meant for it falls in between. With the
 * list's `pages`, each lot is joined with the time its page was asked for, so the server sends what
 * changed between that read and the join. All are left when the view goes. Source: issue 17
 * "Live updates on a poor connection" (nothing missed, nothing read twice).
 */
export function useItemRooms(ids: readonly number[], pages?: readonly LotPage[]): void {
  const joined = useRef(new Map<number, () => void>());
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  const pagesRef = useRef(pages);
  pagesRef.current = pages;

  useEffect(() => {
    const wanted = new Set(key ? key.split(',').map(Number) : []);
    const rooms = joined.current;
    const fresh = [...wanted].filter((id) => !rooms.has(id));
    const askedAt = askedAtOfLots(fresh, pagesRef.current);
    for (const id of fresh) rooms.set(id, subscribeItemRoom(id, askedAt.get(id)));
    for (const [id, leave] of rooms) {
      if (wanted.has(id)) continue;
      leave();
      rooms.delete(id);
    }
  }, [key]);

  useEffect(() => {
    const rooms = joined.current;
    return () => {
      for (const leave of rooms.values()) leave();
      rooms.clear();
    };
  }, []);
}

/** For each of `ids`, when the oldest loaded page showing it was asked for (pages without a time are skipped). */
function askedAtOfLots(ids: readonly number[], pages: readonly LotPage[] | undefined): Map<number, number> {
  const wanted = new Set(ids);
  const times = new Map<number, number>();
  for (const page of pages ?? []) {
    if (page.askedAt == null) continue;
    for (const item of page.items) {
      if (!wanted.has(item.id)) continue;
      times.set(item.id, Math.min(page.askedAt, times.get(item.id) ?? page.askedAt));
    }
  }
  return times;
}

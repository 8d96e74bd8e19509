import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CartOwner } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import { userActor, type Actor, type CartOwnerRef } from '../events/domain-events.js';
import { getSetting } from '../settings/settings.repository.js';

/** Characters of the random part of order references (no 0/O, 1/I). */
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new checkout order reference `ORD-<year>-<8 random characters>` (not guessable, never one of
 * the seeded `ORD-<year>-000101…`).
 */
export function newOrderReference(now = new Date()): string {
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += REF_ALPHABET[b % REF_ALPHABET.length];
  return `ORD-${now.getUTCFullYear()}-${s}`;
}

/**
 * Hours a cash-on-delivery order reserves its items: setting `cod_reservation_hours` (a positive
 * number), default 48. Source: spec/shopping.md §2 "Payment success page", §9.
 */
export async function codReservationHours(db: Kysely<Database>): Promise<number> {
  const v = Number(await getSetting<unknown>(db, 'cod_reservation_hours', 48));
  return Number.isFinite(v) && v > 0 ? v : 48;
}

/** A cart's owner as events name it: the user, else the guest cart cookie's hash. */
export function cartOwnerRef(owner: CartOwner): CartOwnerRef {
  return { user_id: owner.userId, guest_hash: owner.userId == null ? owner.guestHash : null };
}

/** The actor of a buyer's own change: the signed-in user, else a guest. */
export function buyerActor(owner: CartOwner): Actor {
  return owner.userId != null ? userActor(owner.userId) : { type: 'guest' };
}

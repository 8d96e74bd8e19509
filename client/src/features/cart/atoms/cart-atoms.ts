import { atom } from 'jotai';
import type { CartItem } from '@shared/schemas/cart.schema';

/** A cart entry: the server's cart item, `optimistic` until the server confirms, `lastUpdated` (ms). Source: spec §3. */
export interface CartEntry extends CartItem {
  optimistic?: boolean;
  lastUpdated: number;
}

/** Cart state: entries, loading, error, when it last matched the server. Source: spec/shopping.md §3 "Cart entry". */
export interface CartState {
  items: CartEntry[];
  loading: boolean;
  /** True once the cart came from the server, local storage or page data. */
  ready: boolean;
  error: string | null;
  lastSyncTime: number | null;
}

/** The cart. Written only by the cart store (features/cart/lib/cart-store.ts). */
export const cartStateAtom = atom<CartState>({ items: [], loading: false, ready: false, error: null, lastSyncTime: null });

/** Entries of the cart. */
export const cartItemsAtom = atom((get) => get(cartStateAtom).items);

/** Number of units in the cart (sum of quantities); the badges read it. */
export const cartCountAtom = atom((get) => get(cartStateAtom).items.reduce((s, i) => s + i.quantity, 0));

/** Cart total, MWK. */
export const cartTotalAtom = atom((get) => get(cartStateAtom).items.reduce((s, i) => s + i.target_amount * i.quantity, 0));

/** Changes made offline that still wait for the server. Source: spec §4 "Cart behaviour". */
export const cartPendingCountAtom = atom(0);

/** Whether the cart drawer is open. */
export const cartDrawerOpenAtom = atom(false);

/** Item ids with an add/remove in flight (card busy state, at least 500 ms). */
export const cartBusyIdsAtom = atom<ReadonlySet<number>>(new Set<number>());

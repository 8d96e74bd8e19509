import { CART_MESSAGES } from '../messages/cart.js';

/** The item facts that decide whether it can be bought through the cart. */
export interface PurchasableFacts {
  kind: 'cash' | 'online' | 'live';
  status: string;
  closed_by: number | null;
  is_reserved: boolean;
  /** Units still on sale (`items.quantity`). */
  stock: number;
}

/** Why an item cannot be bought through the cart. */
export type CartRefusal = 'bid_only' | 'sold' | 'reserved' | 'unavailable';

/**
 * Daily-sale items only; refused when sold (closed_by set or status sold), reserved for cash on
 * delivery, withdrawn/unsold, or with no unit left. Source: spec/shopping.md §1, §4 "Cart button
 * states", §5 "Cart".
 */
export function cartRefusal(f: PurchasableFacts): CartRefusal | null {
  if (f.kind !== 'cash') return 'bid_only';
  if (f.closed_by != null || f.status === 'sold') return 'sold';
  if (f.is_reserved) return 'reserved';
  if (f.status !== 'available' || f.stock <= 0) return 'unavailable';
  return null;
}

/** The message shown for a refusal. */
export function cartRefusalMessage(r: CartRefusal): string {
  switch (r) {
    case 'bid_only':
      return CART_MESSAGES.bidOnly;
    case 'sold':
      return CART_MESSAGES.sold;
    case 'reserved':
      return CART_MESSAGES.reserved;
    default:
      return CART_MESSAGES.outOfStock;
  }
}

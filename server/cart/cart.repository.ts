import { sql, type Kysely } from 'kysely';
import type { PurchasableFacts } from '@shared/rules/cart-availability.js';
import type { CartItem } from '@shared/schemas/cart.schema.js';
import type { Database } from '../db/types.js';

/**
 * Whose cart: a signed-in user (`userId`) and/or a guest cart cookie (`guestHash`, the SHA-256
 * of the cookie's random token; the token itself is never stored).
 */
export interface CartOwner {
  userId: number | null;
  guestHash: string | null;
}

/** The cart row id of an owner (the user's cart when signed in, else the guest's), or undefined. */
export async function findCartId(db: Kysely<Database>, owner: CartOwner): Promise<number | undefined> {
  if (owner.userId != null) {
    return (await db.selectFrom('carts').select('id').where('user_id', '=', owner.userId).executeTakeFirst())?.id;
  }
  if (owner.guestHash) {
    return (await db.selectFrom('carts').select('id').where('guest_token_hash', '=', owner.guestHash).where('user_id', 'is', null).executeTakeFirst())?.id;
  }
  return undefined;
}

/** The owner's cart id, creating the cart when missing (race-safe through the unique keys). */
export async function ensureCartId(db: Kysely<Database>, owner: CartOwner): Promise<number> {
  const found = await findCartId(db, owner);
  if (found) return found;
  const values = owner.userId != null ? { user_id: owner.userId, guest_token_hash: null } : { user_id: null, guest_token_hash: owner.guestHash };
  if (values.user_id == null && !values.guest_token_hash) throw new Error('A cart needs a user or a guest token');
  await db
    .insertInto('carts')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute();
  const again = await findCartId(db, owner);
  if (!again) throw new Error('Cart could not be created');
  return again;
}

/** The item fields the cart and checkout decide on, per line. */
export interface CartLineRow {
  item_id: number;
  quantity: number;
  name: string;
  description: string | null;
  code: string | null;
  target_amount: number;
  status: string;
  closed_by: number | null;
  is_reserved: boolean;
  stock: number;
  kind: 'cash' | 'online' | 'live';
  auction_type_id: number;
  auction_type_name: string;
  image: string | null;
}

/** The lines of a cart with their items, oldest first. */
export function listCartLines(db: Kysely<Database>, cartId: number): Promise<CartLineRow[]> {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('items as i', 'i.id', 'ci.item_id')
    .innerJoin('auction_types as at', 'at.id', 'i.auction_type_id')
    .select([
      'ci.item_id',
      'ci.quantity',
      'i.name',
      'i.description',
      'i.code',
      'i.target_amount',
      'i.status',
      'i.closed_by',
      'i.is_reserved',
      'i.quantity as stock',
      'at.type as kind',
      'at.id as auction_type_id',
      'at.name as auction_type_name',
      sql<string | null>`(SELECT m.url FROM item_media m WHERE m.item_id = i.id ORDER BY m.position, m.id LIMIT 1)`.as('image'),
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.created_at')
    .orderBy('ci.id')
    .execute();
}

/** Maps a cart line to the public cart item shape (spec/shopping.md §3 "Cart item"). */
export function cartLineToItem(row: CartLineRow): CartItem {
  return {
    id: row.item_id,
    name: row.name,
    description: row.description,
    code: row.code,
    quantity: row.quantity,
    target_amount: row.target_amount,
    subtotal: Math.round(row.target_amount * row.quantity * 100) / 100,
    auction_type: { id: row.auction_type_id, name: row.auction_type_name, type: row.kind },
    type: row.kind,
    image: row.image,
    is_reserved: row.is_reserved,
    status: row.closed_by != null ? 'sold' : row.status,
    available_quantity: row.stock,
  };
}

/** Inserts a line; false when the item is already in that cart. */
export async function insertCartLine(db: Kysely<Database>, cartId: number, itemId: number, quantity: number): Promise<boolean> {
  const r = await db
    .insertInto('cart_items')
    .values({ cart_id: cartId, item_id: itemId, quantity })
    .onConflict((oc) => oc.columns(['cart_id', 'item_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets a line's quantity; false when the item is not in the cart. */
export async function updateCartLine(db: Kysely<Database>, cartId: number, itemId: number, quantity: number): Promise<boolean> {
  const r = await db
    .updateTable('cart_items')
    .set({ quantity, updated_at: sql`now()` })
    .where('cart_id', '=', cartId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes lines (all when `itemIds` is undefined); answers how many went. */
export async function deleteCartLines(db: Kysely<Database>, cartId: number, itemIds?: number[]): Promise<number> {
  if (itemIds && itemIds.length === 0) return 0;
  let q = db.deleteFrom('cart_items').where('cart_id', '=', cartId);
  if (itemIds) q = q.where('item_id', 'in', itemIds);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The item facts an add or a quantity change decides on, or undefined when there is no such item. */
export function findItemFacts(db: Kysely<Database>, itemId: number): Promise<(PurchasableFacts & { id: number; name: string }) | undefined> {
  return db
    .selectFrom('items')
    .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
    .select(['items.id', 'items.name', 'items.status', 'items.closed_by', 'items.is_reserved', 'items.quantity as stock', 'at.type as kind'])
    .where('items.id', '=', itemId)
    .executeTakeFirst();
}

/** Which of `itemIds` name an existing item. */
export async function listExistingItemIds(db: Kysely<Database>, itemIds: number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db.selectFrom('items').select('id').where('id', 'in', itemIds).execute();
  return new Set(rows.map((r) => r.id));
}

/** Locks the guest cart of a cookie hash (one not yet claimed by a user) and answers its id, or undefined. Call in a transaction. */
export async function lockGuestCart(trx: Kysely<Database>, guestHash: string): Promise<number | undefined> {
  const row = await trx.selectFrom('carts').select('id').where('guest_token_hash', '=', guestHash).where('user_id', 'is', null).forUpdate().executeTakeFirst();
  return row?.id;
}

/** Copies the lines of cart `fromCartId` into cart `toCartId`; a line already in the target keeps its quantity. */
export async function copyCartLines(db: Kysely<Database>, fromCartId: number, toCartId: number): Promise<void> {
  await sql`INSERT INTO cart_items (cart_id, item_id, quantity)
    SELECT ${toCartId}, item_id, quantity FROM cart_items WHERE cart_id = ${fromCartId}
    ON CONFLICT (cart_id, item_id) DO NOTHING`.execute(db);
}

/** Deletes a cart and its lines. */
export async function deleteCart(db: Kysely<Database>, cartId: number): Promise<void> {
  await db.deleteFrom('carts').where('id', '=', cartId).execute();
}

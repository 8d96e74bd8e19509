import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { getCart, publishCart } from '../cart/cart.service.js';
import type { CartOwner } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import { findItemById } from '../items/items.repository.js';
import type { EventBus } from '../realtime/bus.js';
import { getBidIncrement } from '../settings/settings.repository.js';
import { loadAdminOrders } from './orders-admin.service.js';

/**
 * After an order or payment change has committed: publishes `item.updated` (the item's public
 * fields, so 'Reserved (COD)' and SOLD show everywhere at once) for each changed item, the
 * owner's `cart.updated`, and `order.updated` for each of `orderIds` (operators' Orders screen,
 * see {@link publishOrderUpdated}). Failures are logged, never thrown (the change itself is done).
 */
export async function publishOrderChanges(
  db: Kysely<Database>,
  bus: EventBus,
  args: { itemIds: number[]; owner?: CartOwner; orderIds?: number[]; logger?: Logger },
): Promise<void> {
  try {
    const increment = await getBidIncrement(db);
    for (const id of new Set(args.itemIds)) {
      const item = await findItemById(db, id, increment);
      if (item) await bus.publish({ type: 'item.updated', payload: item });
    }
    if (args.owner && (args.owner.userId != null || args.owner.guestHash)) {
      const { cart } = await getCart(db, { userId: args.owner.userId, guestHash: args.owner.userId == null ? args.owner.guestHash : null });
      await publishCart(bus, args.owner, cart);
    }
  } catch (err) {
    args.logger?.error({ err }, 'publishing order changes failed');
  }
  if (args.orderIds?.length) await publishOrderUpdated(db, bus, { orderIds: args.orderIds, logger: args.logger });
}

/**
 * After an order was placed, paid, cancelled or failed (committed): publishes `order.updated`
 * `{order: AdminOrderView}` per order id, read fresh from the database, for the operators' room
 * `admin:orders` (server/realtime/io.ts). Unknown ids are skipped. Failures are logged, never
 * thrown. Source: admin orders brief (the Orders screen updates live).
 */
export async function publishOrderUpdated(db: Kysely<Database>, bus: EventBus, args: { orderIds: number[]; logger?: Logger }): Promise<void> {
  try {
    for (const order of await loadAdminOrders(db, [...new Set(args.orderIds)])) {
      await bus.publish({ type: 'order.updated', payload: { order } });
    }
  } catch (err) {
    args.logger?.error({ err, order_ids: args.orderIds }, 'publishing order.updated failed');
  }
}

import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { LIVE_AUCTION_MESSAGES } from '@shared/messages/live-auctions.js';
import { snapshotOf } from '../cart/cart.service.js';
import { findCartId, listCartLines } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import type { BidPlacedEvent } from '@shared/events.js';
import type { CartOwnerRef, CommittedEvent, CommittedEventOf } from '../events/domain-events.js';
import { outbidBidderOf } from '../bids/bids.service.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import { findItemById } from '../items/items.repository.js';
import { countUnread, findNotification } from '../notifications/notifications.repository.js';
import { loadAdminOrders } from '../orders/orders-admin.service.js';
import { countWatchlist } from '../watchlist/watchlist.repository.js';
import type { AdvertsFeed } from './advert-clock.js';
import type { BidderNameMasking } from './bidder-name-masking.js';
import type { GavelIo } from './io.js';
import type { LiveRoomPresenter } from './live-room.js';
import type { LiveBidLane } from '../live/live-bid-lane.js';
import { rooms } from './rooms.js';

/** What the presenter reads and writes with. */
export interface EventPresenterDeps {
  io: GavelIo;
  db: Kysely<Database>;
  logger: Logger;
  /** The adverts shown on every page (checked again when an operator changes one). */
  adverts: AdvertsFeed;
  /** Bidders' names masked to others when the operators' setting says so (issue 20 item 8). */
  masking?: BidderNameMasking;
  /** Live sale rooms' pushes (issue 15). */
  live?: LiveRoomPresenter;
  /** This process's line of online presses per live sale: told of every change to a room. */
  liveBids?: LiveBidLane;
}

/** The `bid:placed` payload of a stored bid (DESIGN.md socket contract), from its event's facts. */
export function bidPlacedPayload(p: CommittedEventOf<'bid.placed'>['payload']): BidPlacedEvent {
  return {
    item_id: p.item_id,
    bid: {
      id: p.bid_id,
      item_id: p.item_id,
      user_id: p.user_id,
      bid_amount: p.bid_amount,
      created_at: p.created_at,
      user: { name: p.user_name },
      automatic: p.automatic,
    },
    bid_amount: p.bid_amount,
    bid_count: p.bid_count,
    min_next_bid: p.min_next_bid,
    date_to: p.date_to,
  };
}

/** Event ids remembered to drop a second delivery (the relay may publish an event again). */
const REMEMBERED_IDS = 20_000;

/**
 * Remembers the last {@link REMEMBERED_IDS} event ids: `firstTime(id)` is true once per id.
 */
export class RecentIds {
  private readonly seen = new Set<string>();
  private readonly order: string[] = [];
  private head = 0;

  constructor(private readonly capacity = REMEMBERED_IDS) {}

  /** True the first time an id is offered (then remembered), false for a repeat. */
  firstTime(id: string): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.order.length < this.capacity) this.order.push(id);
    else {
      this.seen.delete(this.order[this.head]);
      this.order[this.head] = id;
      this.head = (this.head + 1) % this.capacity;
    }
    return true;
  }
}

/**
 * Maps committed domain events to this process's sockets (`io.local`: every process receives
 * every event from the bus and serves only its own sockets). The one place where events become
 * socket emits and rooms are chosen (DESIGN.md socket contract). Events carry ids; what a
 * payload needs beyond them is read here, after the commit, and only when a socket here is in
 * the room. Bid events are presented synchronously from their own facts (the hot path), so an
 * item's bids go out in the order they arrive.
 */
export function createEventPresenter(deps: EventPresenterDeps): (event: CommittedEvent) => void {
  const { io, db, logger } = deps;
  const local = io.local;
  const occupied = (room: string) => io.sockets.adapter.rooms.has(room);
  const later = (what: string, work: () => Promise<void>) => {
    work().catch((err: unknown) => logger.error({ err, event: what }, 'presenting an event failed'));
  };

  const emitItemUpdated = async (itemIds: number[]) => {
    const wanted = [...new Set(itemIds)].filter((id) => occupied(rooms.item(id)));
    if (wanted.length === 0) return;
    const increment = await loadIncrementTables(db);
    for (const id of wanted) {
      const item = await findItemById(db, id, increment);
      if (item) local.to(rooms.item(id)).emit('item:updated', item);
    }
  };
  const emitOrdersUpdated = async (orderIds: number[]) => {
    if (!occupied(rooms.adminOrders) || orderIds.length === 0) return;
    for (const order of await loadAdminOrders(db, [...new Set(orderIds)])) local.to(rooms.adminOrders).emit('order:updated', { order });
  };
  const emitCart = async (owner: CartOwnerRef) => {
    const room = rooms.cart(owner);
    if (!room || !occupied(room)) return;
    const cartOwner = { userId: owner.user_id, guestHash: owner.user_id == null ? owner.guest_hash : null };
    const cartId = await findCartId(db, cartOwner);
    local.to(room).emit('cart:updated', snapshotOf(cartId ? await listCartLines(db, cartId) : []));
  };

  const presentBid = (event: CommittedEventOf<'bid.placed'>) => {
    const p = event.payload;
    const itemRoom = rooms.item(p.item_id);
    if (occupied(itemRoom)) {
      const payload = bidPlacedPayload(p);
      if (deps.masking?.enabled) deps.masking.emit(itemRoom, payload);
      else local.to(itemRoom).emit('bid:placed', payload);
    }
    const prev = outbidBidderOf(p);
    if (prev != null && occupied(rooms.user(prev))) {
      local.to(rooms.user(prev)).emit('bid:outbid', { item_id: p.item_id, bid_amount: p.bid_amount, your_bid: p.previous_amount ?? 0 });
    }
    if (p.extended_from) later(event.type, () => emitItemUpdated([p.item_id]));
  };

  return (event: CommittedEvent) => {
    switch (event.type) {
      case 'bid.placed':
        presentBid(event);
        break;
      case 'auction.closed': {
        const p = event.payload;
        const targets = [rooms.item(p.item_id)];
        if (p.closed_by != null) targets.push(rooms.user(p.closed_by));
        local.to(targets).emit('auction:closed', { item_id: p.item_id, closed_by: p.closed_by, status: p.status });
        if (p.order_id != null) later(event.type, () => emitOrdersUpdated([p.order_id!]));
        break;
      }
      case 'item.updated':
        later(event.type, () => emitItemUpdated([event.payload.item_id]));
        break;
      // A sale moved its lots' ends or numbers: each lot's open page (and catalogue) reads it again.
      case 'sale.closes_rescheduled':
        later(event.type, () => emitItemUpdated(event.payload.closes.map((c) => c.item_id)));
        break;
      case 'sale.lots_reordered':
        later(event.type, () => emitItemUpdated(event.payload.after));
        break;
      case 'sale.created':
      case 'sale.updated':
      case 'sale.published':
        break;
      // A live sale's room changed: its pages get the new state.
      case 'live.changed':
        deps.liveBids?.forget(event.payload.sale_id, event.payload.seq);
        deps.live?.changed(event.payload.sale_id);
        break;
      // Lot commands also record `item.updated` (presented above) where an open page must change.
      case 'lot.created':
      case 'lot.updated':
      case 'lot.withdrawn':
      case 'lot.relisted':
      case 'lot.images_changed':
        break;
      case 'order.placed':
      case 'order.status_changed':
        later(event.type, async () => {
          await emitItemUpdated(event.payload.item_ids);
          await emitOrdersUpdated([event.payload.order_id]);
        });
        break;
      case 'watchlist.changed': {
        const userId = event.payload.user_id;
        if (occupied(rooms.user(userId)))
          later(event.type, async () => void local.to(rooms.user(userId)).emit('watchlist:count', { count: await countWatchlist(db, userId) }));
        break;
      }
      case 'cart.changed':
        later(event.type, () => emitCart(event.payload.owner));
        break;
      case 'registration.decided': {
        const p = event.payload;
        const approved = p.after === 'active';
        local.to(rooms.user(p.user_id)).emit('subscription:updated', {
          auction_type_id: p.auction_type_id,
          status: p.after as 'active',
          subscribed: approved,
          message: approved ? LIVE_AUCTION_MESSAGES.approved(p.auction_name) : LIVE_AUCTION_MESSAGES.declined(p.auction_name, p.reason),
        });
        break;
      }
      case 'order.payment_started':
      case 'registration.submitted':
      case 'user.registered':
      case 'user.profile_updated':
      case 'user.billing_address_changed':
      case 'newsletter.subscribed':
        break;
      case 'advert.changed':
        later(event.type, () => deps.adverts.refresh());
        break;
      case 'setting.changed':
        if (event.payload.key === 'mask_bidder_names' && deps.masking) later(event.type, () => deps.masking!.reload());
        break;
      case 'page.updated':
      case 'notification.preference_changed':
        break;
      case 'notification.created': {
        const p = event.payload;
        if (occupied(rooms.user(p.user_id)))
          later(event.type, async () => {
            const notification = await findNotification(db, p.notification_id);
            if (!notification) return;
            const { user_id: _owner, ...view } = notification;
            local.to(rooms.user(p.user_id)).emit('notification:new', { notification: view, unread: await countUnread(db, p.user_id) });
          });
        break;
      }
      case 'notification.read': {
        const userId = event.payload.user_id;
        if (occupied(rooms.user(userId)))
          later(
            event.type,
            async () => void local.to(rooms.user(userId)).emit('notification:read', { ids: event.payload.ids, unread: await countUnread(db, userId) }),
          );
        break;
      }
    }
  };
}

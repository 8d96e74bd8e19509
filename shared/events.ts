import { z } from 'zod';
import { bidSchema } from './schemas/bid-record.schema.js';
import type { AdvertView } from './schemas/advert.schema.js';
// Operators' event types only: their schemas stay out of what every bidder's page loads.
import type { OrderUpdatedEvent } from './schemas/admin-order.schema.js';
import type { NotificationNewEvent } from './schemas/notification.schema.js';
import type { SubscriptionUpdatedEvent } from './schemas/subscription.schema.js';
import type { LiveBidAck, LiveJoinAck, LiveState } from './schemas/live-sale.schema.js';

/**
 * `item:subscribe` / `item:unsubscribe` payload. Source: DESIGN.md socket contract. A socket coming
 * back after a drop adds `after_bid_id`, the last bid it saw: the server then sends it, in order,
 * every `bid:placed` of the lot since (and `auction:closed` when the lot closed meanwhile) before it
 * carries on; the ack says `replayed` (how many), or `reload: true` when too much was missed (more
 * than {@link MAX_REPLAYED_BIDS} bids, or a drop longer than 10 minutes). A view joining with a
 * copy of the lot it read before adds `data_age_ms`, how long ago (ms) that read was asked for: the
 * server sends it `item:updated` when the lot changed since (or may have: a copy older than the
 * server's memory of changes). Issue 17 "Live updates on a poor connection".
 */
export const itemRoomPayloadSchema = z.object({
  item_id: z.coerce.number().int().positive(),
  after_bid_id: z.coerce.number().int().nonnegative().optional(),
  data_age_ms: z.coerce.number().int().nonnegative().optional(),
});

/** The most bids replayed to a socket that comes back; beyond, it reloads the lot. */
export const MAX_REPLAYED_BIDS = 200;
/** How long a drop may last for its missed bids to be replayed (ms); beyond, the lot is reloaded. */
export const REPLAY_WINDOW_MS = 10 * 60_000;

/** `bid:placed` to room `item:{id}`. */
export const bidPlacedEventSchema = z.object({
  item_id: z.number(),
  bid: bidSchema,
  bid_amount: z.number(),
  bid_count: z.number(),
  min_next_bid: z.number(),
  date_to: z.string().nullable(),
});
export type BidPlacedEvent = z.infer<typeof bidPlacedEventSchema>;

/** `bid:outbid` to room `user:{id}` of the previous leader. */
export const bidOutbidEventSchema = z.object({ item_id: z.number(), bid_amount: z.number(), your_bid: z.number() });
export type BidOutbidEvent = z.infer<typeof bidOutbidEventSchema>;

/** `auction:closed` to room `item:{id}` and the winner's `user:{id}`. */
export const auctionClosedEventSchema = z.object({
  item_id: z.number(),
  closed_by: z.number().nullable(),
  status: z.string(),
});
export type AuctionClosedEvent = z.infer<typeof auctionClosedEventSchema>;

/** `time:sync` on connect. */
export const timeSyncEventSchema = z.object({ now: z.string() });
export type TimeSyncEvent = z.infer<typeof timeSyncEventSchema>;

/** `watchlist:count` to the user's room. */
export const watchlistCountEventSchema = z.object({ count: z.number() });

/** Acknowledgement of client → server events. */
export interface Ack {
  ok: boolean;
  error?: string;
  /** `item:subscribe` with `after_bid_id`: how many missed bids were sent again, or `reload` when the lot must be read again. */
  replayed?: number;
  reload?: boolean;
}

/** Typed Socket.IO events server → client. Source: DESIGN.md socket contract table. */
export interface ServerToClientEvents {
  'bid:placed': (e: BidPlacedEvent) => void;
  'bid:outbid': (e: BidOutbidEvent) => void;
  'auction:closed': (e: AuctionClosedEvent) => void;
  'item:updated': (e: Record<string, unknown> & { id: number }) => void;
  'watchlist:count': (e: { count: number }) => void;
  'cart:updated': (e: { items: unknown[]; count: number; total: number }) => void;
  'advert:updated': (e: { adverts: AdvertView[] }) => void;
  'subscription:updated': (e: SubscriptionUpdatedEvent) => void;
  'time:sync': (e: TimeSyncEvent) => void;
  'order:updated': (e: OrderUpdatedEvent) => void;
  /** To the user's room: a new notification and the unread count (issue 16). */
  'notification:new': (e: NotificationNewEvent) => void;
  /** To the user's room: notifications were marked read (in another tab too) and the unread count after. */
  'notification:read': (e: { ids: number[] | 'all'; unread: number }) => void;
  /** To room `sale:{id}`: the live room's state, `seq` growing (issue 15); operators get names and reserves. */
  'live:state': (e: LiveState) => void;
}

/** Typed Socket.IO events client → server. */
export interface ClientToServerEvents {
  'item:subscribe': (p: { item_id: number; after_bid_id?: number }, ack?: (a: Ack) => void) => void;
  'item:unsubscribe': (p: { item_id: number }, ack?: (a: Ack) => void) => void;
  /** Joins room `admin:orders` (`order:updated`); refused through the ack unless the user has the admin role. */
  'admin:orders:subscribe': (ack?: (a: Ack) => void) => void;
  /** Leaves room `admin:orders`. */
  'admin:orders:unsubscribe': (ack?: (a: Ack) => void) => void;
  /** Joins a live sale's room (anyone may watch); the ack carries its state (issue 15). */
  'live:join': (p: { sale_id: number }, ack?: (a: LiveJoinAck) => void) => void;
  /** Leaves a live sale's room. */
  'live:leave': (p: { sale_id: number }, ack?: (a: Ack) => void) => void;
  /** An online bid at the asking price, idempotent by its key (approved registrants only). */
  'live:bid': (p: { sale_id: number; lot_id: number; amount: number; idempotency_key: string }, ack?: (a: LiveBidAck) => void) => void;
}

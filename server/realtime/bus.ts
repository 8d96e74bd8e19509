import { EventEmitter } from 'node:events';
import type { AuctionClosedEvent, BidPlacedEvent, OrderUpdatedEvent } from '../../shared/events.js';
import type { AdvertView } from '../../shared/schemas/advert.schema.js';
import type { SubscriptionUpdatedEvent } from '../../shared/schemas/subscription.schema.js';

/**
 * Domain events, published after the database commits. Every server process maps them to
 * Socket.IO rooms (server/realtime/io.ts); workers publish them too. Source: DESIGN.md.
 */
export type DomainEvent =
  | { type: 'bid.placed'; payload: BidPlacedEvent; previousLeaderId: number | null; previousAmount: number | null }
  | { type: 'auction.closed'; payload: AuctionClosedEvent }
  | { type: 'item.updated'; payload: Record<string, unknown> & { id: number } }
  | { type: 'watchlist.count'; userId: number; payload: { count: number } }
  | { type: 'cart.updated'; room: string; payload: { items: unknown[]; count: number; total: number } }
  | { type: 'advert.updated'; payload: { adverts: AdvertView[] } }
  | { type: 'subscription.updated'; userId: number; payload: SubscriptionUpdatedEvent }
  /** An order was placed, paid, cancelled or failed; for operators (room `admin:orders`). */
  | { type: 'order.updated'; payload: OrderUpdatedEvent };

/** Publishes and delivers domain events (in-process, or across processes through Redis). */
export interface EventBus {
  /** Publishes an event to every subscriber of every process. */
  publish(event: DomainEvent): Promise<void>;
  /** Registers a handler; returns the function that removes it. */
  subscribe(handler: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
}

/** The embedded default: an EventEmitter inside this one process. */
export class InProcessBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: DomainEvent): Promise<void> {
    this.emitter.emit('event', event);
  }

  subscribe(handler: (event: DomainEvent) => void): () => void {
    this.emitter.on('event', handler);
    return () => this.emitter.off('event', handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

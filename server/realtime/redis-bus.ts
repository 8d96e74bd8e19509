import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BusEvent, EventBus } from './bus.js';

/** Redis channel carrying Gavel's domain events between server and worker processes. */
export const EVENTS_CHANNEL = 'gavel:events';

/** What travels on the channel: the event and the bus instance that published it. */
interface Envelope {
  origin: string;
  event: BusEvent;
}

/**
 * The scale-out bus: events are published on a Redis channel and every process (server or
 * worker) subscribed to it receives them. The publishing process hands its own events to its
 * handlers straight after Redis took them, without the round trip back through the channel
 * (its sockets hear of a bid before the bidder's answer, as with one process), and
 * skips them when they come back. Uses RESP2 for pub/sub (STACK-NOTES: ioredis 6 defaults to
 * RESP3).
 */
export class RedisBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Set<(event: BusEvent) => void>();
  private readonly reconnectHandlers = new Set<() => void>();
  private subscribedOnce = false;
  private readonly ready: Promise<unknown>;
  private readonly origin = randomBytes(8).toString('hex');

  constructor(
    redisUrl: string,
    private readonly channel = EVENTS_CHANNEL,
  ) {
    this.pub = new Redis(redisUrl, { protocol: 2, lazyConnect: false });
    this.sub = new Redis(redisUrl, { protocol: 2, lazyConnect: false });
    this.sub.on('message', (_channel: string, message: string) => {
      const { origin, event } = JSON.parse(message) as Envelope;
      if (origin === this.origin) return;
      this.deliver(event);
    });
    this.ready = this.sub.subscribe(this.channel).then((n) => {
      this.subscribedOnce = true;
      return n;
    });
    // ioredis subscribes again by itself after a reconnect; what was published in between is
    // lost for this process, so its listeners catch up from the database.
    this.sub.on('ready', () => {
      if (!this.subscribedOnce) return;
      for (const handler of this.reconnectHandlers) handler();
    });
  }

  /** See {@link EventBus.onReconnect}: called after the subscriber's connection came back. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  /** The bus's two Redis connections (publisher, subscriber), for the process's outage log. */
  connections(): Redis[] {
    return [this.pub, this.sub];
  }

  /** Resolves once the subscription is active (events published before it are not received). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  /** Publishes on the channel, then delivers to this process's handlers. @throws when Redis refuses (nothing delivered). */
  async publish(event: BusEvent): Promise<void> {
    const envelope: Envelope = { origin: this.origin, event };
    await this.pub.publish(this.channel, JSON.stringify(envelope));
    this.deliver(event);
  }

  private deliver(event: BusEvent): void {
    for (const handler of this.handlers) handler(event);
  }

  subscribe(handler: (event: BusEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.reconnectHandlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

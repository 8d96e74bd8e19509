import { Redis } from 'ioredis';
import type { DomainEvent, EventBus } from './bus.js';

/** Redis channel carrying Gavel's domain events between server and worker processes. */
export const EVENTS_CHANNEL = 'gavel:events';

/**
 * The scale-out bus: events are published on a Redis channel and every process (server or
 * worker) subscribed to it receives them, its own included. Uses RESP2 for pub/sub
 * (STACK-NOTES: ioredis 6 defaults to RESP3).
 */
export class RedisBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Set<(event: DomainEvent) => void>();
  private readonly ready: Promise<unknown>;

  constructor(redisUrl: string, private readonly channel = EVENTS_CHANNEL) {
    this.pub = new Redis(redisUrl, { protocol: 2, lazyConnect: false });
    this.sub = new Redis(redisUrl, { protocol: 2, lazyConnect: false });
    this.sub.on('message', (_channel: string, message: string) => {
      const event = JSON.parse(message) as DomainEvent;
      for (const handler of this.handlers) handler(event);
    });
    this.ready = this.sub.subscribe(this.channel);
  }

  /** Resolves once the subscription is active (events published before it are not received). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish(event: DomainEvent): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(event));
  }

  subscribe(handler: (event: DomainEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

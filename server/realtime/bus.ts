import { EventEmitter } from 'node:events';
import type { CommittedEvent } from '../events/domain-events.js';

/**
 * What travels on the bus: committed domain events (server/events/domain-events.ts), each with
 * its delivery id. Published by the command runner and the relay after the commit; every
 * server process presents them to its sockets (server/realtime/event-presenter.ts).
 */
export type BusEvent = CommittedEvent;

/** Publishes and delivers domain events (in-process, or across processes through Redis). */
export interface EventBus {
  /** Publishes an event to every subscriber of every process. */
  publish(event: BusEvent): Promise<void>;
  /** Registers a handler; returns the function that removes it. */
  subscribe(handler: (event: BusEvent) => void): () => void;
  /**
   * Registers a handler called each time the bus's subscription comes back after a lost
   * connection (what was published meanwhile never arrived); returns its remover. Buses that
   * can't lose events (in-process) don't have it. Source: issue 18 (fault 5).
   */
  onReconnect?(handler: () => void): () => void;
  close(): Promise<void>;
}

/** The embedded default: an EventEmitter inside this one process. */
export class InProcessBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: BusEvent): Promise<void> {
    this.emitter.emit('event', event);
  }

  subscribe(handler: (event: BusEvent) => void): () => void {
    this.emitter.on('event', handler);
    return () => this.emitter.off('event', handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { advertsSignature, listVisibleAdverts } from '../adverts/adverts.service.js';
import type { Database } from '../db/types.js';
import type { GavelIo } from './io.js';

/**
 * The adverts every page shows, as this process last sent them (`advert:updated` to all its
 * sockets). Both ways the list changes go through it: an operator's change (`advert.changed`,
 * checked at once) and time passing (an advert starts or reaches its end: the clock's check).
 * A list is sent only when it differs from the last one sent, so a change the clock happened to
 * see first is not sent twice. Checks run one after another.
 */
export class AdvertsFeed {
  private last: string | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { io: GavelIo; db: Kysely<Database>; logger: Logger }) {}

  /** Reads the visible adverts and sends them when they differ from the last list sent. The very first check only records the list. */
  refresh(): Promise<void> {
    this.queue = this.queue.then(async () => {
      try {
        const adverts = await listVisibleAdverts(this.deps.db);
        const signature = advertsSignature(adverts);
        if (this.last !== null && signature !== this.last) this.deps.io.local.emit('advert:updated', { adverts });
        this.last = signature;
      } catch (err) {
        this.deps.logger.warn({ err }, 'reading the visible adverts failed');
      }
    });
    return this.queue;
  }
}

/**
 * Checks the feed every `intervalMs` (default 1 s), so a page learns within a second that an
 * advert started or ended. @returns a function that stops it.
 */
export function startAdvertClock(feed: AdvertsFeed, intervalMs = 1000): () => void {
  let busy = false;
  void feed.refresh();
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void feed.refresh().finally(() => {
      busy = false;
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

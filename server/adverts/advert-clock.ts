import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import type { EventBus } from '../realtime/bus.js';
import { emitDomainEvent, type GavelIo } from '../realtime/io.js';
import { advertsSignature, listVisibleAdverts } from './adverts.service.js';

/**
 * Tells this process's sockets when the shown adverts change because time passed (an advert
 * starts or reaches its end): checks every `intervalMs` and emits `advert:updated` locally.
 * Operator changes already travel on the bus; the clock follows them so it doesn't repeat them.
 * @returns a function that stops it.
 */
export function startAdvertClock(deps: { db: Kysely<Database>; bus: EventBus; io: GavelIo; logger: Logger; intervalMs?: number }): () => void {
  let last: string | null = null;
  let busy = false;
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type === 'advert.updated') last = advertsSignature(event.payload.adverts);
  });
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    listVisibleAdverts(deps.db)
      .then((adverts) => {
        const signature = advertsSignature(adverts);
        if (last !== null && signature !== last) emitDomainEvent(deps.io, { type: 'advert.updated', payload: { adverts } });
        last = signature;
      })
      .catch((err) => deps.logger.warn({ err }, 'advert clock check failed'))
      .finally(() => {
        busy = false;
      });
  }, deps.intervalMs ?? 1000);
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}

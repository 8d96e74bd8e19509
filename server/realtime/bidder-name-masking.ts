import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { BidPlacedEvent } from '@shared/events.js';
import { maskBidderName } from '@shared/rules/bidder-name.js';
import { bidderNumbers } from '../bids/bidder-numbers.repository.js';
import type { Database } from '../db/types.js';
import { getMaskBidderNames } from '../settings/settings.repository.js';
import type { GavelIo } from './io.js';

/** Bidder numbers remembered per process (lot:user → number); a number never changes once given. */
const REMEMBERED_NUMBERS = 50_000;

/**
 * `bid:placed` when the operators' setting `mask_bidder_names` is on: the lot's room gets the
 * bidder's name masked with their bidder number on the lot, except the bidder's own sockets and
 * operators' sockets in that room, which get it in full. The setting is read at start and again
 * whenever a `setting.changed` event says so ({@link reload}); while it is off {@link enabled}
 * is false and the presenter emits as before. Bids of one lot go out in the order they came.
 * Source: issue 20 item 8.
 */
export class BidderNameMasking {
  /** Whether names are masked now (the setting as last read). */
  enabled = false;
  private readonly numbers = new Map<string, number>();
  private readonly queues = new Map<number, Promise<void>>();

  constructor(private readonly deps: { io: GavelIo; db: Kysely<Database>; logger: Logger }) {}

  /** Reads the setting again. */
  async reload(): Promise<void> {
    try {
      this.enabled = await getMaskBidderNames(this.deps.db);
    } catch (err) {
      this.deps.logger.warn({ err }, 'reading the bidder-name setting failed');
    }
  }

  /** Emits one bid to its lot's room (masked to others, full to the bidder and operators), after the lot's earlier bids. */
  emit(room: string, payload: BidPlacedEvent): void {
    const itemId = payload.item_id;
    const next = (this.queues.get(itemId) ?? Promise.resolve())
      .then(() => this.send(room, payload))
      .catch((err: unknown) => this.deps.logger.error({ err, item_id: itemId }, 'presenting a masked bid failed'));
    this.queues.set(itemId, next);
    void next.then(() => {
      if (this.queues.get(itemId) === next) this.queues.delete(itemId);
    });
  }

  private async send(room: string, payload: BidPlacedEvent): Promise<void> {
    const { io } = this.deps;
    const bidderId = payload.bid.user_id;
    const full: string[] = [];
    for (const id of io.sockets.adapter.rooms.get(room) ?? []) {
      const data = io.sockets.sockets.get(id)?.data;
      if (data && (data.operator || data.userId === bidderId)) full.push(id);
    }
    const masked = {
      ...payload,
      bid: { ...payload.bid, user: { name: maskBidderName(payload.bid.user?.name, await this.numberOf(payload.item_id, bidderId)) } },
    };
    if (full.length) {
      io.local.to(room).except(full).emit('bid:placed', masked);
      io.local.to(full).emit('bid:placed', payload);
    } else io.local.to(room).emit('bid:placed', masked);
  }

  private async numberOf(itemId: number, userId: number): Promise<number> {
    const key = `${itemId}:${userId}`;
    const known = this.numbers.get(key);
    if (known !== undefined) return known;
    const n = (await bidderNumbers(this.deps.db, itemId, [userId])).get(userId) ?? 0;
    if (this.numbers.size >= REMEMBERED_NUMBERS) this.numbers.clear();
    if (n > 0) this.numbers.set(key, n);
    return n;
  }
}

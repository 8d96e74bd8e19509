import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { kwacha } from '@shared/rules/live-sale.js';
import { LIVE_MESSAGES } from '@shared/schemas/live-sale.schema.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { placeOnlineBid, type OnlineBidInput, type OnlineBidResult } from './live.commands.js';
import { findPressedKeys, pressKey } from './live.repository.js';

interface Press extends OnlineBidInput {
  userId: number;
  resolve(result: OnlineBidResult): void;
  reject(err: unknown): void;
}

/** What this process last saw accepted in a sale's room: its seq, the lot, the high bid and the asking price (MWK). */
interface KnownPrice {
  seq: number;
  lotId: number;
  high: number;
  asking: number;
}

/**
 * One line per live sale in this process for online presses (issue 15 "Speed": 200 bidders
 * pressing at once on one asking price). Presses of a sale are placed one after another by
 * {@link placeOnlineBid} (the room's row lock still decides between processes); once one is
 * accepted, the presses still waiting at the old price are answered at once with `Another bid was
 * taken first at MK {amount}`, without a transaction each, unless their key was already pressed
 * (a retry: placed in full, answered as the first time). What the lane knows is dropped as soon as
 * the room changes elsewhere (`forget`, from every `live.changed` with a newer seq), so a clerk's
 * Undo or another process's bid is never answered from an old price.
 */
export class LiveBidLane {
  private readonly queues = new Map<number, Press[]>();
  private readonly running = new Set<number>();
  private readonly known = new Map<number, KnownPrice>();

  constructor(private readonly deps: { db: Kysely<Database>; runner: CommandRunner; logger?: Logger }) {}

  /**
   * Places a signed-in bidder's press in its sale's line.
   * @returns the bid's outcome (see {@link placeOnlineBid}). @throws a database error.
   */
  submit(userId: number, input: OnlineBidInput): Promise<OnlineBidResult> {
    return new Promise<OnlineBidResult>((resolve, reject) => {
      const queue = this.queues.get(input.saleId) ?? [];
      queue.push({ ...input, userId, resolve, reject });
      this.queues.set(input.saleId, queue);
      if (!this.running.has(input.saleId)) void this.drain(input.saleId);
    });
  }

  /** The room of `saleId` changed at `seq` (an event from any process): what the lane knew before it no longer holds. */
  forget(saleId: number, seq: number): void {
    const known = this.known.get(saleId);
    if (known && seq > known.seq) this.known.delete(saleId);
  }

  private async drain(saleId: number): Promise<void> {
    this.running.add(saleId);
    try {
      const queue = this.queues.get(saleId)!;
      while (queue.length > 0) {
        await this.answerStale(saleId, queue);
        const press = queue.shift();
        if (!press) break;
        try {
          const result = await this.deps.runner.run(placeOnlineBid, userActor(press.userId), press);
          if (result.ok && result.seq != null && result.lot_id != null && result.high_bid != null && result.asking != null) {
            const known = this.known.get(saleId);
            if (!known || result.seq > known.seq)
              this.known.set(saleId, { seq: result.seq, lotId: result.lot_id, high: result.high_bid, asking: result.asking });
          }
          press.resolve(result);
        } catch (err) {
          press.reject(err);
        }
      }
      this.queues.delete(saleId);
    } finally {
      this.running.delete(saleId);
    }
  }

  /** Answers the waiting presses below the known asking price on the known lot; repeats of a made press stay in line. */
  private async answerStale(saleId: number, queue: Press[]): Promise<void> {
    const known = this.known.get(saleId);
    if (!known) return;
    const stale = queue.filter((p) => p.lotId === known.lotId && p.amount < known.asking);
    if (stale.length === 0) return;
    let pressed: Map<string, number | null>;
    try {
      pressed = await findPressedKeys(
        this.deps.db,
        stale.map((p) => ({ userId: p.userId, key: p.idempotencyKey })),
      );
    } catch (err) {
      this.deps.logger?.warn({ err }, 'reading pressed keys failed; placing each press in full');
      return;
    }
    const answered = new Set(stale.filter((p) => !pressed.has(pressKey(p.userId, p.idempotencyKey))));
    for (const p of answered) p.resolve({ ok: false, message: LIVE_MESSAGES.takenFirst(kwacha(known.high)) });
    const rest = queue.filter((p) => !answered.has(p));
    queue.splice(0, queue.length, ...rest);
  }
}

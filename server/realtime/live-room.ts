import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { liveBidInputSchema, liveJoinInputSchema, LIVE_MESSAGES, type LiveBidAck, type LiveJoinAck } from '@shared/schemas/live-sale.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { buildLiveState } from '../live/live.service.js';
import type { LiveBidLane } from '../live/live-bid-lane.js';
import { findLiveSaleInfo } from '../live/live.repository.js';
import { checkSubscription } from '../subscriptions/subscriptions.service.js';
import type { GavelIo, GavelSocket } from './io.js';
import { rooms } from './rooms.js';

/** The answer to a `live:join` or `live:bid` that went wrong unexpectedly (logged). */
const SERVER_ERROR = 'Something went wrong. Please try again.';

/**
 * Handles a socket's live-room events (issue 15 "Contract"):
 * - `live:join {sale_id}`: anyone may watch; joins `sale:{id}` (operators also `sale:{id}:clerks`)
 *   and answers the state now with what the viewer may do. A page re-joins on every reconnect
 *   and takes the snapshot's `seq` as its new start: nothing missed, nothing doubled.
 * - `live:leave {sale_id}`.
 * - `live:bid {sale_id, lot_id, amount, idempotency_key}`: signed-in bidders only; placed by
 *   the sale's line of presses in this process ({@link LiveBidLane}); answers `{ok, leading}` or `{ok: false, message}`.
 */
export function attachLiveRoom(s: GavelSocket, deps: { db: Kysely<Database>; bids?: LiveBidLane; logger: Logger }): void {
  const data = s.data;
  s.on('live:join', async (payload: unknown, ack?: (a: LiveJoinAck) => void) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    const parsed = liveJoinInputSchema.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, message: 'sale_id must be a positive integer' });
    try {
      const sale = await findLiveSaleInfo(deps.db, parsed.data.sale_id);
      if (!sale || !sale.published) return reply({ ok: false, message: 'Sale not found' });
      if (sale.kind !== 'live') return reply({ ok: false, message: LIVE_MESSAGES.notLiveSale });
      await s.join(rooms.sale(sale.id));
      if (data.operator) await s.join(rooms.saleClerks(sale.id));
      const state = await buildLiveState(deps.db, sale, data.operator);
      const registration = data.userId != null ? await checkSubscription(deps.db, data.userId, sale.id) : null;
      reply({
        ok: true,
        state,
        viewer: {
          user_id: data.userId,
          can_bid: registration?.subscribed === true,
          registration: registration?.registration_status ?? (registration?.subscribed ? 'active' : 'none'),
        },
      });
    } catch (err) {
      deps.logger.error({ err }, 'live:join failed');
      reply({ ok: false, message: SERVER_ERROR });
    }
  });
  s.on('live:leave', async (payload: unknown, ack?: (a: { ok: boolean }) => void) => {
    const parsed = liveJoinInputSchema.safeParse(payload);
    if (parsed.success) {
      await s.leave(rooms.sale(parsed.data.sale_id));
      await s.leave(rooms.saleClerks(parsed.data.sale_id));
    }
    if (typeof ack === 'function') ack({ ok: parsed.success });
  });
  s.on('live:bid', async (payload: unknown, ack?: (a: LiveBidAck) => void) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    if (data.userId == null) return reply({ ok: false, message: LIVE_MESSAGES.signIn });
    const parsed = liveBidInputSchema.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid bid' });
    if (!deps.bids) return reply({ ok: false, message: SERVER_ERROR });
    try {
      const { sale_id, lot_id, amount, idempotency_key } = parsed.data;
      const result = await deps.bids.submit(data.userId, { saleId: sale_id, lotId: lot_id, amount, idempotencyKey: idempotency_key });
      reply(result.ok ? { ok: true, leading: result.leading } : { ok: false, message: result.message });
    } catch (err) {
      if (err instanceof AppError && err.isOperational) return reply({ ok: false, message: err.message });
      deps.logger.error({ err }, 'live:bid failed');
      reply({ ok: false, message: SERVER_ERROR });
    }
  });
}

/**
 * Pushes a live sale's state to its room after a change (`live.changed`, or a bid or close on its
 * lot): the public state to `sale:{id}` (operators' sockets excepted) and the operators' state to
 * `sale:{id}:clerks`, read after the commit. Changes that come while a push is being read are
 * folded into one more push with the newest state, so a burst of bids costs a few reads, and
 * every page ends on the newest `seq`.
 */
export class LiveRoomPresenter {
  private readonly busy = new Set<number>();
  private readonly dirty = new Set<number>();

  constructor(private readonly deps: { io: GavelIo; db: Kysely<Database>; logger: Logger }) {}

  /** The sale's room changed: push its state when anyone watches it. */
  changed(saleId: number): void {
    if (!this.deps.io.sockets.adapter.rooms.has(rooms.sale(saleId))) return;
    if (this.busy.has(saleId)) {
      this.dirty.add(saleId);
      return;
    }
    this.busy.add(saleId);
    void this.push(saleId)
      .catch((err: unknown) => this.deps.logger.error({ err, sale_id: saleId }, 'pushing the live room failed'))
      .finally(() => {
        this.busy.delete(saleId);
        if (this.dirty.delete(saleId)) this.changed(saleId);
      });
  }

  private async push(saleId: number): Promise<void> {
    const sale = await findLiveSaleInfo(this.deps.db, saleId);
    if (!sale) return;
    const local = this.deps.io.local;
    const clerks = rooms.saleClerks(saleId);
    const [publicState, operatorState] = await Promise.all([
      buildLiveState(this.deps.db, sale, false),
      this.deps.io.sockets.adapter.rooms.has(clerks) ? buildLiveState(this.deps.db, sale, true) : null,
    ]);
    local.to(rooms.sale(saleId)).except(clerks).emit('live:state', publicState);
    if (operatorState) local.to(clerks).emit('live:state', operatorState);
  }
}

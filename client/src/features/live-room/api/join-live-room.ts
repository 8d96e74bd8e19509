import { liveJoinAckSchema, type LiveJoinAck } from '@shared/schemas/live-sale.schema';
import type { GavelSocket } from '../../../lib/socket';

/** How long a `live:join` may wait for its acknowledgement before the page says it cannot join (ms). */
export const JOIN_ACK_TIMEOUT_MS = 10_000;

/**
 * `live:join {sale_id}` over `socket` (anyone may watch): resolves to the parsed acknowledgement,
 * `{ok: true, state, viewer}` or `{ok: false, message}` (e.g. 'Sale not found', 'This sale is not
 * a live auction.'). Rejects when no acknowledgement comes within {@link JOIN_ACK_TIMEOUT_MS}
 * (connection lost; the page joins again on the next connect) or when the answer does not match
 * the contract. Source: issue 15 "Contract".
 */
export function joinLiveRoom(socket: GavelSocket, saleId: number): Promise<LiveJoinAck> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new Error('The live room did not answer in time.'));
    }, JOIN_ACK_TIMEOUT_MS);
    socket.emit('live:join', { sale_id: saleId }, (raw: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const parsed = liveJoinAckSchema.safeParse(raw);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error('The live room sent an answer this page does not understand.'));
    });
  });
}

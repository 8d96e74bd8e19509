import { liveBidAckSchema, type LiveBidAck, type LiveBidInput } from '@shared/schemas/live-sale.schema';
import type { GavelSocket } from '../../../lib/socket';

/** How long one `live:bid` waits for its acknowledgement before it counts as lost (ms). */
export const BID_ACK_TIMEOUT_MS = 5_000;

/** A `live:bid` that got no acknowledgement in time (the connection dropped, or the server is slow). */
export class BidAckTimeoutError extends Error {
  constructor() {
    super('No answer to the bid in time.');
    this.name = 'BidAckTimeoutError';
  }
}

/**
 * Sends `live:bid {sale_id, lot_id, amount, idempotency_key}` once over `socket` and resolves to
 * the parsed acknowledgement: `{ok: true, leading, state?}` or `{ok: false, message, state?}` (the
 * server's refusal text, e.g. 'Another bid was taken first at MK 1,250,000'). Rejects with
 * {@link BidAckTimeoutError} when no acknowledgement comes within {@link BID_ACK_TIMEOUT_MS}; the
 * caller then sends the SAME input again once connected, and the server answers a known key with
 * its first outcome instead of taking a second bid. Call it only while the socket is connected (a
 * bid emitted while disconnected would wait in the client's send buffer and go out later by
 * itself). Amount in whole MWK. Source: issue 15 "Contract".
 */
export function sendLiveBid(socket: GavelSocket, input: LiveBidInput): Promise<LiveBidAck> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new BidAckTimeoutError());
    }, BID_ACK_TIMEOUT_MS);
    socket.emit('live:bid', input, (raw: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const parsed = liveBidAckSchema.safeParse(raw);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error('The live room sent an answer this page does not understand.'));
    });
  });
}

/**
 * A fresh idempotency key for one press of the bid button: a UUID v4. `crypto.randomUUID` exists
 * only on secure pages (HTTPS, localhost); elsewhere the key is built from `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

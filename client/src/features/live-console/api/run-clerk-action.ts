import { liveConsoleSchema, type LiveAction } from '@shared/schemas/live-sale.schema';
import { apiSend } from '../../../lib/api-client';
import type { LiveConsoleData } from './get-live-console';

/** The body an action carries: open `{lot_id?}`, floor-bid `{paddle?}`, message `{text}`; the others none. */
export type ClerkActionBody = { lot_id?: number } | { paddle?: string | null } | { text: string } | undefined;

/**
 * `POST /api/admin/live/{saleId}/{action}` → the room and the lots after the clerk's action (the
 * same shape as {@link getLiveConsole}). Rejects with the api client's error: 409 `{message}` when
 * the room refuses the action (e.g. "Lot 3 has no bid to sell to."), 422 `{message, errors}` for
 * bad input (a paddle or message too long). Source: issue 15 "Contract".
 */
export async function runClerkAction(saleId: number, action: LiveAction, body?: ClerkActionBody): Promise<LiveConsoleData> {
  return liveConsoleSchema.parse(await apiSend('POST', `/api/admin/live/${saleId}/${action}`, body ?? {})).data;
}

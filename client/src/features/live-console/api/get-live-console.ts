import { liveConsoleSchema, type LiveConsoleLot, type LiveState } from '@shared/schemas/live-sale.schema';
import { apiGet } from '../../../lib/api-client';

/** What the clerk's console shows: the room as operators see it and the sale's lots in order. */
export interface LiveConsoleData {
  state: LiveState;
  lots: LiveConsoleLot[];
}

/**
 * `GET /api/admin/live/{saleId}` → the live room's state as operators see it (online bidders' full
 * names, reserves) and the sale's lots in order. Rejects with the api client's error (404 'Sale not
 * found', 409 when the sale is not a published live auction). Source: issue 15 "Contract".
 */
export async function getLiveConsole(saleId: number): Promise<LiveConsoleData> {
  return liveConsoleSchema.parse(await apiGet(`/api/admin/live/${saleId}`)).data;
}

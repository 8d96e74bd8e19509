import { expect } from 'vitest';
import { closeAuction, type CloseResult } from '../../server/auctions/auctions.commands.js';
import { systemActor } from '../../server/events/domain-events.js';
import type { RunningServer } from '../../server/server.js';
import { createItem } from './factories.js';
import { TestClient } from './http-client.js';

/**
 * An online lot (`name`, starting at `target` MWK) that `winner` bids `amount` on through
 * `POST /ajax-bid`, then closed at once by the close command as the job would: sold to them,
 * with their order. @returns the lot and the close's result.
 */
export async function sellLotTo(
  server: RunningServer,
  winner: { token: string },
  lot: { name?: string; target?: number; amount?: number } = {},
): Promise<{ itemId: number; closed: CloseResult }> {
  const db = server.database.db;
  const target = lot.target ?? 1000;
  const itemId = await createItem(db, { name: lot.name, target_amount: target });
  const bid = await new TestClient(server.url, winner.token).post('/ajax-bid', { item_id: itemId, amount: lot.amount ?? target + 1 });
  expect(bid.status).toBe(200);
  await db
    .updateTable('items')
    .set({ date_to: new Date(Date.now() - 1000) })
    .where('id', '=', itemId)
    .execute();
  const closed = await server.runner.run(closeAuction, systemActor('test'), { itemId });
  return { itemId, closed };
}

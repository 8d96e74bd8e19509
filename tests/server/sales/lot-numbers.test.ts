import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../../server/events/domain-events.js';
import type { Command } from '../../../server/events/command-runner.js';
import { restaggerSale } from '../../../server/sales/sales.commands.js';
import { createTestRunner } from '../../helpers/commands.js';
import { createAuctionType, createCustomer, createItem } from '../../helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

const numbersOf = async (saleId: number) =>
  (await testDb.db.selectFrom('items').select(['id', 'lot_number']).where('auction_type_id', '=', saleId).orderBy('lot_number').execute()).map((r) => [
    r.id,
    r.lot_number,
  ]);

describe('lot numbers follow every way a lot reaches a sale (issue 13 "Sales")', () => {
  it('when lots are created in a sale, one by one or many in one statement, then they are numbered 1, 2, 3 … after its last lot', async () => {
    const sale = await createAuctionType(testDb.db, 'online');
    const a = await createItem(testDb.db, { auction_type_id: sale });
    const b = await createItem(testDb.db, { auction_type_id: sale });
    const bulk = await testDb.db
      .insertInto('items')
      .values([1, 2, 3].map((n) => ({ name: `Bulk ${n}`, target_amount: 1000, auction_type_id: sale })))
      .returning('id')
      .execute();
    expect(await numbersOf(sale)).toEqual([[a, 1], [b, 2], ...bulk.map((r, i) => [r.id, 3 + i])]);
  });

  it('when a lot moves to another sale, then it takes the next number there; a number given on purpose is kept', async () => {
    const from = await createAuctionType(testDb.db, 'online');
    const to = await createAuctionType(testDb.db, 'online');
    const stays = await createItem(testDb.db, { auction_type_id: to });
    const moving = await createItem(testDb.db, { auction_type_id: from });
    await testDb.db.updateTable('items').set({ auction_type_id: to }).where('id', '=', moving).execute();
    expect(await numbersOf(to)).toEqual([
      [stays, 1],
      [moving, 2],
    ]);
    const placed = await testDb.db
      .insertInto('items')
      .values({ name: 'Placed', target_amount: 1000, auction_type_id: to, lot_number: 9 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await numbersOf(to)).at(-1)).toEqual([placed.id, 9]);
  });

  it('when another command adds a lot to a staggered sale and calls restaggerSale, then the lot gets its staggered end in that transaction and the event names it', async () => {
    const { runner, events } = createTestRunner(testDb.db);
    const operator = await createCustomer(testDb.db);
    const sale = await createAuctionType(testDb.db, 'online');
    const end = new Date(Date.now() + 3600_000);
    await testDb.db.updateTable('auction_types').set({ date_to: end, stagger_seconds: 20 }).where('id', '=', sale).execute();
    // Lot 1, already at the sale's end.
    await createItem(testDb.db, { auction_type_id: sale, date_to: end });
    const addLot: Command<{ saleId: number }, number> = async (trx, _actor, input) => {
      const row = await trx
        .insertInto('items')
        .values({ name: 'New lot', target_amount: 5000, auction_type_id: input.saleId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rescheduled = await restaggerSale(trx, input.saleId);
      return { result: row.id, events: rescheduled ? [rescheduled] : [] };
    };
    const added = await runner.run(addLot, operatorActor(operator.id), { saleId: sale });
    const row = await testDb.db.selectFrom('items').select(['lot_number', 'date_to']).where('id', '=', added).executeTakeFirstOrThrow();
    expect(row).toEqual({ lot_number: 2, date_to: new Date(end.getTime() + 20_000) });
    expect(events.at(-1)).toMatchObject({
      type: 'sale.closes_rescheduled',
      subject: { type: 'sale', id: sale },
      payload: { closes: [{ item_id: added, lot_number: 2, before: null, after: new Date(end.getTime() + 20_000).toISOString() }] },
    });
  });
});

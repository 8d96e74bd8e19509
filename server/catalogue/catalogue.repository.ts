import type { Kysely } from 'kysely';
import { CATALOGUE_COLUMNS } from '@shared/schemas/catalogue-import.schema.js';
import type { Database } from '../db/types.js';

/** A lot as the catalogue export writes it: the import's columns, then its number, status and result. */
export async function listCatalogueRows(db: Kysely<Database>, saleId?: number) {
  let q = db
    .selectFrom('items')
    .select(['id', ...CATALOGUE_COLUMNS, 'lot_number', 'status', 'bid_count', 'bid_amount', 'closed_at'])
    .orderBy('auction_type_id')
    .orderBy('lot_number')
    .orderBy('id');
  if (saleId) q = q.where('auction_type_id', '=', saleId);
  return q.execute();
}

/** Whether a sale (auction type) exists. */
export async function saleExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('auction_types').select('id').where('id', '=', id).executeTakeFirst());
}

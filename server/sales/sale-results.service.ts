import type { Kysely } from 'kysely';
import { saleCharges, sellThroughPercent } from '@shared/rules/settlement.js';
import type { SaleResultLot, SaleResults } from '@shared/schemas/sale-results.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { getVatRatePercent } from '../settings/settings.repository.js';
import { findSaleTerms, listSaleResultRows } from './sale-results.repository.js';
import { SALE_NOT_FOUND } from './sales.service.js';

/** How many lots the results name as the top lots. */
const TOP_LOTS = 5;

/**
 * A sale's results (see the shared schema): each lot's outcome — sold when closed to a buyer (or
 * marked sold), unsold, withdrawn, or still open — with the premium and VAT of each sold lot
 * ({@link saleCharges} per lot; the totals are charged on the hammer total). Source: issue 13
 * "Settlement and results". @throws AppError 404 'Sale not found'.
 */
export async function getSaleResults(db: Kysely<Database>, saleId: number): Promise<SaleResults> {
  const sale = await findSaleTerms(db, saleId);
  if (!sale) throw AppError.notFound(SALE_NOT_FOUND);
  const premiumPercent = Number(sale.buyers_premium_percent);
  const vatRate = await getVatRatePercent(db);
  const lots: SaleResultLot[] = (await listSaleResultRows(db, saleId)).map((r) => {
    const sold = r.closed_by != null || r.status === 'sold';
    const outcome = sold ? 'sold' : r.status === 'unsold' ? 'unsold' : r.status === 'withdrawn' ? 'withdrawn' : 'open';
    const hammer = sold && r.bid_amount != null ? Number(r.bid_amount) : null;
    const charges = hammer != null ? saleCharges([hammer], premiumPercent, vatRate) : null;
    return {
      id: Number(r.id),
      lot_number: r.lot_number,
      code: r.code,
      name: r.name,
      outcome,
      bid_count: Number(r.bid_count),
      hammer_price: hammer,
      premium: charges?.premium ?? null,
      vat: charges?.vat ?? null,
      buyer: sold && r.closed_by != null ? { id: Number(r.closed_by), name: r.buyer_name ?? '' } : null,
    };
  });
  const count = (o: SaleResultLot['outcome']) => lots.filter((l) => l.outcome === o).length;
  const counts = { lots: lots.length, sold: count('sold'), unsold: count('unsold'), withdrawn: count('withdrawn'), open: count('open') };
  const hammers = lots.flatMap((l) => (l.hammer_price != null ? [l.hammer_price] : []));
  return {
    sale: { id: Number(sale.id), name: sale.name, buyers_premium_percent: premiumPercent },
    vat_rate_percent: vatRate,
    counts,
    sell_through_percent: sellThroughPercent(counts.sold, counts.unsold),
    totals: saleCharges(hammers, premiumPercent, vatRate),
    top_lots: lots
      .filter((l) => l.hammer_price != null)
      .sort((a, b) => b.hammer_price! - a.hammer_price!)
      .slice(0, TOP_LOTS),
    lots,
  };
}

/** The results' lots as CSV rows (lot number, code, name, outcome, bids, hammer, premium, VAT, buyer). */
export function saleResultCsvRows(results: SaleResults): Record<string, string | number>[] {
  return results.lots.map((l) => ({
    lot_number: l.lot_number ?? '',
    code: l.code ?? '',
    name: l.name,
    outcome: l.outcome,
    bids: l.bid_count,
    hammer_price: l.hammer_price ?? '',
    premium: l.premium ?? '',
    vat: l.vat ?? '',
    buyer: l.buyer?.name ?? '',
  }));
}

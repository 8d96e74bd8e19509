/** VAT on the buyer's premium unless operators set another rate (Malawi's standard rate). Source: issue 13 "Settlement and results". */
export const DEFAULT_VAT_RATE_PERCENT = 16.5;

/** Days a buyer has to pay an invoice after their lot closes unless operators set another. Source: issue 13 "Settlement". */
export const DEFAULT_PAYMENT_DUE_DAYS = 3;

/** Rounds an amount of kwacha to the tambala (2 decimals), halves away from zero. */
export function roundTambala(amount: number): number {
  return (Math.sign(amount) * Math.round(Math.abs(amount) * 100 + Number.EPSILON)) / 100;
}

/** What a buyer owes on a hammer price: the premium, the VAT on it, and the total (MWK). */
export interface SaleCharges {
  hammer: number;
  premium: number;
  vat: number;
  total: number;
}

/**
 * The charges on hammer prices (MWK): the buyer's premium at `premiumPercent` of the hammer total
 * and VAT at `vatPercent` of the premium (VAT is charged on the auctioneer's premium, not on the
 * goods' hammer price), each rounded to the tambala once, on the total of the lots.
 * Source: issue 13 "Settlement and results".
 */
export function saleCharges(hammerPrices: readonly number[], premiumPercent: number, vatPercent: number = DEFAULT_VAT_RATE_PERCENT): SaleCharges {
  const hammer = roundTambala(hammerPrices.reduce((sum, p) => sum + p, 0));
  const premium = roundTambala((hammer * premiumPercent) / 100);
  const vat = roundTambala((premium * vatPercent) / 100);
  return { hammer, premium, vat, total: roundTambala(hammer + premium + vat) };
}

/** Lots sold as a share of the lots offered (sold + unsold), in percent with one decimal; null when none closed. */
export function sellThroughPercent(sold: number, unsold: number): number | null {
  const offered = sold + unsold;
  return offered === 0 ? null : Math.round((sold / offered) * 1000) / 10;
}

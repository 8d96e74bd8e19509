/** What an advert's countdown and button need of it. Times ISO 8601 (or null). */
export interface AdvertTiming {
  date_to: string | null;
  auction_type_id?: number | null;
  sale?: { id: number; date_from: string | null; date_to: string | null } | null;
}

/** The countdown a banner shows: its target time (ISO, or null for none) and what it counts to. */
export interface AdvertCountdown {
  target: string | null;
  /** `starts`: to a linked sale's start; `ends`: to a linked sale's end (it is live); `advert`: to the advert's own end (spec). */
  counts_to: 'starts' | 'ends' | 'advert';
}

/** The registration page every advert links to (spec/accounts-and-shell.md §1). */
export const ADVERT_REGISTRATION_PATH = '/register-bid';

/**
 * Where a banner's countdown runs. An advert linked to a sale with dates counts to the sale's
 * start while it is ahead, then to its end while the sale is live (zero afterwards); an advert
 * without a link (or whose sale has no dates) counts to its own `date_to`, as the spec says.
 * Source: spec/accounts-and-shell.md §4 "Banner countdown"; issue 20 item 4.
 */
export function advertCountdown(advert: AdvertTiming, now: Date): AdvertCountdown {
  const sale = advert.sale;
  if (sale) {
    const from = sale.date_from ? Date.parse(sale.date_from) : NaN;
    if (Number.isFinite(from) && now.getTime() < from) return { target: sale.date_from, counts_to: 'starts' };
    if (sale.date_to && Number.isFinite(Date.parse(sale.date_to))) return { target: sale.date_to, counts_to: 'ends' };
  }
  return { target: advert.date_to, counts_to: 'advert' };
}

/**
 * Where a banner's button goes: a linked sale's registration with that sale chosen
 * (`/register-bid?auction_type_id={id}`), otherwise the bid-registration page.
 * Source: spec/accounts-and-shell.md §1 (adverts link to bid registration); issue 20 item 4.
 */
export function advertHref(advert: AdvertTiming): string {
  const id = advert.sale?.id ?? advert.auction_type_id ?? null;
  return id != null ? `${ADVERT_REGISTRATION_PATH}?auction_type_id=${id}` : ADVERT_REGISTRATION_PATH;
}

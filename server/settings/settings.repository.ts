import type { Kysely } from 'kysely';
import { normaliseBidFactor, normaliseIncrement } from '@shared/rules/bidding.js';
import { DEFAULT_PAYMENT_DUE_DAYS, DEFAULT_VAT_RATE_PERCENT } from '@shared/rules/settlement.js';
import { auctioneerContactSchema, DEFAULT_AUCTIONEER_CONTACT, type AuctioneerContact } from '@shared/schemas/auctioneer-contact.schema.js';
import {
  DEFAULT_COD_RESERVATION_HOURS,
  DEFAULT_SOFT_CLOSE_MINUTES,
  MAX_COD_RESERVATION_HOURS,
  MAX_SITE_SOFT_CLOSE_MINUTES,
  type SiteSettingsView,
} from '@shared/schemas/site-settings.schema.js';
import type { Database } from '../db/types.js';

/** Reads one setting's JSON value, or `fallback` when it is missing. */
export async function getSetting<T>(db: Kysely<Database>, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (row.value as T) : fallback;
}

/** Writes one setting (JSON-encoded). */
export async function putSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }))
    .execute();
}

/** The bid increment in MWK: setting `auction_bid_increment`, minimum 1, default 1. Source: spec/shopping.md §5. */
export async function getBidIncrement(db: Kysely<Database>): Promise<number> {
  return normaliseIncrement(await getSetting<unknown>(db, 'auction_bid_increment', 1));
}

/**
 * The bid form's settings in one query: `increment` (MWK, setting `auction_bid_increment`,
 * minimum 1, default 1) and `maxBidFactor` (setting `max_bid_factor`, at least 1, default 10:
 * a plain bid may be at most that many times the minimum next bid).
 * Source: spec/shopping.md §5, §7; the factor from the fault-hardening review.
 */
export async function getBidSettings(db: Kysely<Database>): Promise<{ increment: number; maxBidFactor: number }> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['auction_bid_increment', 'max_bid_factor']).execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return { increment: normaliseIncrement(value('auction_bid_increment') ?? 1), maxBidFactor: normaliseBidFactor(value('max_bid_factor')) };
}

/** Whether bid histories mask bidders' names to others: setting `mask_bidder_names`, default false. Source: issue 20 item 8. */
export async function getMaskBidderNames(db: Kysely<Database>): Promise<boolean> {
  return (await getSetting<unknown>(db, 'mask_bidder_names', false)) === true;
}

/** VAT on the buyer's premium, percent: setting `vat_rate_percent`, default {@link DEFAULT_VAT_RATE_PERCENT}. Source: issue 13. */
export async function getVatRatePercent(db: Kysely<Database>): Promise<number> {
  const v = Number(await getSetting<unknown>(db, 'vat_rate_percent', DEFAULT_VAT_RATE_PERCENT));
  return Number.isFinite(v) && v >= 0 && v <= 100 ? v : DEFAULT_VAT_RATE_PERCENT;
}

/**
 * Days a buyer has to pay an invoice after their lot closes: setting `payment_due_days`, a whole
 * number 1–60, default {@link DEFAULT_PAYMENT_DUE_DAYS}. Source: issue 13 "Settlement".
 */
export async function getPaymentDueDays(db: Kysely<Database>): Promise<number> {
  const v = Number(await getSetting<unknown>(db, 'payment_due_days', DEFAULT_PAYMENT_DUE_DAYS));
  return Number.isInteger(v) && v >= 1 && v <= 60 ? v : DEFAULT_PAYMENT_DUE_DAYS;
}

/**
 * The site's soft close in minutes: setting `soft_close_minutes`, a whole number 0–60 (0: off),
 * default {@link DEFAULT_SOFT_CLOSE_MINUTES}. The bid path reads the same row (a sale's own
 * `soft_close_minutes` wins when set). Source: issue 13 "Settlement and results".
 */
export async function getSoftCloseMinutes(db: Kysely<Database>): Promise<number> {
  const v = Number(await getSetting<unknown>(db, 'soft_close_minutes', DEFAULT_SOFT_CLOSE_MINUTES));
  return Number.isInteger(v) && v >= 0 && v <= MAX_SITE_SOFT_CLOSE_MINUTES ? v : DEFAULT_SOFT_CLOSE_MINUTES;
}

/**
 * Hours a new cash-on-delivery order reserves its items: setting `cod_reservation_hours`, a whole
 * number 1–336, default {@link DEFAULT_COD_RESERVATION_HOURS}. The checkout reads the same row;
 * each order stores its own `reserved_until`, so a change applies to new orders only.
 * Source: spec/shopping.md §2 "Payment success page", §9; issue 13.
 */
export async function getCodReservationHours(db: Kysely<Database>): Promise<number> {
  const v = Number(await getSetting<unknown>(db, 'cod_reservation_hours', DEFAULT_COD_RESERVATION_HOURS));
  return Number.isInteger(v) && v >= 1 && v <= MAX_COD_RESERVATION_HOURS ? v : DEFAULT_COD_RESERVATION_HOURS;
}

/**
 * The auctioneer's contact details and office hours (setting `auctioneer_contact`), as the About
 * page, the footer and invoices show them; {@link DEFAULT_AUCTIONEER_CONTACT} while unset (or
 * should the stored value not read as one). Never throws for a bad stored value.
 * Source: issue 13 "Settlement and results".
 */
export async function getAuctioneerContact(db: Kysely<Database>): Promise<AuctioneerContact> {
  const parsed = auctioneerContactSchema.safeParse(await getSetting<unknown>(db, 'auctioneer_contact', null));
  return parsed.success ? parsed.data : { ...DEFAULT_AUCTIONEER_CONTACT };
}

/** The settings of the operators' Settings screen. Source: issue 20 item 8; issue 13 (VAT, payment deadline, soft close, COD hold, contact). */
export async function readSiteSettings(db: Kysely<Database>): Promise<SiteSettingsView> {
  return {
    mask_bidder_names: await getMaskBidderNames(db),
    vat_rate_percent: await getVatRatePercent(db),
    payment_due_days: await getPaymentDueDays(db),
    soft_close_minutes: await getSoftCloseMinutes(db),
    cod_reservation_hours: await getCodReservationHours(db),
    auctioneer_contact: await getAuctioneerContact(db),
  };
}

import { z } from 'zod';
import { auctioneerContactSchema, type AuctioneerContact } from './auctioneer-contact.schema.js';

/**
 * Minutes a late bid on an online lot moves its close to (the site's soft close; a sale may set
 * its own) unless operators set another; 0 turns the soft close off. Source: the reference data
 * migration (soft close 2 minutes); issue 13 "Settlement and results".
 */
export const DEFAULT_SOFT_CLOSE_MINUTES = 2;
/** Most minutes the site's soft close may be (as a sale's own). Source: issue 13. */
export const MAX_SITE_SOFT_CLOSE_MINUTES = 60;

/**
 * Hours a cash-on-delivery order reserves its items unless operators set another. Source:
 * spec/shopping.md §2 "Payment success page", §9 (from the server; the reference data holds 48).
 */
export const DEFAULT_COD_RESERVATION_HOURS = 48;
/** Most hours a cash-on-delivery reservation may be set to (two weeks). Source: issue 13. */
export const MAX_COD_RESERVATION_HOURS = 336;

/**
 * The settings operators change on the Settings screen, as `GET /api/admin/settings` answers them.
 * `mask_bidder_names`: bid histories show others a shortened name and a bidder number per lot
 * instead of the full name (default false: names shown, as the spec says). Source: issue 20 item 8.
 * `vat_rate_percent`: VAT on the buyer's premium in sale results and invoices; `payment_due_days`:
 * an invoice's payment deadline after the lot closes; `soft_close_minutes`, `cod_reservation_hours` and
 * `auctioneer_contact` (the contact details and office hours on About, the footer and invoices).
 * Source: issue 13.
 */
export interface SiteSettingsView {
  mask_bidder_names: boolean;
  /** VAT charged on the buyer's premium, percent (default 16.5; issue 13 "Settlement and results"). */
  vat_rate_percent: number;
  /** Days a buyer has to pay a sale's invoice after their lot closes (default 3; issue 13 "Settlement"). */
  payment_due_days: number;
  /** The site's soft close, minutes (0: off; default 2). A sale's own `soft_close_minutes` wins when set. */
  soft_close_minutes: number;
  /** Hours a cash-on-delivery order reserves its items (default 48); orders keep the hours they were placed with. */
  cod_reservation_hours: number;
  /** The auctioneer's contact details and office hours (About page, footer, invoices). */
  auctioneer_contact: AuctioneerContact;
}

/** `PATCH /api/admin/settings`: the settings to change (at least one). */
export const siteSettingsPatchSchema = z
  .object({
    mask_bidder_names: z.boolean({ message: 'Choose on or off.' }).optional(),
    vat_rate_percent: z
      .number({ message: 'The VAT rate must be a number.' })
      .min(0, 'The VAT rate may not be negative.')
      .max(100, 'The VAT rate may be at most 100 %.')
      .refine((v) => Math.round(v * 100) === v * 100, 'The VAT rate may have at most two decimals.')
      .optional(),
    payment_due_days: z
      .number({ message: 'The payment deadline must be a number of days.' })
      .int('The payment deadline must be a whole number of days.')
      .min(1, 'Give buyers at least 1 day to pay.')
      .max(60, 'The payment deadline may be at most 60 days.')
      .optional(),
    soft_close_minutes: z
      .number({ message: 'The soft close must be a number of minutes.' })
      .int('The soft close must be a whole number of minutes.')
      .min(0, 'The soft close may not be negative (0 turns it off).')
      .max(MAX_SITE_SOFT_CLOSE_MINUTES, `The soft close may be at most ${MAX_SITE_SOFT_CLOSE_MINUTES} minutes.`)
      .optional(),
    cod_reservation_hours: z
      .number({ message: 'The cash-on-delivery hold must be a number of hours.' })
      .int('The cash-on-delivery hold must be a whole number of hours.')
      .min(1, 'Hold cash-on-delivery items for at least 1 hour.')
      .max(MAX_COD_RESERVATION_HOURS, `The cash-on-delivery hold may be at most ${MAX_COD_RESERVATION_HOURS} hours (14 days).`)
      .optional(),
    auctioneer_contact: auctioneerContactSchema.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.', path: ['_'] });
/** Parsed {@link siteSettingsPatchSchema}. */
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;

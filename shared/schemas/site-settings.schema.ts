import { z } from 'zod';

/**
 * The settings operators change on the Settings screen, as `GET /api/admin/settings` answers them.
 * `mask_bidder_names`: bid histories show others a shortened name and a bidder number per lot
 * instead of the full name (default false: names shown, as the spec says). Source: issue 20 item 8.
 * `vat_rate_percent`: VAT on the buyer's premium in sale results and invoices; `payment_due_days`:
 * an invoice's payment deadline after the lot closes. Source: issue 13.
 */
export interface SiteSettingsView {
  mask_bidder_names: boolean;
  /** VAT charged on the buyer's premium, percent (default 16.5; issue 13 "Settlement and results"). */
  vat_rate_percent: number;
  /** Days a buyer has to pay a sale's invoice after their lot closes (default 3; issue 13 "Settlement"). */
  payment_due_days: number;
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
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.', path: ['_'] });
/** Parsed {@link siteSettingsPatchSchema}. */
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;

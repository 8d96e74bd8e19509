import { z } from 'zod';

/**
 * The settings operators change on the Settings screen, as `GET /api/admin/settings` answers them.
 * `mask_bidder_names`: bid histories show others a shortened name and a bidder number per lot
 * instead of the full name (default false: names shown, as the spec says). Source: issue 20 item 8.
 * `vat_rate_percent`: VAT on the buyer's premium in sale results and invoices. Source: issue 13.
 */
export interface SiteSettingsView {
  mask_bidder_names: boolean;
  /** VAT charged on the buyer's premium, percent (default 16.5; issue 13 "Settlement and results"). */
  vat_rate_percent: number;
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
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.', path: ['_'] });
/** Parsed {@link siteSettingsPatchSchema}. */
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;

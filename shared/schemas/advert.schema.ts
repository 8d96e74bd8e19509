import { z } from 'zod';
import type { MediaVariantView } from './lot.schema.js';

/** Advert as the API answers it. Source: spec/accounts-and-shell.md §3 "Advert". */
export interface AdvertView {
  id: number;
  image: string | null;
  /** `image` at 480, 800 and 1200 px wide as WebP and AVIF URLs, widest last; empty for a banner stored before sizes were kept (issue 17). */
  image_variants: MediaVariantView[];
  description: string | null;
  link_url: string;
  date_from: string;
  date_to: string;
  active: boolean;
  status_id: number;
  /** The sale (auction type) the advert announces, or null (issue 20 item 4). */
  auction_type_id: number | null;
  /** That sale's name and dates (ISO 8601 UTC), or null when not linked. */
  sale: AdvertSale | null;
}

/** The sale an advert announces: its countdown and registration link follow it. */
export interface AdvertSale {
  id: number;
  name: string;
  date_from: string | null;
  date_to: string | null;
}

/**
 * The advert form's sale field: a sale id, or empty / 'null' / null to unlink (multipart sends
 * text). Source: issue 20 item 4.
 */
const saleLink = z.preprocess(
  (v) => (v === '' || v === 'null' || v === 'none' ? null : v),
  z.coerce.number({ message: 'Choose a sale from the list.' }).int('Choose a sale from the list.').positive('Choose a sale from the list.').nullable(),
);

const date = (field: string) =>
  z
    .string({ message: `The ${field} is required.` })
    .min(1, `The ${field} is required.`)
    .refine((v) => !Number.isNaN(new Date(v).getTime()), `The ${field} is not a valid date.`)
    .transform((v) => new Date(v));

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])]).transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Operator's create/edit form (multipart: fields + optional `image` file). */
export const advertInputSchema = z
  .object({
    description: z.string().trim().min(3, 'The description must be at least 3 characters.').max(300),
    date_from: date('start date'),
    date_to: date('end date'),
    active: flag.optional().default(true),
    link_url: z
      .string()
      .trim()
      .regex(/^\/[^\s]*$/, 'The link must be a path on this site, such as /register-bid.')
      .optional(),
    auction_type_id: saleLink.optional(),
  })
  .refine((v) => !(v.date_to instanceof Date && v.date_from instanceof Date) || v.date_to.getTime() > v.date_from.getTime(), {
    message: 'The end date must be after the start date.',
    path: ['date_to'],
  });
export type AdvertInput = z.infer<typeof advertInputSchema>;

/** Partial edit. */
export const advertPatchSchema = z.object({
  description: z.string().trim().min(3, 'The description must be at least 3 characters.').max(300).optional(),
  date_from: date('start date').optional(),
  date_to: date('end date').optional(),
  active: flag.optional(),
  link_url: z
    .string()
    .trim()
    .regex(/^\/[^\s]*$/, 'The link must be a path on this site, such as /register-bid.')
    .optional(),
  auction_type_id: saleLink.optional(),
});

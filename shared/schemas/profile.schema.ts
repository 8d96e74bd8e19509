import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../messages/accounts.js';
import { CHECKOUT_MESSAGES as CM } from '../messages/checkout.js';
import { districtFitsRegion } from '../rules/checkout.js';
import { BILLING_COUNTRY, DEFAULT_POSTAL_CODE, districtNamed, OTHER_DISTRICT, regionNamed } from '../rules/regions.js';

/**
 * `POST /profile` body: name, email, optional password (4+ characters) with its confirmation;
 * a blank password keeps the current one; `current_password` when the email or password changes. Source: spec/accounts-and-shell.md §3 "Profile form", §5.
 */
export const profileInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(120, 'Name may not be longer than 120 characters.'),
    email: z.string().trim().min(1, { message: M.emailRequired, abort: true }).max(190).email('Please enter a valid email address'),
    password: z.string().max(200).optional().nullable(),
    password_confirmation: z.string().max(200).optional().nullable(),
    /** Needed to change the email address or the password (issue 18); checked by the server. */
    current_password: z.string().max(200).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (!v.password) return;
    if (v.password.length < 4) ctx.addIssue({ code: 'custom', path: ['password'], message: M.passwordTooShort });
    if (v.password !== (v.password_confirmation ?? '')) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: M.passwordsDoNotMatch });
  });
export type ProfileInput = z.infer<typeof profileInputSchema>;

const tooLong = (what: string, max: number) => `${what} may not be longer than ${max} characters.`;
const notMalawi = (v: string) => v.trim().toLowerCase() !== BILLING_COUNTRY.toLowerCase();

/**
 * Body of `POST /api/me/billing-address`, the saved shape (spec/shopping.md §3, §7): `address1`
 * (street address), `town` (the region), `state` (the district), `zip`, `country`, `email`,
 * `phone`. The checkout billing step's rules and texts apply (spec/shopping.md §5): street
 * address required ('Street address is required'); region required and one of Central, Southern,
 * Northern ('Region is required'); district required ('State is required'), never the 'Other
 * (please specify)' placeholder, and a listed district must belong to the region (a typed one
 * may be anything); postal code optional, 00000 when blank; country Malawi (blank → Malawi, any
 * other → 'Billing addresses must be in Malawi'). Region and listed districts come out spelled
 * as the lists spell them. `email` and `phone` are optional (the checkout sends them blank).
 * Used by the server (422 `{message, errors}`) and by the profile's edit form.
 */
export const billingAddressInputSchema = z
  .object({
    address1: z.string({ error: CM.addressRequired }).trim().min(1, { message: CM.addressRequired, abort: true }).max(255, tooLong('Street address', 255)),
    town: z
      .string({ error: CM.regionRequired })
      .trim()
      .min(1, { message: CM.regionRequired, abort: true })
      .refine((v) => regionNamed(v) !== undefined, CM.regionRequired)
      .transform((v) => regionNamed(v) ?? v),
    state: z
      .string({ error: CM.districtRequired })
      .trim()
      .min(1, { message: CM.districtRequired, abort: true })
      .max(80, tooLong('District', 80))
      .refine((v) => v.toLowerCase() !== OTHER_DISTRICT.toLowerCase(), CM.districtRequired)
      .transform(districtNamed),
    zip: z
      .string()
      .trim()
      .max(20, tooLong('Postal code', 20))
      .nullish()
      .transform((v) => v || DEFAULT_POSTAL_CODE),
    country: z
      .string()
      .trim()
      .nullish()
      .refine((v) => !v || !notMalawi(v), CM.countryNotMalawi)
      .transform(() => BILLING_COUNTRY),
    email: z
      .union([z.literal(''), z.string().trim().email('Please enter a valid email address').max(190)])
      .optional()
      .nullable(),
    phone: z.string().trim().max(40).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (typeof v.town === 'string' && typeof v.state === 'string' && !districtFitsRegion(v.town, v.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: CM.districtRequired });
    }
  });
export type BillingAddressInput = z.infer<typeof billingAddressInputSchema>;

/** A stored billing address as `GET/POST /api/me/billing-address` answer it in `data`. */
export interface BillingAddress {
  address1: string;
  town: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  email: string | null;
  phone: string | null;
  updated_at: string;
}

/** Query of `GET /api/my/draft-orders`: page (1+), per_page (1-100, default 10), search. */
export const draftOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(10).default(10),
  search: z.string().trim().max(100).optional().catch(undefined),
});
export type DraftOrdersQuery = z.infer<typeof draftOrdersQuerySchema>;

/** A purchase-history entry. Source: spec/accounts-and-shell.md §3 "Draft order". */
export interface DraftOrder {
  id: number;
  order_id: number;
  order_reference: string;
  created_at: string;
  amount_total: number;
  sub_total: number;
  vat: number;
  discount: number;
  currency: string;
  payment_method: string | null;
  payment_reference: string | null;
  status: { name: string; code: string };
  customer: { name: string | null; email: string | null; phone: string | null };
  line_items: { id: number; name: string; quantity: number; unit_price: number; amount: number }[];
  /** End of a cash-on-delivery reservation (ISO 8601), null otherwise: the date a reserved order must be paid by. */
  reserved_until: string | null;
  /** When the payment was confirmed (ISO 8601), null while unpaid. */
  paid_at: string | null;
  /**
   * A won lot's order is the buyer's invoice for a sale (issue 13 "Settlement and results"): the
   * sale, the buyer's premium on the hammer total (`sub_total`) and its percent, the VAT rate on
   * the premium (`vat` is that VAT), and the payment deadline (ISO 8601). Null / 0 for a checkout.
   */
  invoice: {
    sale: { id: number; name: string } | null;
    premium: number;
    premium_percent: number;
    vat_rate_percent: number;
    due_at: string | null;
    /** Who the buyer pays: the auctioneer's name, address, phone and e-mail (settings; issue 13). */
    seller: { company_name: string; physical_address: string; postal_address: string | null; phone: string; email: string };
  } | null;
}

/** Paged answer: `data` plus `meta {current_page, last_page, per_page, total, from, to}`. */
export interface Paged<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number; from: number | null; to: number | null };
}

import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../messages/accounts.js';

/**
 * `POST /profile` body: name, email, optional password (4+ characters) with its confirmation;
 * a blank password keeps the current one. Source: spec/accounts-and-shell.md §3 "Profile form", §5.
 */
export const profileInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(120, 'Name may not be longer than 120 characters.'),
    email: z.string().trim().min(1, { message: M.emailRequired, abort: true }).max(190).email('Please enter a valid email address'),
    password: z.string().max(200).optional().nullable(),
    password_confirmation: z.string().max(200).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (!v.password) return;
    if (v.password.length < 4) ctx.addIssue({ code: 'custom', path: ['password'], message: M.passwordTooShort });
    if (v.password !== (v.password_confirmation ?? '')) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: M.passwordsDoNotMatch });
  });
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** Billing address fields (server shape of spec/accounts-and-shell.md §3): address1, town, state, zip, country, email, phone. */
export const billingAddressInputSchema = z.object({
  address1: z.string().trim().min(1, 'Address is required.').max(255),
  town: z.string().trim().max(120).optional().nullable(),
  state: z.string().trim().max(120).optional().nullable(),
  zip: z.string().trim().max(20).optional().nullable(),
  country: z.string().trim().max(80).optional().nullable(),
  email: z.union([z.literal(''), z.string().trim().email('Please enter a valid email address').max(190)]).optional().nullable(),
  phone: z.string().trim().max(40).optional().nullable(),
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
}

/** Paged answer: `data` plus `meta {current_page, last_page, per_page, total, from, to}`. */
export interface Paged<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number; from: number | null; to: number | null };
}

import { z } from 'zod';
import { pageQueryFields } from './query-fields.js';
import { paginationSchema } from './watchlist.schema.js';

/** How the operators' invoice list filters by state: unpaid (awaiting payment, not yet due), overdue (past its deadline), paid, or all. */
export const INVOICE_FILTERS = ['all', 'unpaid', 'overdue', 'paid'] as const;

/**
 * Query of `GET /api/admin/invoices`: `sale_id` (one sale's invoices), `status` (see
 * {@link INVOICE_FILTERS}; default all), `search` (part of the invoice number, the buyer's name,
 * e-mail or phone; case-insensitive: the bank transfer's reference finds its invoice), `page`
 * (from 1), `per_page` (1-100, default 20). Source: issue 13 "Settlement and results".
 */
export const adminInvoicesQuerySchema = z.object({
  sale_id: z.coerce.number({ message: 'The sale must be a sale id.' }).int('The sale must be a sale id.').positive('The sale must be a sale id.').optional(),
  status: z.enum(INVOICE_FILTERS, { message: 'Filter by all, unpaid, overdue or paid.' }).default('all'),
  search: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  ...pageQueryFields(20),
});
/** Parsed {@link adminInvoicesQuerySchema}. */
export type AdminInvoicesQuery = z.infer<typeof adminInvoicesQuerySchema>;

/** An invoice's state as operators read it: awaiting payment before or after its deadline, paid, or cancelled. */
export type InvoiceState = 'unpaid' | 'overdue' | 'paid' | 'cancelled';

/** A buyer's invoice for a sale as the operators' list shows it (money MWK, times ISO 8601 UTC). */
export const adminInvoiceSchema = z.object({
  id: z.number().int(),
  /** The invoice number: the reference a bank transfer quotes. */
  invoice_number: z.string(),
  sale: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  buyer: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  lots: z.array(z.object({ item_id: z.number().int().nullable(), name: z.string(), hammer_price: z.number() })),
  hammer_total: z.number(),
  premium: z.number(),
  premium_percent: z.number(),
  vat: z.number(),
  vat_rate_percent: z.number(),
  total: z.number(),
  due_at: z.string().nullable(),
  state: z.enum(['unpaid', 'overdue', 'paid', 'cancelled']),
  /** How the buyer chose to pay or the operator recorded it (null: not chosen yet). */
  payment_method: z.string().nullable(),
  payment_reference: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
/** Parsed {@link adminInvoiceSchema}. */
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

/** Answer of `GET /api/admin/invoices`: one page (earliest deadline first) and the amounts of every invoice matching the filters but the state. */
export const adminInvoicePageSchema = z.object({
  data: z.array(adminInvoiceSchema),
  meta: paginationSchema,
  summary: z.object({
    unpaid: z.object({ count: z.number().int(), total: z.number() }),
    overdue: z.object({ count: z.number().int(), total: z.number() }),
    paid: z.object({ count: z.number().int(), total: z.number() }),
  }),
});
/** Parsed {@link adminInvoicePageSchema}. */
export type AdminInvoicePage = z.infer<typeof adminInvoicePageSchema>;

/**
 * Body of `POST /api/admin/invoices/{id}/lots/{itemId}`: take an unpaid lot off its buyer's invoice
 * and offer it to the next bidder at their highest bid (`second_chance`) or leave it unsold to be
 * relisted (`release`), with the reason (kept in the audit trail). Source: issue 13 "Settlement".
 */
export const reofferLotInputSchema = z.object({
  action: z.enum(['second_chance', 'release'], { message: 'Choose: offer it to the next bidder, or release it to relist.' }),
  reason: z
    .string({ message: 'Give the reason (e.g. not paid by the deadline).' })
    .trim()
    .min(3, 'Give the reason (e.g. not paid by the deadline).')
    .max(200, 'Keep the reason to 200 characters.'),
});
/** Parsed {@link reofferLotInputSchema}. */
export type ReofferLotInput = z.infer<typeof reofferLotInputSchema>;

import { z } from 'zod';
import { pageQueryFields } from './query-fields.js';
import { blankToNull, formDateTime, formText } from './form-fields.js';
import { MAX_STAGGER_SECONDS } from '../rules/staggered-close.js';
import { itemSchema } from './item.schema.js';
import { paginationSchema } from './watchlist.schema.js';

/**
 * Sales (issue 13 "Sales"): the spec's auction type as the auctioneer runs it. A sale has a
 * kind (online or live; daily-sale types are listed too but not created here), a branch, its
 * description and terms, its dates, whether bidders register with a deposit (and how much), the
 * buyer's premium, its soft-close minutes, the seconds between its lots' closes (online), and is
 * a draft until published. Amounts in MWK, times ISO 8601 UTC.
 */

/** Kinds a sale is created as. */
export const SALE_KINDS = ['online', 'live'] as const;
/** One of {@link SALE_KINDS}. */
export type SaleKind = (typeof SALE_KINDS)[number];

/** A sale is a draft (operators only) until published. */
export const SALE_STATUSES = ['draft', 'published'] as const;
/** One of {@link SALE_STATUSES}. */
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** The largest deposit a sale asks (MWK), as the money columns hold. */
export const MAX_DEPOSIT = 1_000_000_000;
/** The longest soft-close window a sale may set, minutes. */
export const MAX_SOFT_CLOSE_MINUTES = 60;

/** A numeric string from a form is its number. */
const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z.preprocess(
    (v) => numeric(blankToNull(v)),
    z
      .number({ message: `The ${label} must be a number.` })
      .int(`The ${label} must be a whole number of ${unit}.`)
      .min(min, `The ${label} must be at least ${min} ${unit}.`)
      .max(max, `The ${label} may not be more than ${max} ${unit}.`)
      .nullable(),
  );

const flag = (label: string) =>
  z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ message: `${label} must be true or false.` }));

/** The fields a sale is made of, each optional (what a PATCH may send). */
const saleFields = {
  name: z
    .string({ message: 'The name is required.' })
    .trim()
    .min(3, 'The name must be at least 3 characters.')
    .max(120, 'The name may not be longer than 120 characters.'),
  kind: z.enum(SALE_KINDS, { message: 'Choose whether the sale is online or live.' }),
  branch_id: z.preprocess(
    (v) => numeric(blankToNull(v)),
    z.number({ message: 'Choose a branch from the list.' }).int('Choose a branch from the list.').positive('Choose a branch from the list.').nullable(),
  ),
  description: formText('description', 5000),
  terms: formText('terms', 20_000),
  webcast_url: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.trim()) : blankToNull(v)),
    z
      .string({ message: 'The webcast must be a web address.' })
      .max(500, 'The webcast address may not be longer than 500 characters.')
      .regex(/^https?:\/\/\S+$/i, 'The webcast must be a web address starting with https://.')
      .nullable(),
  ),
  date_from: formDateTime('start'),
  date_to: formDateTime('end'),
  deposit_required: flag('Whether a deposit is required'),
  deposit_amount: z.preprocess(
    (v) => numeric(blankToNull(v)),
    z
      .number({ message: 'The deposit must be an amount in kwacha.' })
      .min(0, 'The deposit may not be negative.')
      .max(MAX_DEPOSIT, 'The deposit may not be more than MK 1,000,000,000.')
      .refine((n) => Math.round(n * 100) === n * 100, 'The deposit has at most two decimals.')
      .nullable(),
  ),
  buyers_premium_percent: z.preprocess(
    (v) => numeric(blankToNull(v) ?? 0),
    z
      .number({ message: "The buyer's premium must be a percentage." })
      .min(0, "The buyer's premium may not be negative.")
      .max(100, "The buyer's premium may not be more than 100%.")
      .refine((n) => Math.round(n * 100) === n * 100, "The buyer's premium has at most two decimals."),
  ),
  soft_close_minutes: wholeNumber('soft-close window', 0, MAX_SOFT_CLOSE_MINUTES, 'minutes'),
  stagger_seconds: wholeNumber('time between lots', 0, MAX_STAGGER_SECONDS, 'seconds'),
};

/** What a sale is once a create or an edit is applied: the fields the cross-field rules read. */
export interface SaleRuleFields {
  kind: string;
  date_from: Date | null;
  date_to: Date | null;
  deposit_required: boolean;
  deposit_amount: number | null;
  stagger_seconds: number | null;
}

/**
 * The rules between a sale's fields, as `{field: [message]}` (empty when none is broken): the
 * end after the start; a deposit amount when a deposit is required (live sales always require
 * one); a stagger only for online sales, and only with an end to stagger from.
 * Used by the create schema, by the server on the merged state of an edit, and by the form.
 */
export function saleRuleErrors(sale: SaleRuleFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (sale.date_from && sale.date_to && sale.date_to.getTime() <= sale.date_from.getTime()) errors.date_to = ['The end must be after the start.'];
  if ((sale.deposit_required || sale.kind === 'live') && (sale.deposit_amount == null || sale.deposit_amount <= 0)) {
    errors.deposit_amount = ['Enter the deposit bidders pay to register.'];
  }
  if (sale.stagger_seconds != null && sale.kind !== 'online') errors.stagger_seconds = ['Only online sales close their lots one after another.'];
  else if (sale.stagger_seconds != null && !sale.date_to) errors.date_to = ['Set the end of the sale: the first lot closes then.'];
  return errors;
}

/** Adds {@link saleRuleErrors} to a zod refinement context. */
function addRuleIssues(errors: Record<string, string[]>, ctx: z.RefinementCtx): void {
  for (const [field, messages] of Object.entries(errors)) for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
}

/**
 * `POST /api/admin/sales`: a new sale (a draft until published). `name` and `kind` are required;
 * the rest default to none, no deposit (live sales require one), 0% premium, the site's soft
 * close and no stagger. 422 `{message, errors}` names every field that is wrong.
 */
export const saleInputSchema = z
  .object({
    name: saleFields.name,
    kind: saleFields.kind,
    branch_id: saleFields.branch_id.optional().default(null),
    description: saleFields.description.optional().default(null),
    terms: saleFields.terms.optional().default(null),
    webcast_url: saleFields.webcast_url.optional().default(null),
    date_from: saleFields.date_from.optional().default(null),
    date_to: saleFields.date_to.optional().default(null),
    deposit_required: saleFields.deposit_required.optional().default(false),
    deposit_amount: saleFields.deposit_amount.optional().default(null),
    buyers_premium_percent: saleFields.buyers_premium_percent.optional().default(0),
    soft_close_minutes: saleFields.soft_close_minutes.optional().default(null),
    stagger_seconds: saleFields.stagger_seconds.optional().default(null),
  })
  .superRefine((sale, ctx) => addRuleIssues(saleRuleErrors({ ...sale, deposit_required: sale.deposit_required || sale.kind === 'live' }), ctx));
/** Parsed {@link saleInputSchema}. */
export type SaleInput = z.infer<typeof saleInputSchema>;

/**
 * `PATCH /api/admin/sales/{id}`: the fields to change (at least one). The rules between fields
 * ({@link saleRuleErrors}) are checked by the server on the sale as it would be.
 */
export const salePatchSchema = z
  .strictObject(
    {
      name: saleFields.name.optional(),
      kind: saleFields.kind.optional(),
      branch_id: saleFields.branch_id.optional(),
      description: saleFields.description.optional(),
      terms: saleFields.terms.optional(),
      webcast_url: saleFields.webcast_url.optional(),
      date_from: saleFields.date_from.optional(),
      date_to: saleFields.date_to.optional(),
      deposit_required: saleFields.deposit_required.optional(),
      deposit_amount: saleFields.deposit_amount.optional(),
      buyers_premium_percent: saleFields.buyers_premium_percent.optional(),
      soft_close_minutes: saleFields.soft_close_minutes.optional(),
      stagger_seconds: saleFields.stagger_seconds.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `A sale has no field ${issue.keys.map((k) => `'${k}'`).join(', ')}.` : undefined) },
  )
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), {
    message: 'Send at least one field to change.',
    path: ['_'],
    when: (payload) => payload.issues.length === 0,
  });
/** Parsed {@link salePatchSchema}. */
export type SalePatch = z.infer<typeof salePatchSchema>;

/** `PATCH /api/admin/sales/{id}/lots`: every lot of the sale, by id, in the new order (lot 1 first). */
export const saleLotsOrderSchema = z.object({
  item_ids: z
    .array(z.number({ message: 'Each lot is named by its id.' }).int('Each lot is named by its id.').positive('Each lot is named by its id.'), {
      message: 'Send the lots in their new order as item_ids.',
    })
    .min(1, 'Send the lots in their new order as item_ids.')
    .max(10_000, 'A sale holds at most 10,000 lots.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each lot may appear once in the order.'),
});
/** Parsed {@link saleLotsOrderSchema}. */
export type SaleLotsOrder = z.infer<typeof saleLotsOrderSchema>;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Query of `GET /api/admin/sales`: `kind` (cash, online, live), `status` (draft, published), `search` (in the name). */
export const adminSalesQuerySchema = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(['cash', 'online', 'live'], { message: 'The kind must be one of: cash, online, live.' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(SALE_STATUSES, { message: 'The status must be draft or published.' }).optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(120, 'The search may not be longer than 120 characters.').optional()),
});
/** Parsed {@link adminSalesQuerySchema}. */
export type AdminSalesQuery = z.infer<typeof adminSalesQuerySchema>;

/** Query of `GET /api/sales/{id}/lots`: a 1-based page of `per_page` lots (1-100, default 48), in lot order. */
export const saleLotsQuerySchema = z.object(pageQueryFields(48));

/** A sale as bidders see it (`GET /api/sales/{id}`, the catalogue page). */
export const publicSaleSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['cash', 'online', 'live']),
  branch: z.object({ id: z.number(), name: z.string() }).nullable(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  /** A live sale's webcast (an HLS `.m3u8` stream or an embeddable player's URL), null for none (issue 15). */
  webcast_url: z.string().nullable(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  deposit_required: z.boolean(),
  deposit_amount: z.number().nullable(),
  buyers_premium_percent: z.number(),
  soft_close_minutes: z.number().nullable(),
  stagger_seconds: z.number().nullable(),
  lot_count: z.number(),
});
/** Parsed {@link publicSaleSchema}. */
export type PublicSale = z.infer<typeof publicSaleSchema>;

/** What `/admin/sales` shows of each sale besides its fields. Money in MWK. */
export const saleFiguresSchema = z.object({
  lots: z.number(),
  open: z.number(),
  sold: z.number(),
  unsold: z.number(),
  withdrawn: z.number(),
  bids: z.number(),
  /** Sum of the sold lots' hammer prices. */
  hammer_total: z.number(),
  registrations_pending: z.number(),
  registrations_active: z.number(),
});
/** Parsed {@link saleFiguresSchema}. */
export type SaleFigures = z.infer<typeof saleFiguresSchema>;

/** A sale as operators see it (`/api/admin/sales`): every field, its status and its figures. */
export const saleViewSchema = publicSaleSchema.omit({ lot_count: true }).extend({
  status: z.enum(SALE_STATUSES),
  published_at: z.string().nullable(),
  active: z.boolean(),
  branch_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the last lot closes (online sales with a stagger), else null. */
  last_close_at: z.string().nullable(),
  figures: saleFiguresSchema,
});
/** Parsed {@link saleViewSchema}. */
export type SaleView = z.infer<typeof saleViewSchema>;

/** A lot on a sale's page (operators): its number, name, code, status, end, price and bids. */
export const saleLotSchema = z.object({
  id: z.number(),
  lot_number: z.number().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  status: z.string(),
  closed: z.boolean(),
  date_to: z.string().nullable(),
  target_amount: z.number(),
  bid_amount: z.number().nullable(),
  bid_count: z.number(),
  image: z.string().nullable(),
});
/** Parsed {@link saleLotSchema}. */
export type SaleLot = z.infer<typeof saleLotSchema>;

/** `GET /api/admin/sales/{id}`: the sale and its lots in lot order. */
export const saleDetailSchema = z.object({ data: saleViewSchema, lots: z.array(saleLotSchema) });
/** Parsed {@link saleDetailSchema}. */
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/** `GET /api/sales/{id}/lots`: one page of the sale's lots (the public Item shape, with `lot_number`) in lot order. */
export const saleLotsPageSchema = z.object({ data: z.array(itemSchema), meta: paginationSchema });
/** Parsed {@link saleLotsPageSchema}. */
export type SaleLotsPage = z.infer<typeof saleLotsPageSchema>;

import { z } from 'zod';
import { blankToUndefined, optionalQueryId, pageQueryFields } from './query-fields.js';
import { blankToNull, formDateTime, formText } from './form-fields.js';
import { MAX_BID_AMOUNT } from '../rules/bidding.js';
import { paginationSchema } from './watchlist.schema.js';

/**
 * Lots (the spec's Item) as operators create and edit them (issue 13 "Lots (items)"). One set of
 * field rules serves the server's checks and the back-office form: {@link lotInputSchema} (a new
 * lot, or the whole form) and {@link lotPatchSchema} (the fields an edit changes). Amounts in
 * whole MWK, times ISO 8601 UTC. Bad input is a 422 `{message, errors: {field: [text]}}`.
 */

/** Conditions a lot is described with (the listing's condition filter offers the same). */
export const LOT_CONDITIONS = ['new', 'used', 'refurbished', 'repossessed'] as const;
/** One of {@link LOT_CONDITIONS}. */
export type LotCondition = (typeof LOT_CONDITIONS)[number];

/** A lot's status as stored: open (available), sold, unsold (closed without a sale) or withdrawn. */
export const LOT_STATUSES = ['available', 'sold', 'unsold', 'withdrawn'] as const;
/** One of {@link LOT_STATUSES}. */
export type LotStatus = (typeof LOT_STATUSES)[number];

/** The largest amount a lot may ask (MWK): the bid amount cap (shared/rules/bidding.ts). */
export const MAX_LOT_AMOUNT = MAX_BID_AMOUNT;
/** The largest quantity a daily-sale lot may hold. */
export const MAX_LOT_QUANTITY = 100_000;
/** The longest reason an operator may give for a withdrawal. */
export const MAX_REASON_LENGTH = 500;

/** A numeric string from a form is its number (thousands separators allowed). */
const numeric = (v: unknown) => {
  if (typeof v !== 'string' || v.trim() === '') return v;
  const n = Number(v.replace(/,/g, '').trim());
  return Number.isFinite(n) ? n : v;
};

const money = (label: string) =>
  z.preprocess(
    (v) => numeric(blankToNull(v)),
    z
      .number({ message: `The ${label} must be an amount in kwacha.` })
      .int(`The ${label} must be a whole number of kwacha.`)
      .min(0, `The ${label} may not be negative.`)
      .max(MAX_LOT_AMOUNT, `The ${label} may not be more than MK 999,999,999,999.`)
      .nullable(),
  );

const positiveId = (message: string) =>
  z.preprocess((v) => numeric(blankToNull(v)), z.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message).nullable());

const flag = (label: string) =>
  z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ message: `${label} must be true or false.` }));

/** The rules of each field of a lot (what a PATCH may send). */
export const lotFields = {
  name: z
    .string({ message: 'The name is required.' })
    .trim()
    .min(2, 'The name must be at least 2 characters.')
    .max(200, 'The name may not be longer than 200 characters.'),
  title: formText('title', 200),
  description: formText('description', 20_000),
  auction_type_id: z.preprocess(
    (v) => numeric(blankToNull(v)),
    z
      .number({ message: 'Choose the sale this lot is in.' })
      .int('Choose the sale this lot is in.')
      .positive('Choose the sale this lot is in.')
      .max(Number.MAX_SAFE_INTEGER, 'Choose the sale this lot is in.'),
  ),
  branch_id: positiveId('Choose a branch from the list.'),
  code: formText('code', 60),
  reference_number: formText('reference number', 60),
  target_amount: money('starting amount'),
  reserve_price: money('reserve price'),
  quantity: z.preprocess(
    (v) => numeric(blankToNull(v) ?? 1),
    z
      .number({ message: 'The quantity must be a whole number.' })
      .int('The quantity must be a whole number.')
      .min(1, 'The quantity must be at least 1.')
      .max(MAX_LOT_QUANTITY, `The quantity may not be more than ${MAX_LOT_QUANTITY.toLocaleString('en-GB')}.`),
  ),
  condition: z.preprocess(blankToNull, z.enum(LOT_CONDITIONS, { message: 'The condition must be one of: new, used, refurbished, repossessed.' }).nullable()),
  featured: flag('Featured'),
  date_from: formDateTime('start'),
  date_to: formDateTime('end'),
};

/** What the cross-field rules of a lot read (a create, or an edit merged with the stored lot). */
export interface LotRuleFields {
  date_from: Date | null;
  date_to: Date | null;
  target_amount: number | null;
}

/**
 * The rules between a lot's fields, as `{field: [message]}` (empty when none is broken): a
 * starting amount is required; the end after the start. Used by the create schema, by the server
 * on the merged state of an edit, and by the form.
 */
export function lotRuleErrors(lot: LotRuleFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (lot.target_amount == null) errors.target_amount = ['Enter the starting amount (or the price of a daily-sale lot).'];
  if (lot.date_from && lot.date_to && lot.date_to.getTime() <= lot.date_from.getTime()) errors.date_to = ['The end must be after the start.'];
  return errors;
}

/** Adds {@link lotRuleErrors} to a zod refinement context. */
function addRuleIssues(errors: Record<string, string[]>, ctx: z.RefinementCtx): void {
  for (const [field, messages] of Object.entries(errors)) for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
}

const unknownKeys = (what: string) => (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `${what} has no field ${(issue.keys ?? []).map((k) => `'${k}'`).join(', ')}.` : undefined;

/**
 * `POST /api/admin/lots` (and the whole back-office form): a new lot. `name`, `auction_type_id`
 * and `target_amount` are required; the rest default to none, quantity 1, not featured. The sale
 * and branch must exist (checked by the server). 422 names every field that is wrong.
 */
export const lotInputSchema = z
  .strictObject(
    {
      name: lotFields.name,
      title: lotFields.title.optional().default(null),
      description: lotFields.description.optional().default(null),
      auction_type_id: lotFields.auction_type_id,
      branch_id: lotFields.branch_id.optional().default(null),
      code: lotFields.code.optional().default(null),
      reference_number: lotFields.reference_number.optional().default(null),
      target_amount: lotFields.target_amount,
      reserve_price: lotFields.reserve_price.optional().default(null),
      quantity: lotFields.quantity.optional().default(1),
      condition: lotFields.condition.optional().default(null),
      featured: lotFields.featured.optional().default(false),
      date_from: lotFields.date_from.optional().default(null),
      date_to: lotFields.date_to.optional().default(null),
    },
    { error: unknownKeys('A lot') },
  )
  .superRefine((lot, ctx) => addRuleIssues(lotRuleErrors(lot), ctx));
/** Parsed {@link lotInputSchema}. */
export type LotInput = z.infer<typeof lotInputSchema>;

/**
 * `PATCH /api/admin/lots/{id}`: the fields to change (at least one), each with the rules of
 * {@link lotInputSchema}; the rules between fields are checked by the server on the lot as it would be.
 */
export const lotPatchSchema = z
  .strictObject(
    {
      name: lotFields.name.optional(),
      title: lotFields.title.optional(),
      description: lotFields.description.optional(),
      auction_type_id: lotFields.auction_type_id.optional(),
      branch_id: lotFields.branch_id.optional(),
      code: lotFields.code.optional(),
      reference_number: lotFields.reference_number.optional(),
      target_amount: lotFields.target_amount.optional(),
      reserve_price: lotFields.reserve_price.optional(),
      quantity: lotFields.quantity.optional(),
      condition: lotFields.condition.optional(),
      featured: lotFields.featured.optional(),
      date_from: lotFields.date_from.optional(),
      date_to: lotFields.date_to.optional(),
    },
    { error: unknownKeys('A lot') },
  )
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), {
    message: 'Send at least one field to change.',
    path: ['_'],
    when: (payload) => payload.issues.length === 0,
  });
/** Parsed {@link lotPatchSchema}. */
export type LotPatch = z.infer<typeof lotPatchSchema>;

const reasonSchema = z
  .string({ message: 'Give the reason for withdrawing the lot.' })
  .trim()
  .min(3, 'Give the reason for withdrawing the lot (at least 3 characters).')
  .max(MAX_REASON_LENGTH, `The reason may not be longer than ${MAX_REASON_LENGTH} characters.`);

/** `POST /api/admin/lots/{id}/withdraw {reason}`: why the lot leaves the sale (required; kept in the audit trail). */
export const withdrawLotSchema = z.object({ reason: reasonSchema });
/** Parsed {@link withdrawLotSchema}. */
export type WithdrawLotInput = z.infer<typeof withdrawLotSchema>;

/**
 * `POST /api/admin/lots/{id}/relist {auction_type_id, date_from?, date_to?}`: an unsold lot goes
 * up again as a new lot in a sale (its pictures and fields copied; no bids).
 */
export const relistLotSchema = z
  .object({
    auction_type_id: lotFields.auction_type_id,
    date_from: lotFields.date_from.optional().default(null),
    date_to: lotFields.date_to.optional().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.date_from && v.date_to && v.date_to.getTime() <= v.date_from.getTime())
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'The end must be after the start.' });
  });
/** Parsed {@link relistLotSchema}. */
export type RelistLotInput = z.infer<typeof relistLotSchema>;

/** Lots one bulk action may name at most. */
export const MAX_BULK_LOTS = 500;

/**
 * `POST /api/admin/lots/bulk {ids, action, reason?, auction_type_id?}`: withdraw the lots (a reason
 * is required) or move them to a sale (`auction_type_id` required). All or none.
 */
export const bulkLotsSchema = z
  .object({
    ids: z
      .array(z.number({ message: 'Each lot is named by its id.' }).int('Each lot is named by its id.').positive('Each lot is named by its id.'), {
        message: 'Choose the lots (ids).',
      })
      .min(1, 'Choose at least one lot.')
      .max(MAX_BULK_LOTS, `At most ${MAX_BULK_LOTS} lots at once.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each lot may be named once.'),
    action: z.enum(['withdraw', 'move'], { message: 'The action must be withdraw or move.' }),
    reason: z.preprocess(blankToNull, reasonSchema.nullable()).optional(),
    auction_type_id: lotFields.auction_type_id.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'withdraw' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason for withdrawing the lots.' });
    if (v.action === 'move' && v.auction_type_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['auction_type_id'], message: 'Choose the sale to move the lots to.' });
  });
/** Parsed {@link bulkLotsSchema}. */
export type BulkLotsInput = z.infer<typeof bulkLotsSchema>;

/** The statuses `GET /api/admin/lots` filters by: the stored ones, plus `open` (available and not closed) and `closed` (closed, awaiting its order). */
export const ADMIN_LOT_STATUS_FILTERS = ['open', 'closed', 'available', 'sold', 'unsold', 'withdrawn'] as const;

/**
 * Query of `GET /api/admin/lots`: `search` (words of the name, code or reference), `auction_type_id`
 * (the sale), `kind` (cash, online, live), `branch_id`, `status` ({@link ADMIN_LOT_STATUS_FILTERS}),
 * `has_pictures` (true/false), a 1-based `page` of `per_page` (1-100, default 25). Newest first.
 */
export const adminLotsQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(120, 'The search may not be longer than 120 characters.').optional()),
  auction_type_id: optionalQueryId('Choose a sale from the list.'),
  kind: z.preprocess(blankToUndefined, z.enum(['cash', 'online', 'live'], { message: 'The kind must be one of: cash, online, live.' }).optional()),
  branch_id: optionalQueryId('Choose a branch from the list.'),
  status: z.preprocess(
    blankToUndefined,
    z.enum(ADMIN_LOT_STATUS_FILTERS, { message: `The status must be one of: ${ADMIN_LOT_STATUS_FILTERS.join(', ')}.` }).optional(),
  ),
  has_pictures: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : blankToUndefined(v)),
    z.boolean({ message: 'has_pictures must be true or false.' }).optional(),
  ),
  ...pageQueryFields(25, { maxPage: 100_000 }),
});
/** Parsed {@link adminLotsQuerySchema}. */
export type AdminLotsQuery = z.infer<typeof adminLotsQuerySchema>;

/** One stored size of a picture: width in px and its WebP and AVIF URLs. */
export const mediaVariantSchema = z.object({ width: z.number(), webp: z.string(), avif: z.string() });
/** Parsed {@link mediaVariantSchema}. */
export type MediaVariantView = z.infer<typeof mediaVariantSchema>;

/** A lot's picture as operators manage it: position 0 is the cover; `variants` empty for older pictures. */
export const lotImageSchema = z.object({
  id: z.number(),
  url: z.string(),
  original_url: z.string(),
  position: z.number(),
  cover: z.boolean(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  variants: z.array(mediaVariantSchema),
});
/** Parsed {@link lotImageSchema}. */
export type LotImage = z.infer<typeof lotImageSchema>;

/** A lot as operators read it (`/api/admin/lots`): every field, its sale, status, bids and pictures. */
export const lotViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  auction_type_id: z.number(),
  sale: z.object({ id: z.number(), name: z.string(), kind: z.enum(['cash', 'online', 'live']), published: z.boolean() }),
  branch_id: z.number().nullable(),
  branch: z.object({ id: z.number(), name: z.string() }).nullable(),
  code: z.string().nullable(),
  reference_number: z.string().nullable(),
  target_amount: z.number(),
  reserve_price: z.number().nullable(),
  quantity: z.number(),
  condition: z.string().nullable(),
  featured: z.boolean(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  status: z.enum(LOT_STATUSES),
  /** Closed (by its close or the clerk's hammer) while its order settles. */
  closed: z.boolean(),
  withdrawn_reason: z.string().nullable(),
  lot_number: z.number().nullable(),
  bid_amount: z.number().nullable(),
  bid_count: z.number(),
  leader_id: z.number().nullable(),
  image: z.string().nullable(),
  images: z.array(lotImageSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
/** Parsed {@link lotViewSchema}. */
export type LotView = z.infer<typeof lotViewSchema>;

/** `GET /api/admin/lots`: one page of lots, newest first, with the spec's pagination fields. */
export const lotsPageSchema = z.object({ data: z.array(lotViewSchema), meta: paginationSchema });
/** Parsed {@link lotsPageSchema}. */
export type LotsPage = z.infer<typeof lotsPageSchema>;

/** `PATCH /api/admin/lots/{id}/images {order?, cover?}`: every picture's id in the new order, and/or the cover's id. */
export const lotImagesPatchSchema = z
  .object({
    order: z
      .array(z.number({ message: 'Each picture is named by its id.' }).int('Each picture is named by its id.').positive('Each picture is named by its id.'), {
        message: 'Send the pictures in their new order.',
      })
      .min(1, 'Send the pictures in their new order.')
      .max(200, 'A lot holds at most 200 pictures.')
      .refine((ids) => new Set(ids).size === ids.length, 'Each picture may appear once in the order.')
      .optional(),
    cover: z
      .number({ message: 'Name the cover picture by its id.' })
      .int('Name the cover picture by its id.')
      .positive('Name the cover picture by its id.')
      .optional(),
  })
  .refine((v) => v.order !== undefined || v.cover !== undefined, { message: 'Send the new order or the cover.', path: ['order'] });
/** Parsed {@link lotImagesPatchSchema}. */
export type LotImagesPatch = z.infer<typeof lotImagesPatchSchema>;

/** The largest picture file taken, bytes (issue 13). */
export const MAX_PICTURE_BYTES = 15 * 1024 * 1024;
/** The largest picture taken, pixels (40 megapixels; issue 13). */
export const MAX_PICTURE_PIXELS = 40_000_000;
/** Pictures one upload may carry. */
export const MAX_PICTURES_PER_UPLOAD = 20;
/** The widths (px) each picture is stored at, as WebP and AVIF (never wider than the original). */
export const PICTURE_WIDTHS = [320, 800, 1600] as const;

import { z } from 'zod';
import { listItemsQuerySchema } from './item.schema.js';

/** How often a saved search tells its owner: at once per lot, or in one morning digest. Source: issue 16 "Saved searches". */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;

/** A user keeps at most this many saved searches. */
export const MAX_SAVED_SEARCHES = 25;

/** The listing parameters a saved search keeps: those of `GET /ajax-items` but paging. */
export const SAVED_QUERY_KEYS = [
  'search',
  'type',
  'branch_id',
  'auction_type_id',
  'sort_by',
  'statuses',
  'auction_types',
  'locations',
  'conditions',
  'price_min',
  'price_max',
  'date_range',
  'date_from',
  'date_to',
  'has_images',
  'has_reserve',
  'featured_only',
] as const;

const queryValue = z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.string().max(100)).max(20)]);

/**
 * The listing query of a saved search: `GET /ajax-items` parameters (no paging), each checked by
 * the listing's own schema; unknown parameters are refused, and a query with no search words and
 * no filter (every new lot) is refused too.
 */
export const savedQuerySchema = z.record(z.string(), queryValue, { message: 'query must be the listing’s parameters.' }).superRefine((raw, ctx) => {
  for (const key of Object.keys(raw)) {
    if (!(SAVED_QUERY_KEYS as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', message: `Unknown listing parameter: ${key}.` });
  }
  const parsed = listItemsQuerySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || 'query'}: ${issue.message}` });
    return;
  }
  const q = parsed.data;
  const narrows =
    Boolean(q.search?.trim()) ||
    (q.type && q.type !== 'all') ||
    q.branch_id ||
    q.auction_type_id ||
    q.statuses.length ||
    q.auction_types.length ||
    q.locations.length ||
    q.conditions.length ||
    q.price_min !== undefined ||
    q.price_max !== undefined ||
    q.has_images ||
    q.has_reserve ||
    q.featured_only;
  if (!narrows) ctx.addIssue({ code: 'custom', message: 'Add search words or a filter before saving this search.' });
});

const nameSchema = z.string({ message: 'Give the search a name.' }).trim().min(1, 'Give the search a name.').max(80, 'The name may be at most 80 characters.');
const frequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { message: 'Choose how often: instant or daily.' });

/** `POST /api/saved-searches`. Source: issue 16 "Saved searches". */
export const createSavedSearchInputSchema = z.object({ name: nameSchema, query: savedQuerySchema, frequency: frequencySchema.default('instant') }).strict();
/** See {@link createSavedSearchInputSchema}. */
export type CreateSavedSearchInput = z.infer<typeof createSavedSearchInputSchema>;

/** `PATCH /api/saved-searches/{id}`: any of name, query, frequency and paused. */
export const updateSavedSearchInputSchema = z
  .object({ name: nameSchema, query: savedQuerySchema, frequency: frequencySchema, paused: z.boolean({ message: 'paused must be true or false.' }) })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
/** See {@link updateSavedSearchInputSchema}. */
export type UpdateSavedSearchInput = z.infer<typeof updateSavedSearchInputSchema>;

/** A saved search as its owner sees it; `last_match_at` is when it last matched a new lot. */
export const savedSearchViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  query: z.record(z.string(), queryValue),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  paused: z.boolean(),
  matches: z.number().int(),
  last_match_at: z.string().nullable(),
  created_at: z.string(),
});
/** See {@link savedSearchViewSchema}. */
export type SavedSearchView = z.infer<typeof savedSearchViewSchema>;

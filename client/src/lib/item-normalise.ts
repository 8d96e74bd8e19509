import { z } from 'zod';
import type { Item } from '@shared/schemas/item.schema';

const kind = z.enum(['cash', 'online', 'live']);
const num = (fallback: number) => z.coerce.number().catch(fallback);
const nullableNum = z.union([z.number(), z.null()]).catch(null);
const str = z.string().catch('');
const nullableStr = z.string().nullable().catch(null);

/**
 * Tolerant reading of an item: a numeric id is required (spec/shopping.md §4 "Listing
 * behaviour": items with no numeric id are dropped); any other field the server sent in the
 * wrong shape falls back to a neutral value instead of hiding the item.
 */
const tolerantItemSchema = z.object({
  id: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().positive()),
  name: str,
  title: str,
  description: nullableStr,
  target_amount: num(0),
  bid_amount: z.union([z.number(), z.null()]).catch(null),
  bid_count: num(0),
  min_next_bid: num(0),
  reserve_met: z.boolean().nullable().catch(null),
  viewer: z
    .object({ leading: z.boolean(), max_amount: z.number().nullable(), has_bid: z.boolean().catch(false) })
    .optional()
    .catch(undefined),
  auction_id: nullableNum,
  auction_type_id: num(0),
  auction_type: z
    .object({
      id: num(0),
      name: str,
      type: kind.catch('cash'),
      description: nullableStr.optional(),
      date_from: nullableStr.optional(),
      date_to: nullableStr.optional(),
    })
    .catch({ id: 0, name: '', type: 'cash' }),
  status: str,
  type: kind.catch('cash'),
  condition: nullableStr,
  featured: z.boolean().catch(false),
  cropped: nullableStr,
  image: nullableStr,
  media: z
    .array(
      z.object({
        id: z.number().optional(),
        url: z.string(),
        original_url: z.string(),
        variants: z
          .array(z.object({ width: z.number(), webp: z.string(), avif: z.string() }))
          .optional()
          .catch(undefined),
      }),
    )
    .catch([]),
  code: nullableStr,
  reference_number: nullableStr,
  date_from: nullableStr,
  date_to: nullableStr,
  closed_by: nullableNum,
  branch_id: nullableNum,
  branch: z.object({ id: z.number(), name: z.string() }).nullable().catch(null),
  is_reserved: z.boolean().catch(false),
  quantity: num(1),
  created_at: str,
  updated_at: str,
  /** A sale catalogue's lot number (issue 13 "Sales"). */
  lot_number: z.number().nullable().optional().catch(undefined),
});

/** Reads one item from the server; null when it has no numeric id. */
export function normaliseItem(raw: unknown): Item | null {
  const parsed = tolerantItemSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * Reads a result list: drops entries with no numeric id or whose id was already seen (in
 * `seen`, which is updated). Source: spec/shopping.md §4 "Listing behaviour".
 */
export function normaliseItemList(raw: unknown, seen: Set<number> = new Set()): Item[] {
  if (!Array.isArray(raw)) return [];
  const out: Item[] = [];
  for (const entry of raw) {
    const item = normaliseItem(entry);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

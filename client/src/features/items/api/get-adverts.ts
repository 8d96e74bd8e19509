import { z } from 'zod';
import type { MediaVariantView } from '@shared/schemas/lot.schema';
import { apiGet } from '../../../lib/api-client';

/** Advert (promotional banner). Source: spec/accounts-and-shell.md §3 "Advert". */
export interface Advert {
  id: number;
  image: string | null;
  /** `image` at several widths as WebP and AVIF, widest last; empty when the server keeps none (issue 17). */
  image_variants: MediaVariantView[];
  description: string | null;
  date_from: string | null;
  date_to: string | null;
  /** The sale (auction type) the advert announces, or null (issue 20 item 4). */
  auction_type_id: number | null;
  /** That sale's dates: the countdown runs to them. */
  sale: { id: number; name: string; date_from: string | null; date_to: string | null } | null;
}

const pictureSizeSchema = z.object({ width: z.coerce.number().int().positive(), webp: z.string(), avif: z.string() });

const saleSchema = z.object({
  id: z.coerce.number(),
  name: z.string(),
  date_from: z.string().nullable().catch(null),
  date_to: z.string().nullable().catch(null),
});

const advertSchema = z.object({
  id: z.coerce.number(),
  image: z.string().nullable().catch(null),
  image_variants: z.array(pictureSizeSchema).catch([]).optional(),
  description: z.string().nullable().catch(null),
  date_from: z.string().nullable().catch(null),
  date_to: z.string().nullable().catch(null),
  active: z.union([z.boolean(), z.number()]).optional().catch(undefined),
  status_id: z.coerce.number().optional().catch(undefined),
  auction_type_id: z.coerce.number().nullable().optional().catch(null),
  sale: saleSchema.nullable().optional().catch(null),
});

/**
 * Whether an advert is shown: active (or status_id 1) and now within its date range.
 * Source: spec/shopping.md §9 "Advert shown".
 */
export function isAdvertShown(a: z.infer<typeof advertSchema>, now: Date = new Date()): boolean {
  const active = a.active === true || a.active === 1 || a.status_id === 1;
  if (!active) return false;
  const from = a.date_from ? new Date(a.date_from).getTime() : -Infinity;
  const to = a.date_to ? new Date(a.date_to).getTime() : Infinity;
  return now.getTime() >= from && now.getTime() <= to;
}

async function fetchList(path: string): Promise<unknown[]> {
  const body = await apiGet(path);
  if (Array.isArray(body)) return body;
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) return data;
  throw new Error('Unexpected adverts answer');
}

/**
 * `GET /api/public/adverts`, falling back to `GET /api/adverts`; the shown adverts only.
 * Any failure answers an empty list (the home page then shows its hero).
 */
export async function getAdverts(): Promise<Advert[]> {
  let raw: unknown[];
  try {
    raw = await fetchList('/api/public/adverts');
  } catch {
    try {
      raw = await fetchList('/api/adverts');
    } catch {
      return [];
    }
  }
  return shownAdverts(raw);
}

/** The adverts of the first lookup ({@link loadAdverts}) once it finished; null before. */
let firstAdverts: Advert[] | null = null;
let firstLookup: Promise<Advert[]> | null = null;

/**
 * The first adverts lookup of this page view, shared: started at start-up on the home page so the
 * page renders with its adverts area in place (no hero swapped for banners later, issue 17 "No
 * layout shift"). Resolves to the shown adverts (empty on failure, as {@link getAdverts}).
 */
export function loadAdverts(): Promise<Advert[]> {
  firstLookup ??= getAdverts().then((list) => {
    firstAdverts = list;
    return list;
  });
  return firstLookup;
}

let firstLookupTaken = false;

/**
 * The adverts for a mounting adverts area: the first call takes the start-up lookup
 * ({@link loadAdverts}), later calls ask the server again ({@link getAdverts}).
 */
export function takeAdverts(): Promise<Advert[]> {
  if (firstLookupTaken) return getAdverts();
  firstLookupTaken = true;
  return loadAdverts();
}

/** The adverts of the first lookup if it already finished, else null. */
export function loadedAdverts(): Advert[] | null {
  return firstAdverts;
}

/**
 * The shown adverts of a raw list (the call's answer or an `advert:updated` payload), in the
 * client's shape. Entries that don't parse are dropped.
 */
export function shownAdverts(raw: unknown[], now: Date = new Date()): Advert[] {
  const out: Advert[] = [];
  for (const entry of raw) {
    const parsed = advertSchema.safeParse(entry);
    if (parsed.success && isAdvertShown(parsed.data, now)) {
      const { id, image, image_variants, description, date_from, date_to, auction_type_id, sale } = parsed.data;
      out.push({
        id,
        image,
        image_variants: image_variants ?? [],
        description,
        date_from,
        date_to,
        auction_type_id: auction_type_id ?? null,
        sale: sale ?? null,
      });
    }
  }
  return out;
}

import { SORT_OPTIONS, type SortOption } from '@shared/schemas/item.schema';
import type { QueryParams } from '../../../lib/api-client';

/** Category tab of the listing. */
export type Category = 'all' | 'cash' | 'online' | 'live';

/** Everything the home listing is filtered and sorted by. Source: spec/shopping.md §2 and §3 "Filter set". */
export interface ListingState {
  search: string;
  type: Category;
  sort: SortOption;
  statuses: string[];
  auctionTypes: string[];
  locations: string[];
  conditions: string[];
  priceMin: number | null;
  priceMax: number | null;
  hasImages: boolean;
  hasReserve: boolean;
  featuredOnly: boolean;
}

/** The listing with nothing chosen. */
export const EMPTY_LISTING: ListingState = {
  search: '',
  type: 'all',
  sort: 'newest',
  statuses: [],
  auctionTypes: [],
  locations: [],
  conditions: [],
  priceMin: null,
  priceMax: null,
  hasImages: false,
  hasReserve: false,
  featuredOnly: false,
};

/** Home page size. Source: spec/shopping.md §9. */
export const PAGE_SIZE = 9;

const CATEGORIES: readonly Category[] = ['all', 'cash', 'online', 'live'];

function list(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function price(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Reads the listing state from the address query: search, type, sort, statuses,
 * auction_types, locations, conditions (comma lists), price_min, price_max, has_images=1,
 * has_reserve=1, featured=1. Unknown values fall back to defaults. Source: spec/shopping.md §2.
 */
export function parseListingQuery(params: URLSearchParams): ListingState {
  const type = params.get('type');
  const sort = params.get('sort');
  return {
    search: params.get('search') ?? '',
    type: CATEGORIES.includes(type as Category) ? (type as Category) : 'all',
    sort: (SORT_OPTIONS as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : 'newest',
    statuses: list(params.get('statuses')),
    auctionTypes: list(params.get('auction_types')),
    locations: list(params.get('locations')),
    conditions: list(params.get('conditions')),
    priceMin: price(params.get('price_min')),
    priceMax: price(params.get('price_max')),
    hasImages: params.get('has_images') === '1',
    hasReserve: params.get('has_reserve') === '1',
    featuredOnly: params.get('featured') === '1',
  };
}

/**
 * Writes the listing state to an address query; defaults are left out (sort when newest,
 * type when all, empty lists, unset prices, false flags). Source: spec/shopping.md §2.
 */
export function serialiseListingQuery(s: ListingState): URLSearchParams {
  const q = new URLSearchParams();
  if (s.search.trim()) q.set('search', s.search.trim());
  if (s.type !== 'all') q.set('type', s.type);
  if (s.sort !== 'newest') q.set('sort', s.sort);
  if (s.statuses.length) q.set('statuses', s.statuses.join(','));
  if (s.auctionTypes.length) q.set('auction_types', s.auctionTypes.join(','));
  if (s.locations.length) q.set('locations', s.locations.join(','));
  if (s.conditions.length) q.set('conditions', s.conditions.join(','));
  if (s.priceMin !== null) q.set('price_min', String(s.priceMin));
  if (s.priceMax !== null) q.set('price_max', String(s.priceMax));
  if (s.hasImages) q.set('has_images', '1');
  if (s.hasReserve) q.set('has_reserve', '1');
  if (s.featuredOnly) q.set('featured', '1');
  return q;
}

/** Query of `GET /ajax-items` for one page of the listing. Source: spec/shopping.md §7. */
export function toApiParams(s: ListingState, page: number): QueryParams {
  return {
    search: s.search.trim() || undefined,
    type: s.type === 'all' ? undefined : s.type,
    sort_by: s.sort,
    per_page: PAGE_SIZE,
    page,
    statuses: s.statuses,
    auction_types: s.auctionTypes,
    locations: s.locations,
    conditions: s.conditions,
    price_min: s.priceMin ?? undefined,
    price_max: s.priceMax ?? undefined,
    has_images: s.hasImages ? 1 : undefined,
    has_reserve: s.hasReserve ? 1 : undefined,
    featured_only: s.featuredOnly ? 1 : undefined,
  };
}

/** Number of active filters of the side panel (search and sort excluded). */
export function activeFilterCount(s: ListingState): number {
  return (
    s.statuses.length +
    s.auctionTypes.length +
    s.locations.length +
    s.conditions.length +
    (s.priceMin !== null || s.priceMax !== null ? 1 : 0) +
    (s.hasImages ? 1 : 0) +
    (s.hasReserve ? 1 : 0) +
    (s.featuredOnly ? 1 : 0)
  );
}

/** The state with every filter cleared (category tab and sort kept). */
export function clearFilters(s: ListingState): ListingState {
  return { ...EMPTY_LISTING, type: s.type, sort: s.sort };
}

/** Price presets of the filter panel. Source: spec/shopping.md §2 "Filter panel". */
export const PRICE_PRESETS: { label: string; min: number | null; max: number | null }[] = [
  { label: 'Under 50,000', min: null, max: 50000 },
  { label: '50,000 - 100,000', min: 50000, max: 100000 },
  { label: '100,000 - 500,000', min: 100000, max: 500000 },
  { label: '500,000 - 1,000,000', min: 500000, max: 1000000 },
  { label: '1,000,000 - 5,000,000', min: 1000000, max: 5000000 },
  { label: 'Over 5,000,000', min: 5000000, max: null },
];

/** Auction-type filter choices (kinds). */
export const AUCTION_TYPE_OPTIONS = [
  { value: 'cash', label: 'Daily Sale' },
  { value: 'online', label: 'Online Auctions' },
  { value: 'live', label: 'Live Auctions' },
] as const;

/** Status filter choices (values the server understands). */
export const STATUS_OPTIONS = [
  { value: 'live', label: 'Live Now' },
  { value: 'ending_soon', label: 'Ending Soon' },
  { value: 'active', label: 'Active' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'ended', label: 'Ended' },
  { value: 'sold', label: 'Sold' },
] as const;

/** Sort choices. Source: spec/shopping.md §2. */
export const SORT_CHOICES: { value: SortOption; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'price_low', label: 'Price: low to high' },
  { value: 'price_high', label: 'Price: high to low' },
  { value: 'ending_soon', label: 'Ending soon' },
];

/** Category tabs. Source: spec/shopping.md §2. */
export const CATEGORY_TABS: { value: Category; label: string }[] = [
  { value: 'all', label: 'All Items' },
  { value: 'cash', label: 'Daily Sale' },
  { value: 'online', label: 'Online Auctions' },
  { value: 'live', label: 'Live Auctions' },
];

/** Condition filter choices (the values items carry). */
export const CONDITION_OPTIONS = [
  { value: 'new', label: 'New' },
  { value: 'used', label: 'Used' },
  { value: 'refurbished', label: 'Refurbished' },
  { value: 'repossessed', label: 'Repossessed' },
] as const;

/**
 * The listing state as a saved search keeps it: the `GET /ajax-items` parameters of
 * {@link toApiParams} without paging, empty values left out; null when nothing narrows the
 * listing (a search for every new lot is not offered). Source: issue 16 "Saved searches".
 */
export function toSavedQuery(s: ListingState): Record<string, string | number | string[]> | null {
  const params = toApiParams(s, 1);
  const query: Record<string, string | number | string[]> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'page' || key === 'per_page' || value === undefined || value === null || value === '') continue;
    if (key === 'sort_by' && value === 'newest') continue;
    if (Array.isArray(value)) {
      if (value.length) query[key] = value.map(String);
    } else query[key] = typeof value === 'number' ? value : String(value);
  }
  const narrows = Object.keys(query).some((k) => k !== 'sort_by');
  return narrows ? query : null;
}

/** The listing's address (`/?…`) for a saved search's query (the inverse of {@link toSavedQuery}). */
export function listingPathOf(query: Record<string, unknown>): string {
  const search = serialiseListingQuery(listingStateOf(query)).toString().replace(/%2C/gi, ',');
  return search ? `/?${search}` : '/';
}

/** A saved search's query described as {@link describeListing} does. */
export function describeSavedQuery(query: Record<string, unknown>, branches: { id: number; name: string }[] = []): string {
  return describeListing(listingStateOf(query), branches);
}

/** The listing state of `GET /ajax-items` parameters. */
function listingStateOf(query: Record<string, unknown>): ListingState {
  const str = (v: unknown) => (v === undefined || v === null ? null : String(v));
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : []);
  const flag = (v: unknown) => v === 1 || v === '1' || v === true || v === 'true';
  const state = parseListingQuery(
    new URLSearchParams(
      Object.entries({
        search: str(query.search),
        type: str(query.type),
        sort: str(query.sort_by),
        price_min: str(query.price_min),
        price_max: str(query.price_max),
      }).filter((e): e is [string, string] => e[1] !== null),
    ),
  );
  return {
    ...state,
    statuses: list(query.statuses),
    auctionTypes: list(query.auction_types),
    locations: list(query.locations),
    conditions: list(query.conditions),
    hasImages: flag(query.has_images),
    hasReserve: flag(query.has_reserve),
    featuredOnly: flag(query.featured_only),
  };
}

/**
 * A short human description of a listing state ("“hilux” · Online Auctions · up to MK 20,000,000"),
 * used to name a saved search; branch names from `branches`.
 */
export function describeListing(s: ListingState, branches: { id: number; name: string }[] = []): string {
  const label = <T extends { value: string; label: string }>(options: readonly T[], v: string) => options.find((o) => o.value === v)?.label ?? v;
  const mk = (n: number) => `MK ${n.toLocaleString('en-US')}`;
  const parts: string[] = [];
  if (s.search.trim()) parts.push(`“${s.search.trim()}”`);
  if (s.type !== 'all') parts.push(label(CATEGORY_TABS, s.type));
  for (const k of s.auctionTypes) parts.push(label(AUCTION_TYPE_OPTIONS, k));
  for (const st of s.statuses) parts.push(label(STATUS_OPTIONS, st));
  for (const l of s.locations) parts.push(branches.find((b) => String(b.id) === l)?.name ?? `Branch ${l}`);
  for (const c of s.conditions) parts.push(label(CONDITION_OPTIONS, c));
  if (s.priceMin !== null && s.priceMax !== null) parts.push(`${mk(s.priceMin)}–${mk(s.priceMax)}`);
  else if (s.priceMin !== null) parts.push(`from ${mk(s.priceMin)}`);
  else if (s.priceMax !== null) parts.push(`up to ${mk(s.priceMax)}`);
  if (s.hasImages) parts.push('with pictures');
  if (s.hasReserve) parts.push('with a reserve');
  if (s.featuredOnly) parts.push('featured');
  return parts.join(' · ');
}

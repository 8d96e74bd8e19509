import type { Kysely, Transaction } from 'kysely';
import { normaliseBands, normaliseIncrement, type IncrementBand } from '@shared/rules/bidding.js';
import type { Database } from '../db/types.js';

/** A stored band: its table (`auction_type_id` null: the global one), from (MWK) and increment (MWK). */
export interface IncrementBandRow {
  auction_type_id: number | null;
  from: number;
  increment: number;
}

/** Reads the JSON array of band rows the bid lock query returns (null: none). */
export function parseBandRows(json: string | null): IncrementBandRow[] {
  if (!json) return [];
  return (JSON.parse(json) as { auction_type_id: number | string | null; from: number | string; increment: number | string }[]).map((r) => ({
    auction_type_id: r.auction_type_id == null ? null : Number(r.auction_type_id),
    from: Number(r.from),
    increment: Number(r.increment),
  }));
}

/**
 * The increment table of a sale: its own bands, else the global table, else the flat
 * `auction_bid_increment` setting as one band from 0 (so a fresh install behaves as the spec
 * says). Source: issue "Bidding engine" (increment bands).
 */
export function bandsForSale(rows: readonly IncrementBandRow[], auctionTypeId: number, flatIncrement: number): IncrementBand[] {
  const own = rows.filter((r) => r.auction_type_id === auctionTypeId);
  const table = own.length ? own : rows.filter((r) => r.auction_type_id == null);
  return table.length ? normaliseBands(table, flatIncrement) : normaliseBands(normaliseIncrement(flatIncrement));
}

/** Increment tables for many sales at once: `for(auctionTypeId)` gives a sale's table ({@link bandsForSale}). */
export interface IncrementTables {
  for(auctionTypeId: number): IncrementBand[];
}

/** Builds {@link IncrementTables} from stored rows and the flat setting. */
export function incrementTables(rows: readonly IncrementBandRow[], flatIncrement: number): IncrementTables {
  const cache = new Map<number, IncrementBand[]>();
  return {
    for(auctionTypeId) {
      let bands = cache.get(auctionTypeId);
      if (!bands) cache.set(auctionTypeId, (bands = bandsForSale(rows, auctionTypeId, flatIncrement)));
      return bands;
    },
  };
}

/** Every stored band (the table is small: a few bands per sale). */
export async function listIncrementBands(db: Kysely<Database>): Promise<IncrementBandRow[]> {
  const rows = await db.selectFrom('increment_bands').select(['auction_type_id', 'from_amount', 'increment']).orderBy('from_amount').execute();
  return rows.map((r) => ({
    auction_type_id: r.auction_type_id == null ? null : Number(r.auction_type_id),
    from: Number(r.from_amount),
    increment: Number(r.increment),
  }));
}

/**
 * Loads the increment tables with the flat setting `auction_bid_increment` (minimum 1, default 1).
 * Source: spec/shopping.md §5, §9; issue "Bidding engine".
 */
export async function loadIncrementTables(db: Kysely<Database>): Promise<IncrementTables> {
  const [rows, setting] = await Promise.all([
    listIncrementBands(db),
    db.selectFrom('settings').select('value').where('key', '=', 'auction_bid_increment').executeTakeFirst(),
  ]);
  return incrementTables(rows, normaliseIncrement(setting?.value ?? 1));
}

/**
 * The increment tables held in memory for a reader that may show them a moment late (the
 * listing's `min_next_bid`; bids always read them with their lot's row lock): read once, then
 * reused until {@link IncrementTablesMemo.forget} (on the bus's `increments.changed` and
 * `setting.changed`) or for at most `ttlMs` (an event lost between processes). Issue 21 (the
 * listing read the tables, two statements, on every request).
 */
export class IncrementTablesMemo {
  private held: { at: number; tables: Promise<IncrementTables> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs = 30_000,
  ) {}

  /** The tables, read afresh when none are held or they are older than the TTL; a failed read is not kept. */
  get(): Promise<IncrementTables> {
    const now = Date.now();
    if (!this.held || now - this.held.at > this.ttlMs) {
      const tables = loadIncrementTables(this.db);
      this.held = { at: now, tables };
      tables.catch(() => {
        if (this.held?.tables === tables) this.held = null;
      });
    }
    return this.held.tables;
  }

  /** Drops what is held: the next {@link IncrementTablesMemo.get} reads the tables again. */
  forget(): void {
    this.held = null;
  }
}

/**
 * Replaces one increment table (`auctionTypeId` null: the global one) in the caller's
 * transaction; an empty list removes it (the sale falls back to the global table, the global
 * table to the flat setting). @returns the bands before and after, ascending.
 */
export async function replaceIncrementBands(
  trx: Transaction<Database>,
  auctionTypeId: number | null,
  bands: readonly IncrementBand[],
): Promise<{ before: IncrementBand[]; after: IncrementBand[] }> {
  const existing = await trx
    .selectFrom('increment_bands')
    .select(['from_amount', 'increment'])
    .where((eb) => (auctionTypeId == null ? eb('auction_type_id', 'is', null) : eb('auction_type_id', '=', auctionTypeId)))
    .orderBy('from_amount')
    .forUpdate()
    .execute();
  await trx
    .deleteFrom('increment_bands')
    .where((eb) => (auctionTypeId == null ? eb('auction_type_id', 'is', null) : eb('auction_type_id', '=', auctionTypeId)))
    .execute();
  if (bands.length) {
    await trx
      .insertInto('increment_bands')
      .values(bands.map((b) => ({ auction_type_id: auctionTypeId, from_amount: b.from, increment: b.increment })))
      .execute();
  }
  return {
    before: existing.map((r) => ({ from: Number(r.from_amount), increment: Number(r.increment) })),
    after: bands.map((b) => ({ from: b.from, increment: b.increment })),
  };
}

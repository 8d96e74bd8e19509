import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { listItemsQuerySchema } from '../../shared/schemas/item.schema.js';
import { listingKinds, toPrefixTsQuery } from '../../server/items/items.repository.js';
import { savedSearchNotifications } from '../../server/saved-searches/saved-search-matcher.js';
import { createAuctionType, createBranch, createCustomer, createItem } from '../helpers/factories.js';
import { createTestDatabase } from '../helpers/test-database.js';

/** Words bidders search for (makes, models, kinds of lots), for realistic saved searches. */
const WORDS = [
  'toyota',
  'hilux',
  'corolla',
  'land cruiser',
  'prado',
  'nissan',
  'hardbody',
  'navara',
  'mazda',
  'bt-50',
  'isuzu',
  'kb',
  'ford',
  'ranger',
  'mercedes',
  'actros',
  'scania',
  'volvo',
  'fh16',
  'tata',
  'mitsubishi',
  'pajero',
  'canter',
  'honda',
  'fit',
  'vitz',
  'probox',
  'hiace',
  'tractor',
  'massey',
  'ferguson',
  'john deere',
  'kubota',
  'plough',
  'harrow',
  'trailer',
  'tipper',
  'excavator',
  'grader',
  'forklift',
  'generator',
  'solar',
  'panel',
  'inverter',
  'battery',
  'fridge',
  'freezer',
  'laptop',
  'dell',
  'hp',
  'lenovo',
  'printer',
  'desk',
  'chair',
  'sofa',
  'bed',
  'mattress',
  'wardrobe',
  'cooker',
  'television',
  'samsung',
  'lg',
  'iphone',
  'phone',
  'motorbike',
  'bicycle',
  'boat',
  'house',
  'plot',
  'land',
  'warehouse',
  'office',
  'shop',
  'namiwawa',
  'area 47',
  'limbe',
  'zomba',
  'mzuzu',
  'salima',
  'mangochi',
];

/** A small deterministic random source, so two runs check the same searches. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Figures of one saved-search matching run: how long matching one newly listed lot takes, ms. */
export interface SavedSearchBench {
  searches: number;
  lots: number;
  medianMs: number;
  p95Ms: number;
  candidates: number;
  matched: number;
}

/**
 * `npm run bench:saved-searches` (and a line of `npm run bench`): `searches` saved searches
 * (search words from a vocabulary of lot words, and often a kind, a price ceiling or a branch)
 * on a fresh PostgreSQL database; each of `lots` newly listed lots is matched against all of
 * them as the notifier does (one transaction, rolled back so each lot starts equal).
 * Target (issue 16): under 200 ms per lot with 10,000 searches.
 */
export async function benchSavedSearches(opts: { searches?: number; lots?: number } = {}): Promise<SavedSearchBench> {
  const searches = opts.searches ?? 10_000;
  const lotCount = opts.lots ?? 30;
  const db = await createTestDatabase();
  try {
    const rnd = random(16);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const branches = [await createBranch(db.db, 'Blantyre'), await createBranch(db.db, 'Lilongwe'), await createBranch(db.db, 'Mzuzu')];
    const users: number[] = [];
    for (let i = 0; i < Math.ceil(searches / 5); i++) users.push((await createCustomer(db.db, { name: `Saver ${i}` })).id);
    const rows = Array.from({ length: searches }, (_, i) => {
      const query: Record<string, unknown> = { search: rnd() < 0.85 ? pick(WORDS) : undefined };
      if (rnd() < 0.5) query.type = pick(['online', 'live', 'cash']);
      if (rnd() < 0.4) query.price_max = pick([500_000, 2_000_000, 10_000_000, 40_000_000]);
      if (rnd() < 0.3) query.locations = [String(pick(branches))];
      if (!query.search && !query.type) query.type = 'online';
      for (const k of Object.keys(query)) if (query[k] === undefined) delete query[k];
      const q = listItemsQuerySchema.parse(query);
      return {
        user_id: users[i % users.length],
        name: `Search ${i}`,
        query: JSON.stringify(query),
        frequency: rnd() < 0.7 ? ('instant' as const) : ('daily' as const),
        search_tsquery: q.search ? toPrefixTsQuery(q.search) : null,
        kinds: listingKinds(q),
      };
    });
    for (let i = 0; i < rows.length; i += 1000)
      await db.db
        .insertInto('saved_searches')
        .values(rows.slice(i, i + 1000))
        .execute();
    await sql`ANALYZE saved_searches`.execute(db.db);

    const sale = await createAuctionType(db.db, 'online', 'Bench sale');
    const names = ['Toyota Hilux 2.8 GD-6 double cab', 'Massey Ferguson 375 tractor', 'Samsung 55" television', 'Plot in Area 47, Lilongwe', 'Honda Fit 2012'];
    const times: number[] = [];
    let candidates = 0;
    let matched = 0;
    for (let i = 0; i < lotCount; i++) {
      const itemId = await createItem(db.db, { auction_type_id: sale, name: names[i % names.length], target_amount: 1_500_000, branch_id: pick(branches) });
      await db.db
        .transaction()
        .execute(async (trx) => {
          const started = performance.now();
          const told = await savedSearchNotifications(trx, [{ type: 'lot.created', payload: { item_id: itemId } }], new Date());
          times.push(performance.now() - started);
          matched += told.length;
          candidates += Number(
            (
              await trx
                .selectFrom('saved_search_matches')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
          throw new RollBack();
        })
        .catch((e: unknown) => {
          if (!(e instanceof RollBack)) throw e;
        });
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 10) / 10;
    return {
      searches,
      lots: lotCount,
      medianMs: at(0.5),
      p95Ms: at(0.95),
      candidates: Math.round(candidates / lotCount),
      matched: Math.round(matched / lotCount),
    };
  } finally {
    await db.drop();
  }
}

class RollBack extends Error {}

/** One line for the bench's summary. */
export function formatSavedSearchBench(r: SavedSearchBench): string {
  return `${r.medianMs} ms median, p95 ${r.p95Ms} ms over ${r.lots} lots (${r.candidates} matches and ${r.matched} alerts per lot)`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const searches = Number(process.argv.find((a) => a.startsWith('--searches='))?.split('=')[1] ?? 10_000);
  benchSavedSearches({ searches }).then(
    (r) => {
      console.log(`saved searches, ${r.searches.toLocaleString('en-US')}, one new lot: ${formatSavedSearchBench(r)} (target ≤ 200 ms)`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../types.js';
import { itemSvg, renderImages, THEMES, uploadsUrl, type Pictogram, type SeedCategory } from './images.js';

/**
 * Bulk catalogue for the listing benchmark: many extra items written by `INSERT ... SELECT`
 * over `generate_series`, names, descriptions, prices, auction types and branches drawn from
 * word lists by integer hashes of the row number (deterministic, no randomness), so full-text
 * search, filters and sorts see a realistic spread.
 */

interface Family {
  code: string;
  category: SeedCategory;
  pictogram: Pictogram;
  /** Product names with a typical price in MWK (the lot's price varies from 70 % to 130 % of it). */
  products: [string, number][];
  /** Words joined to the product name (year, colour, place ...); '' means none. */
  qualifiers: string[];
  /** Qualifier before the product ('2015 Toyota Corolla') or after it ('House, Area 43'). */
  before: boolean;
  joiner: ' ' | ', ';
  details: string[];
  /** Share in percent of daily-sale and of live lots; the rest are online auction lots. */
  cash: number;
  live: number;
  /** Daily-sale lots of this family may have a quantity above 1. */
  multi: boolean;
  /** Conditions drawn from (repeat a value to weight it). */
  conditions: string[];
}

const YEARS = ['2008', '2009', '2010', '2011', '2012', '2013', '2014', '2015', '2016', '2017', '2018', '2019'];
const PLACES_HOUSES = ['Namiwawa, Blantyre', 'Sunnyside, Blantyre', 'Chilomoni, Blantyre', 'Mandala, Blantyre', 'Nyambadwe, Blantyre', 'Area 10, Lilongwe', 'Area 43, Lilongwe', 'Area 49, Lilongwe', 'Area 18, Lilongwe', 'Area 3, Lilongwe', 'Katoto, Mzuzu', 'Chinamwali, Zomba', 'Limbe, Blantyre', 'Kanengo, Lilongwe'];
const PLACES_LAND = ['Area 47, Lilongwe', 'Area 25, Lilongwe', 'Area 49, Lilongwe', 'Area 55, Lilongwe', 'Chigumula, Blantyre', 'Njewa, Lilongwe', 'Senga Bay, Salima', 'Mponela, Dowa', 'Chileka, Blantyre', 'Luwinga, Mzuzu', 'Songani, Zomba', 'Mangochi Turn-off'];

const FAMILIES: Family[] = [
  {
    code: 'VEH', category: 'vehicles', pictogram: 'pickup', qualifiers: YEARS, before: true, joiner: ' ', cash: 10, live: 15, multi: false, conditions: ['used', 'used', 'used', 'refurbished'],
    products: [['Toyota Hilux 2.5 D-4D Double Cab', 32_000_000], ['Toyota Hilux 2.4 GD-6 Single Cab', 38_000_000], ['Toyota Corolla 1.6 GLi', 11_000_000], ['Toyota Vitz 1.0', 7_000_000], ['Toyota Premio 1.8', 10_000_000], ['Toyota Land Cruiser Prado TX', 55_000_000], ['Toyota Fortuner 3.0 D-4D', 38_000_000], ['Toyota RAV4 2.0', 15_000_000], ['Nissan Navara 2.5 dCi', 25_000_000], ['Nissan X-Trail 2.0', 14_000_000], ['Nissan Note 1.5', 6_500_000], ['Honda Fit 1.3', 7_000_000], ['Mazda Demio 1.3', 6_500_000], ['Mitsubishi Pajero 3.2 DI-D', 22_000_000], ['Ford Ranger 2.2 TDCi', 34_000_000], ['Isuzu KB 250 D-Teq', 22_000_000], ['Volkswagen Polo Vivo 1.4', 10_000_000], ['Mercedes-Benz C200', 15_000_000]],
    details: ['Manual gearbox, diesel, tow bar fitted.', 'Automatic, petrol, air conditioning and electric windows.', '4x4 with canopy and nudge bar.', 'Japanese import with reverse camera.', 'Blue book and certificate of fitness available.', 'Engine overhauled last year, new tyres.'],
  },
  {
    code: 'TRK', category: 'trucks', pictogram: 'truck', qualifiers: YEARS, before: true, joiner: ' ', cash: 5, live: 15, multi: false, conditions: ['used', 'used', 'used', 'refurbished'],
    products: [['Isuzu FRR 6-Tonne Dropside Truck', 38_000_000], ['Isuzu NPR 4-Tonne Truck', 28_000_000], ['Isuzu FVZ 10-Tonne Tipper', 72_000_000], ['Mitsubishi Fuso Canter 3-Tonne', 19_000_000], ['Tata LPT 1518 Truck', 36_000_000], ['Hino 500 8-Tonne Truck', 48_000_000], ['UD Quon 26-Tonne Tipper', 85_000_000], ['Toyota Dyna 3-Tonne Truck', 18_000_000], ['Scania R420 Truck Tractor', 82_000_000], ['Toyota HiAce Commuter Minibus', 27_000_000]],
    details: ['Diesel, manual gearbox, recently serviced.', 'Drop-side body with tarpaulin frame.', 'Hydraulic tipping bin recently resealed.', 'Ex-fleet vehicle with service records.', 'Tyres at about 60 per cent.'],
  },
  {
    code: 'MOT', category: 'motorbikes', pictogram: 'motorbike', qualifiers: ['Red', 'Black', 'Blue', 'Silver', 'Green'], before: true, joiner: ' ', cash: 40, live: 5, multi: true, conditions: ['new', 'used', 'used'],
    products: [['Honda Ace 125 Motorcycle', 1_800_000], ['Bajaj Boxer BM 150 Motorcycle', 1_500_000], ['Yamaha AG200 Motorcycle', 3_000_000], ['TVS HLX 125 Motorcycle', 1_400_000], ['Haojue HJ125 Motorcycle', 1_200_000], ['Phoenix Roadster Bicycle', 160_000], ['26-inch Mountain Bicycle', 220_000]],
    details: ['Kick and electric start.', 'With carrier and crash bars.', 'Registered, papers available.', 'Popular for kabaza work.'],
  },
  {
    code: 'FUR', category: 'furniture', pictogram: 'sofa', qualifiers: ['Mukwa', 'Teak', 'Mahogany', 'Pine', 'Grey', 'Brown', 'Black', 'Cream', 'Walnut-Finish', 'Oak-Finish'], before: true, joiner: ' ', cash: 60, live: 0, multi: true, conditions: ['new', 'used', 'used', 'refurbished'],
    products: [['Leather Sofa Set', 650_000], ['3-Seater Sofa', 350_000], ['L-Shaped Sofa', 950_000], ['6-Seater Dining Set', 850_000], ['Double Bed with Mattress', 480_000], ['Queen Bed', 720_000], ['3-Door Wardrobe', 450_000], ['Executive Office Desk', 400_000], ['High-Back Office Chair', 100_000], ['Coffee Table', 110_000], ['Bookshelf', 140_000], ['TV Stand', 120_000], ['Boardroom Table', 1_400_000], ['Kitchen Cupboard', 260_000]],
    details: ['Solid hardwood frame.', 'From an office relocation.', 'Matching set, sold together.', 'Locally made in Blantyre.', 'Light wear on the upholstery.'],
  },
  {
    code: 'ELE', category: 'electronics', pictogram: 'tv', qualifiers: ['', '(boxed)', '(ex-office)', '(ex-NGO)', '(with accessories)'], before: false, joiner: ' ', cash: 55, live: 0, multi: true, conditions: ['new', 'used', 'refurbished', 'refurbished'],
    products: [['Samsung 55" Smart TV', 950_000], ['LG 43" Smart TV', 520_000], ['Hisense 32" LED TV', 260_000], ['Sony Bravia 65" 4K TV', 2_100_000], ['HP EliteBook 840 Laptop', 640_000], ['Dell Latitude 5490 Laptop', 560_000], ['Lenovo ThinkPad T480 Laptop', 600_000], ['Apple MacBook Air M1', 1_550_000], ['HP ProDesk Desktop Set', 430_000], ['Kyocera Photocopier', 2_200_000], ['5 kVA Solar Inverter', 2_900_000], ['400 W Solar Panel', 300_000], ['JBL PartyBox Speaker', 730_000], ['PlayStation 5 Console', 1_050_000], ['Epson EcoTank Printer', 420_000]],
    details: ['Tested and working.', 'Screen free of dead pixels.', 'Battery holds about four hours.', 'Windows 11 installed.', 'Comes with original accessories.'],
  },
  {
    code: 'PHN', category: 'phones', pictogram: 'phone', qualifiers: ['64GB', '128GB', '256GB', 'Dual SIM', 'Black', 'Blue', 'White'], before: false, joiner: ' ', cash: 65, live: 0, multi: true, conditions: ['new', 'new', 'used', 'refurbished'],
    products: [['Samsung Galaxy A54', 480_000], ['Samsung Galaxy A15', 260_000], ['Apple iPhone 11', 700_000], ['Apple iPhone 12', 900_000], ['Apple iPhone 13', 1_200_000], ['Tecno Spark 20', 180_000], ['Tecno Camon 30', 350_000], ['Infinix Hot 40i', 195_000], ['itel A70', 105_000], ['Nokia 105', 25_000], ['Samsung Galaxy Tab A8', 410_000], ['Huawei Y9', 230_000]],
    details: ['Works on Airtel and TNM.', 'Battery health above 85 per cent.', 'Screen protector fitted.', 'Charger and box included.'],
  },
  {
    code: 'APP', category: 'appliances', pictogram: 'fridge', qualifiers: ['', 'Silver', 'White', 'Black', 'Inverter'], before: true, joiner: ' ', cash: 60, live: 0, multi: true, conditions: ['new', 'used', 'used', 'refurbished'],
    products: [['Hisense 300L Fridge', 720_000], ['Defy 200L Chest Freezer', 620_000], ['LG 8kg Washing Machine', 850_000], ['Defy 4-Plate Cooker', 660_000], ['4-Burner Gas Cooker', 380_000], ['Samsung Microwave Oven', 200_000], ['Water Dispenser', 185_000], ['Midea Split Air Conditioner', 780_000], ['Capri Upright Freezer', 900_000], ['Electric Kettle', 35_000], ['Kenwood Blender', 60_000]],
    details: ['Holds temperature well during power cuts.', 'Energy-saving model.', 'Tested on intake.', 'Minor dents on the side panel.'],
  },
  {
    code: 'FRM', category: 'farm', pictogram: 'tractor', qualifiers: ['', '(ex-estate)', '(Kasungu)', '(Thyolo estate)', '(ex-project)'], before: false, joiner: ' ', cash: 40, live: 5, multi: true, conditions: ['new', 'used', 'used', 'refurbished'],
    products: [['Massey Ferguson 375 Tractor', 32_000_000], ['New Holland TT75 Tractor', 40_000_000], ['John Deere 5055E Tractor', 45_000_000], ['Mahindra 575 Tractor', 25_000_000], ['Swaraj 855 Tractor', 23_000_000], ['Motorised Maize Sheller', 1_900_000], ['Honda WB30 Irrigation Pump', 480_000], ['Solar Irrigation Pump Kit', 2_300_000], ['Treadle Pump', 130_000], ['Hammer Mill with Diesel Engine', 3_200_000], ['3-Disc Plough', 2_700_000], ['16-Disc Harrow', 3_700_000], ['5-Tonne Farm Trailer', 5_500_000], ['Knapsack Sprayer', 55_000]],
    details: ['Suitable for tobacco and maize estates.', 'Three-point linkage and PTO where fitted.', 'Hours within normal range for its age.', 'Serviced before the sale.'],
  },
  {
    code: 'MCH', category: 'machinery', pictogram: 'machine', qualifiers: ['', '(ex-contractor)', '(ex-mine)', '(company liquidation)'], before: false, joiner: ' ', cash: 20, live: 10, multi: false, conditions: ['used', 'used', 'refurbished', 'new'],
    products: [['Perkins 20 kVA Generator', 9_500_000], ['Cummins 60 kVA Generator', 25_000_000], ['Caterpillar 428E Backhoe Loader', 88_000_000], ['Toyota 2.5-Tonne Forklift', 11_000_000], ['350L Concrete Mixer', 2_400_000], ['400A Welding Machine', 750_000], ['Honda EU22i Generator', 1_000_000], ['300L Air Compressor', 1_600_000], ['Lister 8 hp Engine', 1_300_000], ['40 ft Shipping Container', 8_000_000], ['20 ft Shipping Container', 5_000_000]],
    details: ['Starts and runs under load.', 'Sound-proof canopy.', 'Recently serviced with new filters.', 'Hours meter reading available at viewing.'],
  },
  {
    code: 'PRP', category: 'property', pictogram: 'house', qualifiers: PLACES_HOUSES, before: false, joiner: ', ', cash: 0, live: 60, multi: false, conditions: ['used'],
    products: [['3-Bedroom House', 120_000_000], ['4-Bedroom House', 190_000_000], ['2-Bedroom Flat', 55_000_000], ['Commercial Building', 300_000_000], ['Warehouse', 400_000_000], ['Shop Premises', 95_000_000], ['Townhouse', 85_000_000]],
    details: ['Title deed available for inspection.', 'Borehole and electric fence.', 'Currently let to a tenant.', 'Servants quarters and double garage.', 'Vacant possession on transfer.'],
  },
  {
    code: 'LND', category: 'land', pictogram: 'plot', qualifiers: PLACES_LAND, before: false, joiner: ', ', cash: 0, live: 60, multi: false, conditions: ['new'],
    products: [['Residential Plot', 30_000_000], ['Commercial Plot', 60_000_000], ['Agricultural Land (10 ha)', 38_000_000], ['Lakeshore Plot', 62_000_000], ['Serviced Plot', 42_000_000]],
    details: ['Surveyed and beaconed.', 'Water and power at the boundary.', 'On a tarred road.', 'Leasehold title with 99 years.'],
  },
  {
    code: 'REP', category: 'repossessed', pictogram: 'box', qualifiers: ['(bank instruction)', '(microfinance recovery)', '(Sheriff sale)'], before: false, joiner: ' ', cash: 20, live: 15, multi: false, conditions: ['repossessed'],
    products: [['Repossessed Toyota Hilux', 24_000_000], ['Repossessed Office Furniture Lot', 1_100_000], ['Repossessed Salon Equipment', 800_000], ['Repossessed Maize Mill', 4_000_000], ['Repossessed Fridge and Freezer', 900_000], ['Repossessed Generator', 8_000_000], ['Repossessed Household Contents', 1_500_000], ['Repossessed Printing Press', 5_500_000], ['Repossessed Restaurant Equipment', 2_600_000], ['Repossessed Toyota HiAce Minibus', 22_000_000]],
    details: ['Recovered by a commercial bank after loan default.', 'Sold under a microfinance recovery instruction.', 'Release letter handed over on payment.', 'Sold as is, where is, without warranty.'],
  },
];

const CONDITION_SENTENCES: Record<string, string[]> = {
  new: ['Brand new and unused.', 'New old stock, never used.'],
  used: ['Used and in good working order.', 'Fair condition with normal wear for its age.', 'Well kept by its previous owner.'],
  refurbished: ['Refurbished and tested by our technicians.', 'Reconditioned with new parts where needed.'],
  repossessed: ['Bank repossession, clearly sold as is.', 'Repossessed goods sold under instruction.'],
  // Property and land get their own sentences, whatever their condition.
  property: ['Inspection by appointment; the title documents are with our conveyancer.', 'Sold with vacant possession unless stated.'],
  land: ['Vacant land, never built on.', 'Title documents available for inspection.'],
};

/** SQL text array literal, e.g. ARRAY['a','b']::text[]. Words are ours, still escaped. */
function textArray(words: string[]): RawBuilder<string[]> {
  return sql.raw(`ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`);
}

function intArray(ns: number[]): RawBuilder<number[]> {
  return sql.raw(`(ARRAY[${ns.map((n) => String(Math.trunc(n))).join(",")}]::bigint[])`);
}

/** What {@link seedLargeCatalogue} wrote. */
export interface LargeCatalogueSummary {
  items: number;
  media: number;
  durationMs: number;
}

/**
 * Inserts `opts.count` extra items (e.g. 100,000) with set-based SQL, in batches of
 * `opts.batchSize` (default 25,000) inside one transaction. Needs the branches and auction types
 * of {@link seedDatabase} (or any: it uses whatever exists). Items spread evenly over twelve
 * families (vehicles, trucks, motorcycles, furniture, electronics, phones, appliances, farm,
 * plant, property, land, repossessions), each with its own mix of daily sale (goods mostly),
 * online auction (vehicles and plant mostly; running 7-28 days, so ending between about three
 * weeks ago and four weeks ahead, ended ones 'unsold') and live auction (property and land
 * mostly; the live type's window); created in the last 30 days before `opts.now`; no bids. Codes `GAV-{family}-B{n}` and lot numbers
 * `LOT-{year}-B{n}` continue after the highest item id. When `opts.uploadsDir` is given, one
 * picture per family is rendered there (kept if present) and ~85 % of the items get it as media.
 * After each batch `opts.onProgress(inserted, count)` is called when given, else `opts.log` gets a line.
 * @throws Error when there are no branches or auction types yet.
 */
export async function seedLargeCatalogue(
  db: Kysely<Database>,
  opts: { count: number; now?: Date; batchSize?: number; uploadsDir?: string; log?: (msg: string) => void; onProgress?: (inserted: number, total: number) => void },
): Promise<LargeCatalogueSummary> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const year = now.getUTCFullYear();
  const batch = Math.max(1000, opts.batchSize ?? 25_000);
  const log = opts.log ?? (() => {});

  const files = FAMILIES.map((f) => ({
    family: f.code,
    file: `items/bulk-${f.code.toLowerCase()}.webp`,
    svg: itemSvg({ category: f.category, pictogram: f.pictogram, caption: THEMES[f.category].label, subcaption: 'Gavel catalogue', variant: 0 }),
  }));
  if (opts.uploadsDir) await renderImages(opts.uploadsDir, files);

  return db.transaction().execute(async (trx) => {
    const branches = (await trx.selectFrom('branches').select('id').orderBy('id').execute()).map((b) => b.id);
    const types = await trx.selectFrom('auction_types').select(['id', 'type']).orderBy('id').execute();
    const ofKind = (k: string) => types.filter((t) => t.type === k).map((t) => t.id);
    const cash = ofKind('cash');
    const online = ofKind('online');
    const live = ofKind('live');
    if (branches.length === 0 || types.length === 0) throw new Error('seedLargeCatalogue needs branches and auction types: run seedDatabase first.');
    // Fall back to whatever kind exists when one is missing.
    const any = types.map((t) => t.id);
    const kinds = [cash.length ? cash : any, online.length ? online : any, live.length ? live : any];

    const maxRow = await trx.selectFrom('items').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
    const base = Number(maxRow?.max ?? 0);

    const famValues = sql.join(
      FAMILIES.map(
        (f, i) => sql`(${sql.lit(i)}::int, ${sql.lit(f.code)}::text, ${textArray(f.products.map((p) => p[0]))}, ${intArray(f.products.map((p) => p[1]))}, ${textArray(f.qualifiers)}, ${sql.lit(f.before)}::boolean, ${sql.lit(f.joiner)}::text, ${textArray(f.details)}, ${sql.lit(f.cash)}::int, ${sql.lit(f.live)}::int, ${sql.lit(f.multi)}::boolean, ${textArray(f.conditions)})`,
      ),
    );
    const condValues = sql.join(Object.entries(CONDITION_SENTENCES).map(([k, v]) => sql`(${sql.lit(k)}::text, ${textArray(v)})`));
    const nowTs = sql`${now.toISOString()}::timestamptz`;

    let inserted = 0;
    for (let start = base + 1; start <= base + opts.count; start += batch) {
      const end = Math.min(start + batch - 1, base + opts.count);
      // h1..h4: four cheap integer hashes of the row number, used to pick words and numbers.
      const result = await sql`
        WITH fam(f, code, products, prices, qualifiers, before, joiner, details, cash_pct, live_pct, multi, conditions) AS (VALUES ${famValues}),
        cs(cond, sentences) AS (VALUES ${condValues}),
        s AS (
          SELECT g,
            (g * 2654435761) % 1000003 AS h1,
            (g * 40503 + 7919) % 999983 AS h2,
            (g * 69069 + 104729) % 999979 AS h3,
            (g * 22695477 + 15485863) % 1000033 AS h4
          FROM generate_series(${start}::bigint, ${end}::bigint) AS g
        ),
        r AS (
          SELECT s.*, fam.*,
            1 + s.h2 % cardinality(fam.products) AS p,
            fam.qualifiers[1 + s.h3 % cardinality(fam.qualifiers)] AS qualifier,
            fam.conditions[1 + s.h4 % cardinality(fam.conditions)] AS cond,
            CASE WHEN s.h3 % 100 < fam.cash_pct THEN 0 WHEN s.h3 % 100 < fam.cash_pct + fam.live_pct THEN 2 ELSE 1 END AS kind,
            ${nowTs} - make_interval(mins => (s.h4 % (30 * 24 * 60))::int) AS created,
            ${intArray(branches)}[1 + s.h2 % ${sql.lit(branches.length)}] AS branch
          FROM s JOIN fam ON fam.f = s.h1 % ${sql.lit(FAMILIES.length)}
        ),
        t AS (
          SELECT r.*,
            CASE WHEN r.qualifier = '' THEN r.products[r.p]
                 WHEN r.before THEN r.qualifier || r.joiner || r.products[r.p]
                 ELSE r.products[r.p] || r.joiner || r.qualifier END AS item_name,
            (CASE r.kind WHEN 0 THEN ${intArray(kinds[0])}[1 + r.h1 % ${sql.lit(kinds[0].length)}]
                         WHEN 1 THEN ${intArray(kinds[1])}[1 + r.h1 % ${sql.lit(kinds[1].length)}]
                         ELSE ${intArray(kinds[2])}[1 + r.h1 % ${sql.lit(kinds[2].length)}] END) AS type_id
          FROM r
        ),
        u AS (
          SELECT t.*, b.id AS branch_id, b.name AS branch_name, cs.sentences,
            CASE WHEN t.kind = 1 THEN t.created + interval '30 minutes'
                 WHEN t.kind = 2 THEN coalesce(at.date_from, ${nowTs} + interval '5 days')
                 ELSE t.created END AS d_from,
            CASE WHEN t.kind = 1 THEN t.created + make_interval(days => (7 + t.h1 % 22)::int, mins => (t.h2 % 600)::int)
                 WHEN t.kind = 2 THEN coalesce(at.date_to, ${nowTs} + interval '5 days 6 hours')
                 ELSE NULL END AS d_to
          FROM t JOIN auction_types at ON at.id = t.type_id
            -- property and land are handled by the branch of their town when there is one
            LEFT JOIN branches bc ON t.code IN ('PRP', 'LND') AND t.qualifier LIKE '%' || bc.name || '%'
            JOIN branches b ON b.id = coalesce(bc.id, t.branch)
            JOIN cs ON cs.cond = CASE t.code WHEN 'PRP' THEN 'property' WHEN 'LND' THEN 'land' ELSE t.cond END
        )
        INSERT INTO items (name, title, description, target_amount, auction_type_id, branch_id, status, condition, featured,
                           code, reference_number, quantity, date_from, date_to, closed_at, created_at, updated_at)
        SELECT
          item_name,
          item_name || ' (' || cond || ')',
          item_name || '. ' || details[1 + h1 % cardinality(details)] || ' '
            || sentences[1 + h2 % cardinality(sentences)] || ' '
            || 'Viewing at our ' || branch_name || ' branch, Monday to Friday 8:00 to 16:30.',
          greatest(5000, round(prices[p] * (0.7 + 0.6 * (h4 % 1000) / 1000.0) / 5000) * 5000),
          type_id, branch_id,
          CASE WHEN d_to IS NOT NULL AND d_to < ${nowTs} THEN 'unsold' ELSE 'available' END,
          cond,
          h3 % 20 = 0,
          'GAV-' || code || '-B' || lpad(g::text, 6, '0'),
          'LOT-' || ${sql.lit(String(year))} || '-B' || lpad(g::text, 6, '0'),
          CASE WHEN kind = 0 AND multi THEN 1 + h1 % 5 ELSE 1 END,
          d_from, d_to,
          CASE WHEN d_to IS NOT NULL AND d_to < ${nowTs} THEN d_to END,
          created, created
        FROM u
        ORDER BY created`.execute(trx);
      inserted += Number(result.numAffectedRows ?? 0);
      if (opts.onProgress) opts.onProgress(inserted, opts.count);
      else log(`large catalogue: ${inserted} / ${opts.count} items`);
    }

    let media = 0;
    if (opts.uploadsDir && inserted > 0) {
      const urls = sql.join(files.map((f) => sql`(${sql.lit(f.family)}::text, ${sql.lit(uploadsUrl(f.file))}::text)`));
      const result = await sql`
        WITH pic(family, url) AS (VALUES ${urls})
        INSERT INTO item_media (item_id, url, original_url, position, created_at)
        SELECT i.id, pic.url, pic.url, 0, i.created_at
        FROM items i JOIN pic ON pic.family = split_part(i.code, '-', 2)
        WHERE i.id > ${base} AND i.id % 20 < 17`.execute(trx);
      media = Number(result.numAffectedRows ?? 0);
    }
    return { items: inserted, media, durationMs: Date.now() - started };
  });
}

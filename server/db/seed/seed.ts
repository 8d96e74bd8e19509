import { sql, type Insertable, type Kysely } from 'kysely';
import { hashPassword } from '../../auth/password.js';
import type { Database, ItemsTable } from '../types.js';
import {
  BRANCHES,
  CODE_PREFIX,
  goodsLot,
  goodsModels,
  plantLot,
  plantModels,
  propertyLots,
  repossessedGoodsLots,
  vehicleLot,
  vehicleModels,
  type Channel,
  type GoodsCategory,
  type LotDraft,
} from './catalogue.js';
import { bannerSvg, itemSvg, renderBanners, renderImages, THEMES, uploadsUrl, type ImageJob } from './images.js';
import { createRng, nicePrice, type Rng } from './random.js';

/**
 * Demo catalogue for Gavel: 4 branches, 5 auction types, ~14 accounts, ~167 lots across daily
 * sale, online and live auctions, their bids, pictures, live-auction subscriptions, a few orders
 * and two adverts. Everything is relative to `now`, so a fresh seed always has auctions ending
 * soon, a live auction running and one coming up.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const SEED = 20_261_121;
/** Every seeded account signs in with this password (hashed once, see seedDatabase). */
const SEED_PASSWORD = 'password';

/**
 * Accounts that exist after seeding, for sign-in in demos and end-to-end tests. All use the
 * password `password`. `customer` holds the role customer (place_bids through the role) and an
 * active subscription to the live-now auction; `admin` holds admin and customer; `bidder` is one
 * of the twelve seeded bidders (another customer, for two-user bidding tests).
 */
export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@gavel.mw', password: SEED_PASSWORD, name: 'Demo Customer' },
  admin: { email: 'admin@gavel.mw', password: SEED_PASSWORD, name: 'Gavel Admin' },
  bidder: { email: 'chikondi.banda@example.mw', password: SEED_PASSWORD, name: 'Chikondi Banda' },
} as const;

/** Names of the seeded auction types, in id order on a fresh database. */
export const SEED_AUCTION_TYPES = {
  dailySale: 'Daily Sale',
  onlineVehicles: 'Online Auction - Vehicles & Machinery',
  onlineGeneral: 'Online Auction - General Goods',
  liveNow: 'Live Auction - Blantyre Monthly',
  liveUpcoming: 'Live Auction - Lilongwe Property',
} as const;

/** What {@link seedDatabase} wrote. */
export interface SeedSummary {
  branches: number;
  auctionTypes: number;
  /** Accounts created (bidders plus the demo customer and admin). */
  users: number;
  items: { total: number; cash: number; online: number; live: number };
  bids: number;
  media: number;
  adverts: number;
  subscriptions: number;
  watchlist: number;
  orders: number;
  /** Picture files rendered now, and those found from an earlier run and reused. */
  images: { written: number; existing: number };
  durationMs: number;
}

interface SeedUser {
  key: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  town: string;
  district: string;
  region: 'Southern' | 'Central' | 'Northern';
  roles: ('customer' | 'admin')[];
  daysAgo: number;
}

const BIDDERS: Omit<SeedUser, 'key' | 'email' | 'roles' | 'daysAgo'>[] = [
  { name: 'Chikondi Banda', phone: '+265 991 234 567', address: 'House 7, Namiwawa Road', town: 'Blantyre', district: 'Blantyre', region: 'Southern' },
  { name: 'Thoko Phiri', phone: '+265 888 412 905', address: 'Plot 47/3/221, Area 47', town: 'Lilongwe', district: 'Lilongwe', region: 'Central' },
  { name: 'Kondwani Mwale', phone: '+265 999 605 118', address: 'Area 10, Plot 10/145', town: 'Lilongwe', district: 'Lilongwe', region: 'Central' },
  { name: 'Tiwonge Nyirenda', phone: '+265 884 330 271', address: 'Katoto, off M1 Road', town: 'Mzuzu', district: 'Mzimba', region: 'Northern' },
  {
    name: 'Chisomo Kachingwe',
    phone: '+265 995 118 642',
    address: 'Chinamwali, near Zomba Catholic Secondary',
    town: 'Zomba',
    district: 'Zomba',
    region: 'Southern',
  },
  { name: 'Limbani Chirwa', phone: '+265 881 907 334', address: 'Chibavi, Plot 52', town: 'Mzuzu', district: 'Mzimba', region: 'Northern' },
  { name: 'Mphatso Gondwe', phone: '+265 997 250 883', address: 'Area 43, Plot 43/2/88', town: 'Lilongwe', district: 'Lilongwe', region: 'Central' },
  { name: 'Takondwa Mbewe', phone: '+265 886 774 019', address: 'Sunnyside, Kabula Hill Road', town: 'Blantyre', district: 'Blantyre', region: 'Southern' },
  { name: 'Yamikani Chibwe', phone: '+265 992 481 570', address: 'Chilomoni Ward, House 310', town: 'Blantyre', district: 'Blantyre', region: 'Southern' },
  { name: 'Madalitso Kumwenda', phone: '+265 889 063 452', address: 'Area 18A, Plot 18/611', town: 'Lilongwe', district: 'Lilongwe', region: 'Central' },
  { name: 'Dalitso Msiska', phone: '+265 998 372 806', address: 'Luwinga, Plot 14', town: 'Mzuzu', district: 'Mzimba', region: 'Northern' },
  { name: 'Atupele Mhango', phone: '+265 887 519 263', address: 'Mandala, Kidney Crescent', town: 'Blantyre', district: 'Blantyre', region: 'Southern' },
];

function seedUsers(): SeedUser[] {
  const bidders: SeedUser[] = BIDDERS.map((b, i) => ({
    ...b,
    key: `b${i}`,
    email: `${b.name.toLowerCase().replace(/\s+/g, '.')}@example.mw`,
    roles: ['customer'],
    daysAgo: 40 + ((i * 37) % 300),
  }));
  return [
    {
      key: 'demo',
      ...DEMO_ACCOUNTS.customer,
      phone: '+265 999 000 111',
      address: 'House 14, Namiwawa Road',
      town: 'Blantyre',
      district: 'Blantyre',
      region: 'Southern',
      roles: ['customer'],
      daysAgo: 120,
    },
    {
      key: 'admin',
      ...DEMO_ACCOUNTS.admin,
      phone: '+265 888 000 222',
      address: 'Ginnery Corner, Masauko Chipembere Highway',
      town: 'Blantyre',
      district: 'Blantyre',
      region: 'Southern',
      roles: ['admin', 'customer'],
      daysAgo: 400,
    },
    ...bidders,
  ];
}

/** Bidders with an active subscription to the live-now auction (they may bid on its lots). */
const LIVE_SUBSCRIBERS = ['b0', 'b2', 'b6', 'b7', 'b8', 'b11'];
const ONLINE_POOL = BIDDERS.map((_, i) => `b${i}`);

// ------------------------------------------------------------------------------- lot drafts

const BRANCH_WEIGHTS = [1, 1, 1, 1, 2, 2, 2, 3, 4];

/** Takes `count` models, cycling through a shuffled list so repeats come only after all were used. */
function spread<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const out: T[] = [];
  while (out.length < count) out.push(...rng.shuffle(list).slice(0, count - out.length));
  return out;
}

function goods(rng: Rng, channel: Channel, category: GoodsCategory, count: number): LotDraft[] {
  return spread(rng, goodsModels(category), count).map((m) => goodsLot(rng, channel, rng.pick(BRANCH_WEIGHTS), m));
}

function buildDrafts(rng: Rng): LotDraft[] {
  const drafts: LotDraft[] = [];
  // Online: vehicles & machinery
  const ov: Channel = 'online_vehicles';
  for (const m of spread(rng, vehicleModels('vehicles'), 22)) drafts.push(vehicleLot(rng, ov, rng.pick(BRANCH_WEIGHTS), { model: m }));
  for (const m of spread(rng, vehicleModels('trucks'), 7)) drafts.push(vehicleLot(rng, ov, rng.pick(BRANCH_WEIGHTS), { model: m }));
  for (const m of spread(rng, plantModels('farm'), 7)) drafts.push(plantLot(rng, ov, rng.pick(BRANCH_WEIGHTS), { model: m }));
  for (const m of spread(rng, plantModels('machinery'), 4)) drafts.push(plantLot(rng, ov, rng.pick(BRANCH_WEIGHTS), { model: m }));
  for (let i = 0; i < 3; i++) drafts.push(vehicleLot(rng, ov, rng.pick(BRANCH_WEIGHTS), { condition: 'repossessed' }));
  // Online: general goods
  const og: Channel = 'online_general';
  drafts.push(...goods(rng, og, 'electronics', 8), ...goods(rng, og, 'phones', 6), ...goods(rng, og, 'appliances', 5));
  drafts.push(...goods(rng, og, 'furniture', 7), ...goods(rng, og, 'motorbikes', 3), ...goods(rng, og, 'machinery', 2));
  drafts.push(...goods(rng, og, 'general', 2), ...repossessedGoodsLots(rng, og, 4));
  // Daily sale (cash)
  drafts.push(...goods(rng, 'cash', 'furniture', 15), ...goods(rng, 'cash', 'electronics', 10), ...goods(rng, 'cash', 'phones', 9));
  drafts.push(...goods(rng, 'cash', 'appliances', 8), ...goods(rng, 'cash', 'farm', 5), ...goods(rng, 'cash', 'general', 4));
  drafts.push(...goods(rng, 'cash', 'machinery', 3), ...goods(rng, 'cash', 'motorbikes', 3));
  for (const cat of ['phones', 'appliances', 'furniture'] as const) {
    const lot = goodsLot(rng, 'cash', rng.pick(BRANCH_WEIGHTS), rng.pick(goodsModels(cat)), { condition: 'repossessed' });
    drafts.push({ ...lot, category: 'repossessed', quantity: 1, description: lot.description.replace(/ \d+ units available.*$/, '') });
  }
  // Live now, Blantyre yard
  const ln: Channel = 'live_now';
  for (const m of spread(rng, vehicleModels('vehicles'), 4)) drafts.push(vehicleLot(rng, ln, 1, { model: m }));
  drafts.push(vehicleLot(rng, ln, 1, { condition: 'repossessed' }));
  drafts.push(vehicleLot(rng, ln, 1, { model: rng.pick(vehicleModels('trucks')) }));
  for (const m of spread(
    rng,
    plantModels('farm').filter((p) => p.pictogram === 'tractor'),
    2,
  ))
    drafts.push(plantLot(rng, ln, 1, { model: m }));
  for (const m of spread(rng, plantModels('machinery'), 2)) drafts.push(plantLot(rng, ln, 1, { model: m }));
  drafts.push(...propertyLots(rng, ln, 1));
  // Live upcoming, Lilongwe property
  drafts.push(...propertyLots(rng, 'live_property', 2));

  // Featured: the three dearest lots of each channel and about one in ten of the rest.
  const channels: Channel[] = ['cash', 'online_vehicles', 'online_general', 'live_now', 'live_property'];
  for (const ch of channels) {
    const of = drafts.filter((d) => d.channel === ch).sort((a, b) => b.price - a.price);
    of.forEach((d, i) => (d.featured = i < 3 || rng.chance(0.1)));
  }
  return drafts;
}

// ------------------------------------------------------------------------------- schedule

type LotState = 'open' | 'ending2h' | 'ending24h' | 'upcoming' | 'sold' | 'unsold' | 'live' | 'cash' | 'cash_sold' | 'cash_reserved';

interface PlannedBid {
  userKey: string;
  amount: number;
  at: number;
}

interface PlannedLot extends LotDraft {
  seq: number;
  code: string;
  reference: string;
  state: LotState;
  createdAt: number;
  dateFrom: number | null;
  dateTo: number | null;
  closedAt: number | null;
  bids: PlannedBid[];
  /** User key of the cash buyer (sold or reserved daily-sale lots). */
  buyerKey: string | null;
  /** Reserve price (MWK) of an auction lot, above its starting amount; null when none. */
  reserve: number | null;
  mediaCount: number;
}

interface Windows {
  liveNow: { from: number; to: number };
  liveUpcoming: { from: number; to: number };
}

/** Live-auction windows: Blantyre from now - 1 h to now + 5 h; Lilongwe in 5 days, 09:00-15:00 Malawi time. */
function liveWindows(now: number): Windows {
  const day5 = Math.floor((now + 5 * DAY) / DAY) * DAY; // midnight UTC of that day
  const from = day5 + 7 * HOUR; // 09:00 CAT (UTC+2)
  return { liveNow: { from: now - HOUR, to: now + 5 * HOUR }, liveUpcoming: { from, to: from + 6 * HOUR } };
}

const round = (t: number, step: number) => Math.round(t / step) * step;

/**
 * Bids on one lot: `n` bids, strictly increasing by steps of 1-5 % (under MK 1 M), 1-4 % (under
 * MK 20 M) or 1-3 %, rounded up to MK 1,000, MK 5,000 or MK 50,000 respectively, the first above `target`; times increasing
 * within (start, end), later bids more likely (auctions heat up near the end); no bidder bids
 * twice in a row. `forced` pins a bidder to a position (0-based).
 */
function planBids(rng: Rng, target: number, start: number, end: number, n: number, pool: string[], forced: Map<number, string> = new Map()): PlannedBid[] {
  if (n <= 0) return [];
  const span = Math.max(end - start, n * MIN);
  const times = Array.from({ length: n }, () => start + Math.floor(rng.next() ** 0.55 * span)).sort((a, b) => a - b);
  for (let i = 1; i < n; i++) if (times[i] <= times[i - 1] + 1000) times[i] = times[i - 1] + 1000 + rng.int(0, 20_000);
  const bids: PlannedBid[] = [];
  let current = target;
  let prev = '';
  for (let i = 0; i < n; i++) {
    const unit = current < 1_000_000 ? 1_000 : current < 20_000_000 ? 5_000 : 50_000;
    const pct = 0.01 + rng.next() * (current < 1_000_000 ? 0.04 : current < 20_000_000 ? 0.03 : 0.02);
    const step = Math.max(unit, Math.ceil((current * pct) / unit) * unit);
    current = Math.ceil((current + step) / unit) * unit;
    let who = forced.get(i);
    if (!who) {
      const avoid = new Set([prev, forced.get(i + 1) ?? '']);
      const choices = pool.filter((k) => !avoid.has(k));
      who = rng.pick(choices);
    }
    bids.push({ userKey: who, amount: current, at: Math.floor(times[i] / 1000) * 1000 });
    prev = who;
  }
  return bids;
}

/**
 * About a third of auction lots have a reserve 10-30 % above the starting amount (listing filter
 * has_reserve). A sold lot's reserve was met: a reserve above its final bid is dropped.
 */
function reserveFor(rng: Rng, l: PlannedLot): number | null {
  if (!rng.chance(0.35)) return null;
  const reserve = nicePrice(l.price * (1.1 + rng.next() * 0.2));
  if (l.state === 'sold' && reserve > l.bids.at(-1)!.amount) return null;
  return reserve;
}

function schedule(rng: Rng, drafts: LotDraft[], now: number, w: Windows): PlannedLot[] {
  const lots: PlannedLot[] = drafts.map((d) => ({
    ...d,
    seq: 0,
    code: '',
    reference: '',
    state: 'open',
    createdAt: now,
    dateFrom: null,
    dateTo: null,
    closedAt: null,
    bids: [],
    buyerKey: null,
    reserve: null,
    mediaCount: 0,
  }));

  // States of the online lots: a few ending within 2 h, more within 24 h, some upcoming, some
  // ended (sold with bids, or unsold without), the rest open for 2-10 more days.
  const online = rng.shuffle(lots.filter((l) => l.channel === 'online_vehicles' || l.channel === 'online_general'));
  const quota: [LotState, number][] = [
    ['ending2h', 5],
    ['ending24h', 7],
    ['upcoming', 8],
    ['sold', 12],
    ['unsold', 5],
  ];
  let k = 0;
  for (const [state, count] of quota) for (let i = 0; i < count; i++) online[k++].state = state;
  let unsoldWithBids = 0;
  let openReserveNotMet = 0;
  const cash = rng.shuffle(lots.filter((l) => l.channel === 'cash'));
  cash.forEach((l, i) => (l.state = i < 6 ? 'cash_reserved' : i < 14 ? 'cash_sold' : 'cash'));

  for (const l of lots) {
    const minutes = (a: number, b: number) => rng.int(a, b) * MIN;
    switch (l.channel) {
      case 'online_vehicles':
      case 'online_general': {
        let from: number;
        let to: number;
        if (l.state === 'ending2h') to = now + minutes(8, 115);
        else if (l.state === 'ending24h') to = round(now + minutes(150, 23 * 60), 5 * MIN);
        else if (l.state === 'open') to = round(now + minutes(2 * 24 * 60, 10 * 24 * 60), 5 * MIN);
        else if (l.state === 'upcoming') to = 0;
        else to = round(now - minutes(60, 14 * 24 * 60), 5 * MIN);
        if (l.state === 'upcoming') {
          from = round(now + minutes(12 * 60, 4 * 24 * 60), 5 * MIN);
          to = from + rng.int(5, 10) * DAY;
          l.createdAt = now - minutes(60, 5 * 24 * 60);
        } else {
          from = Math.max(now - 28 * DAY, l.state === 'open' ? now - minutes(24 * 60, 18 * 24 * 60) : to - rng.int(5, 12) * DAY);
          l.createdAt = Math.max(now - 30 * DAY + HOUR, from - minutes(120, 3 * 24 * 60));
        }
        l.dateFrom = from;
        l.dateTo = to;
        // Two of the unsold lots had bids that never reached the reserve; the others had none.
        const reserveNotMet = l.state === 'unsold' && unsoldWithBids++ < 2;
        const n =
          l.state === 'ending2h' || l.state === 'ending24h'
            ? rng.int(3, 15)
            : l.state === 'open'
              ? rng.chance(0.8)
                ? 1 + Math.floor(rng.next() ** 1.6 * 12)
                : 0
              : l.state === 'sold'
                ? rng.int(2, 15)
                : reserveNotMet
                  ? rng.int(2, 5)
                  : 0;
        l.bids = planBids(rng, l.price, Math.max(from, l.createdAt) + 10 * MIN, Math.min(now, to) - MIN, n, ONLINE_POOL);
        l.reserve = reserveFor(rng, l);
        if (reserveNotMet) l.reserve = nicePrice(l.bids.at(-1)!.amount * 1.15);
        // Four open lots with bids have a reserve their bids have not reached yet ("Reserve not met").
        if ((l.state === 'open' || l.state === 'ending24h') && l.bids.length > 0 && l.reserve == null && openReserveNotMet++ < 4) {
          l.reserve = nicePrice(l.bids.at(-1)!.amount * 1.25);
        }
        if (l.state === 'sold' || l.state === 'unsold') l.closedAt = to;
        break;
      }
      case 'live_now': {
        l.state = 'live';
        l.dateFrom = w.liveNow.from;
        l.dateTo = w.liveNow.to;
        l.createdAt = now - minutes(3 * 24 * 60, 20 * 24 * 60);
        const n = rng.chance(0.65) ? rng.int(1, 8) : 0;
        l.bids = planBids(rng, l.price, w.liveNow.from + 2 * MIN, now - MIN, n, LIVE_SUBSCRIBERS);
        l.reserve = reserveFor(rng, l);
        break;
      }
      case 'live_property':
        l.state = 'upcoming';
        l.dateFrom = w.liveUpcoming.from;
        l.dateTo = w.liveUpcoming.to;
        l.createdAt = now - minutes(24 * 60, 12 * 24 * 60);
        l.reserve = reserveFor(rng, l);
        break;
      case 'cash': {
        l.createdAt = now - minutes(24 * 60, 30 * 24 * 60 - 60);
        l.dateFrom = l.createdAt;
        if (l.state !== 'cash') {
          l.quantity = 1;
          l.buyerKey = rng.pick(ONLINE_POOL);
          if (l.state === 'cash_sold') l.closedAt = l.createdAt + Math.floor((now - l.createdAt) * (0.2 + rng.next() * 0.7));
        }
        break;
      }
    }
  }

  // Codes and lot numbers follow the order lots were catalogued.
  lots.sort((a, b) => a.createdAt - b.createdAt);
  const year = new Date(now).getUTCFullYear();
  lots.forEach((l, i) => {
    l.seq = i + 1;
    l.code = `GAV-${CODE_PREFIX[l.category]}-${String(l.seq).padStart(4, '0')}`;
    l.reference = `LOT-${year}-${String(l.seq).padStart(4, '0')}`;
    // About 85 % of lots have 1-4 pictures (featured lots always at least two); the rest show 'No Image'.
    l.mediaCount = l.featured ? rng.int(2, 4) : rng.chance(0.85) ? rng.pick([1, 1, 2, 2, 3, 4]) : 0;
  });
  return lots;
}

/**
 * The demo customer's activity: leading on one open online lot, outbid on another (both
 * closing in 2-10 days, so no job closes them during a demo), and a paid daily-sale order.
 */
function addDemoActivity(rng: Rng, lots: PlannedLot[], now: number): { leading: PlannedLot; outbid: PlannedLot } {
  const candidates = lots.filter((l) => l.channel === 'online_general' && l.state === 'open' && l.price < 3_000_000);
  const [leading, outbid] = candidates.length >= 2 ? candidates : lots.filter((l) => l.state === 'open');
  for (const [lot, position] of [
    [leading, 'last'],
    [outbid, 'second'],
  ] as const) {
    const n = Math.max(lot.bids.length, position === 'last' ? 3 : 4);
    const forced = new Map([[position === 'last' ? n - 1 : n - 2, 'demo']]);
    lot.bids = planBids(rng, lot.price, Math.max(lot.dateFrom!, lot.createdAt) + 10 * MIN, now - 20 * MIN, n, ONLINE_POOL, forced);
  }
  const paid = lots.find((l) => l.state === 'cash_sold');
  if (paid) paid.buyerKey = 'demo';
  return { leading, outbid };
}

// ------------------------------------------------------------------------------- pictures

function slug(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48)
    .replace(/-$/, '');
}

/** Picture files of a lot: its own main picture, then shared alternative views of its kind. */
function lotImages(l: PlannedLot): ImageJob[] {
  const jobs: ImageJob[] = [];
  if (l.mediaCount === 0) return jobs;
  const branch = BRANCHES[l.branchId - 1].name;
  jobs.push({
    file: `items/${l.code.toLowerCase()}-${slug(l.name)}.webp`,
    svg: itemSvg({ category: l.category, pictogram: l.pictogram, caption: l.name, subcaption: `${l.code} · ${branch}`, variant: 0 }),
  });
  for (let v = 1; v < l.mediaCount; v++) {
    jobs.push({
      file: `items/view-${l.category}-${l.pictogram}-${v + 1}.webp`,
      svg: itemSvg({ category: l.category, pictogram: l.pictogram, caption: THEMES[l.category].label, subcaption: `Photo ${v + 1}`, variant: v }),
    });
  }
  return jobs;
}

const ADVERT_BANNERS = {
  liveNow: {
    file: 'adverts/live-blantyre-monthly.webp',
    svg: bannerSvg({
      title: 'Live Auction - Blantyre Monthly',
      subtitle: 'Houses in Namiwawa, pickups, trucks, tractors and plant',
      badge: 'Live today',
      cta: 'Register to bid',
      from: '#7f1d1d',
      to: '#f97316',
      pictograms: ['pickup', 'house', 'tractor'],
    }),
  },
  upcoming: {
    file: 'adverts/live-lilongwe-property.webp',
    svg: bannerSvg({
      title: 'Live Auction - Lilongwe Property',
      subtitle: 'Plots in Area 47, houses in Area 10 and 43, Kanengo warehouse',
      badge: 'Coming soon',
      cta: 'Register to bid',
      from: '#1e1b4b',
      to: '#0ea5e9',
      pictograms: ['plot', 'house', 'building'],
    }),
  },
};

// ------------------------------------------------------------------------------- helpers

async function inChunks<T>(rows: T[], size: number, fn: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size));
}

function hex(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789ABCDEF'[rng.int(0, 15)];
  return s;
}

function digits(rng: Rng, n: number): string {
  let s = String(rng.int(1, 9));
  for (let i = 1; i < n; i++) s += String(rng.int(0, 9));
  return s;
}

const d = (t: number | null): Date | null => (t == null ? null : new Date(t));

/** True when the catalogue has at least one item (so the seed must not run again). */
export async function isDatabaseSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('items').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Seeds a freshly migrated database (roles, permissions and settings from migration 0002 must
 * exist; no items, no seeded accounts) with the demo catalogue, relative to `opts.now`
 * (default: the current time):
 * - branches 1 Blantyre, 2 Lilongwe, 3 Mzuzu, 4 Zomba; the five auction types of
 *   {@link SEED_AUCTION_TYPES} (Blantyre live from now - 1 h to now + 5 h, Lilongwe in 5 days);
 * - ~167 lots: ~60 daily sale (some reserved for cash on delivery until now + 36 h, some sold),
 *   ~80 online (ending within 2 h / 24 h, open 2-10 days, upcoming, ended sold or unsold), ~27 live;
 * - bids consistent with the items (bid_amount, bid_count, leader_id, closed_by of sold lots);
 * - the accounts of {@link DEMO_ACCOUNTS} plus 12 bidders, live subscriptions, watchlists, a few
 *   orders, two adverts.
 * Pictures are rendered to WebP under `opts.uploadsDir/items` and `opts.uploadsDir/adverts`
 * first (existing files are kept), served as `/uploads/...`; then every row is written in one
 * transaction, so a failure leaves the database unseeded.
 * `opts.log` receives progress lines. Returns the counts written.
 * @throws Error when the catalogue already has items, or a reference role is missing (migrations
 *   not run); database errors roll everything back.
 */
export async function seedDatabase(db: Kysely<Database>, opts: { uploadsDir: string; now?: Date; log?: (msg: string) => void }): Promise<SeedSummary> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const now = (opts.now ?? new Date()).getTime();
  if (await isDatabaseSeeded(db)) throw new Error('The database already has items: seedDatabase only runs on an empty catalogue.');

  const rng = createRng(SEED);
  const windows = liveWindows(now);
  const lots = schedule(rng, buildDrafts(rng), now, windows);
  const demo = addDemoActivity(rng, lots, now);
  const users = seedUsers();
  const year = new Date(now).getUTCFullYear();

  // Files first (outside the transaction), while scrypt hashes the one shared password.
  const jobs = lots.flatMap(lotImages);
  log(`seed: rendering up to ${new Set(jobs.map((j) => j.file)).size} pictures under ${opts.uploadsDir}`);
  const [images, banners, passwordHash] = await Promise.all([
    renderImages(opts.uploadsDir, jobs),
    renderBanners(opts.uploadsDir, [ADVERT_BANNERS.liveNow, ADVERT_BANNERS.upcoming]),
    hashPassword(SEED_PASSWORD),
  ]);
  log(`seed: pictures ${images.written} written, ${images.existing} already there`);

  const counts = await db.transaction().execute(async (trx) => {
    // Branches with fixed ids (the client's default location filter uses 1 and 2).
    await trx
      .insertInto('branches')
      .values(BRANCHES.map((b) => ({ id: b.id, name: b.name, address: b.address, phone: b.phone, created_at: new Date(now - 400 * DAY) })))
      .execute();
    await sql`SELECT setval(pg_get_serial_sequence('branches', 'id'), (SELECT max(id) FROM branches))`.execute(trx);

    const typeRows = await trx
      .insertInto('auction_types')
      .values(
        [
          {
            name: SEED_AUCTION_TYPES.dailySale,
            type: 'cash' as const,
            description:
              'Fixed-price goods you can buy today: furniture, electronics, phones, appliances and tools from our Blantyre, Lilongwe, Mzuzu and Zomba yards. Pay online through DPO Pay (card, Airtel Money, TNM Mpamba) or reserve for cash on delivery.',
            date_from: null,
            date_to: null,
          },
          {
            name: SEED_AUCTION_TYPES.onlineVehicles,
            type: 'online' as const,
            description:
              'Timed online bidding on cars, pickups, trucks, tractors, generators and plant from bank repossessions, fleet disposals and private sellers. Each lot closes at its own end time; a bid in the last two minutes extends it.',
            date_from: null,
            date_to: null,
          },
          {
            name: SEED_AUCTION_TYPES.onlineGeneral,
            type: 'online' as const,
            description:
              'Timed online bidding on electronics, phones, furniture, appliances, motorcycles and repossessed business equipment. Inspect at the branch shown on each lot before you bid.',
            date_from: null,
            date_to: null,
          },
          {
            name: SEED_AUCTION_TYPES.liveNow,
            type: 'live' as const,
            description:
              'Our monthly live auction at the Blantyre yard, Ginnery Corner, with online bidding: houses in Namiwawa and Sunnyside, a Limbe commercial building, vehicles, tractors and plant. Register with your bank deposit reference (refundable MK 50,000 deposit) to bid.',
            date_from: new Date(windows.liveNow.from),
            date_to: new Date(windows.liveNow.to),
          },
          {
            name: SEED_AUCTION_TYPES.liveUpcoming,
            type: 'live' as const,
            description:
              'Residential plots in Area 47 and Area 49, family houses in Area 10 and Area 43, farmland in Dowa, a lakeshore plot at Senga Bay and commercial property in Kanengo. Live at our Lilongwe office in Area 28 with online bidding for registered bidders.',
            date_from: new Date(windows.liveUpcoming.from),
            date_to: new Date(windows.liveUpcoming.to),
          },
        ].map((t) => ({ ...t, created_at: new Date(now - 60 * DAY) })),
      )
      .returning(['id', 'name'])
      .execute();
    const typeId = (name: string) => typeRows.find((t) => t.name === name)!.id;
    const channelType: Record<Channel, number> = {
      cash: typeId(SEED_AUCTION_TYPES.dailySale),
      online_vehicles: typeId(SEED_AUCTION_TYPES.onlineVehicles),
      online_general: typeId(SEED_AUCTION_TYPES.onlineGeneral),
      live_now: typeId(SEED_AUCTION_TYPES.liveNow),
      live_property: typeId(SEED_AUCTION_TYPES.liveUpcoming),
    };

    // The live sales' increment bands (issue 15: the clerk's asking price climbs as an auctioneer calls it).
    await trx
      .insertInto('increment_bands')
      .values(
        [channelType.live_now, channelType.live_property].flatMap((auction_type_id) =>
          [
            { from_amount: 0, increment: 10_000 },
            { from_amount: 1_000_000, increment: 50_000 },
            { from_amount: 10_000_000, increment: 250_000 },
            { from_amount: 50_000_000, increment: 1_000_000 },
          ].map((band) => ({ auction_type_id, ...band })),
        ),
      )
      .execute();

    // Accounts
    const roles = await trx.selectFrom('roles').select(['id', 'name']).execute();
    const roleId = (name: string) => {
      const r = roles.find((x) => x.name === name);
      if (!r) throw new Error(`Role '${name}' is missing: run the migrations before seeding.`);
      return r.id;
    };
    const userRows = await trx
      .insertInto('users')
      .values(
        users.map((u) => ({
          name: u.name,
          email: u.email,
          phone: u.phone,
          address: `${u.address}, ${u.town}`,
          image: null,
          password_hash: passwordHash,
          is_customer: true,
          email_verified_at: new Date(now - u.daysAgo * DAY + HOUR),
          created_at: new Date(now - u.daysAgo * DAY),
          updated_at: new Date(now - u.daysAgo * DAY),
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const uid = new Map(users.map((u) => [u.key, userRows.find((r) => r.email === u.email)!.id]));
    const userOf = (key: string) => users.find((u) => u.key === key)!;
    await trx
      .insertInto('user_roles')
      .values(users.flatMap((u) => u.roles.map((r) => ({ user_id: uid.get(u.key)!, role_id: roleId(r) }))))
      .execute();
    await trx
      .insertInto('billing_addresses')
      .values(
        ['demo', 'b0', 'b1', 'b3'].map((key) => {
          const u = userOf(key);
          return { user_id: uid.get(key)!, address1: u.address, town: u.town, state: u.district, zip: null, email: u.email, phone: u.phone };
        }),
      )
      .execute();

    // Items, in catalogue order (ids follow created_at)
    const itemRows: Insertable<ItemsTable>[] = lots.map((l) => {
      const last = l.bids.at(-1);
      const sold = l.state === 'sold' || l.state === 'cash_sold';
      const closedBy = l.state === 'sold' ? uid.get(last!.userKey)! : l.state === 'cash_sold' ? uid.get(l.buyerKey!)! : null;
      const updated = Math.max(l.createdAt, last?.at ?? 0, l.closedAt ?? 0, l.state === 'cash_reserved' ? now - 12 * HOUR : 0);
      return {
        name: l.name,
        title: l.title,
        description: l.description,
        target_amount: l.price,
        reserve_price: l.reserve,
        bid_amount: last?.amount ?? null,
        bid_count: l.bids.length,
        leader_id: last ? uid.get(last.userKey)! : null,
        auction_type_id: channelType[l.channel],
        branch_id: l.branchId,
        status: sold ? 'sold' : l.state === 'unsold' ? 'unsold' : 'available',
        condition: l.condition,
        featured: l.featured,
        code: l.code,
        reference_number: l.reference,
        quantity: l.quantity,
        date_from: d(l.dateFrom),
        date_to: d(l.dateTo),
        closed_by: closedBy,
        closed_at: d(l.closedAt),
        is_reserved: l.state === 'cash_reserved',
        reserved_until: l.state === 'cash_reserved' ? new Date(now + 36 * HOUR) : null,
        created_at: new Date(l.createdAt),
        updated_at: new Date(updated),
      };
    });
    const insertedItems: { id: number; code: string | null }[] = [];
    await inChunks(itemRows, 200, async (chunk) => insertedItems.push(...(await trx.insertInto('items').values(chunk).returning(['id', 'code']).execute())));
    const itemId = new Map(insertedItems.map((r) => [r.code!, r.id]));
    const idOf = (l: PlannedLot) => itemId.get(l.code)!;

    // Pictures
    const media = lots.flatMap((l) =>
      lotImages(l).map((job, position) => ({
        item_id: idOf(l),
        url: uploadsUrl(job.file),
        original_url: uploadsUrl(job.file),
        position,
        created_at: new Date(l.createdAt),
      })),
    );
    await inChunks(media, 500, (chunk) => trx.insertInto('item_media').values(chunk).execute());

    // Bids
    const bids = lots.flatMap((l) => l.bids.map((b) => ({ item_id: idOf(l), user_id: uid.get(b.userKey)!, bid_amount: b.amount, created_at: new Date(b.at) })));
    bids.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    await inChunks(bids, 500, (chunk) => trx.insertInto('bids').values(chunk).execute());

    // Maximum bids: the leaders of some open lots left a maximum above their bid (private to them;
    // a lower bid is answered automatically). Issue "Bidding engine".
    const withMaximum = lots.filter((l) => (l.state === 'open' || l.state === 'ending24h') && l.bids.length > 0).filter((_, i) => i % 3 === 0);
    if (withMaximum.length) {
      await trx
        .insertInto('maximum_bids')
        .values(
          withMaximum.map((l) => ({
            item_id: idOf(l),
            user_id: uid.get(l.bids.at(-1)!.userKey)!,
            max_amount: nicePrice(l.bids.at(-1)!.amount * 1.35),
            set_order: sql<number>`nextval('bids_id_seq')`,
          })),
        )
        .execute();
    }

    // Live-auction subscriptions (bank deposit references)
    const refs = new Set<string>(['NBM-' + year + '-000123']);
    const ref = () => {
      for (;;) {
        const r = `${rng.pick(['NBM', 'SBM', 'FDH', 'NBS', 'CDH'])}-${year}-${digits(rng, 6)}`;
        if (!refs.has(r)) return (refs.add(r), r);
      }
    };
    const adminId = uid.get('admin')!;
    const subs = [
      { key: 'demo', type: channelType.live_now, reference: `NBM-${year}-000123`, status: 'active' as const, daysAgo: 3 },
      ...LIVE_SUBSCRIBERS.map((key) => ({ key, type: channelType.live_now, reference: ref(), status: 'active' as const, daysAgo: rng.int(2, 12) })),
      { key: 'b6', type: channelType.live_property, reference: ref(), status: 'active' as const, daysAgo: 1 },
      ...['b1', 'b9', 'b2'].map((key) => ({ key, type: channelType.live_property, reference: ref(), status: 'pending' as const, daysAgo: 0 })),
      { key: 'b10', type: channelType.live_now, reference: ref(), status: 'declined' as const, daysAgo: 4 },
    ];
    await trx
      .insertInto('auction_subscriptions')
      .values(
        subs.map((s) => {
          const created = now - s.daysAgo * DAY - rng.int(1, 10) * HOUR;
          const reviewed = s.status === 'pending' ? null : created + rng.int(2, 20) * HOUR;
          return {
            user_id: uid.get(s.key)!,
            auction_type_id: s.type,
            reference_number: s.reference,
            status: s.status,
            decline_reason: s.status === 'declined' ? 'The deposit reference was not found on our bank statement.' : null,
            reviewed_by: reviewed ? adminId : null,
            reviewed_at: d(reviewed),
            created_at: new Date(created),
            updated_at: new Date(reviewed ?? created),
          };
        }),
      )
      .execute();

    // Watchlists: the demo customer's two bid lots, a live lot and one ending soon; 1-4 per bidder.
    const watch = new Map<string, { user_id: number; item_id: number; created_at: Date }>();
    const addWatch = (key: string, l: PlannedLot | undefined) => {
      if (!l) return;
      watch.set(`${key}:${l.code}`, { user_id: uid.get(key)!, item_id: idOf(l), created_at: new Date(Math.max(l.createdAt, now - rng.int(1, 72) * HOUR)) });
    };
    addWatch('demo', demo.leading);
    addWatch('demo', demo.outbid);
    addWatch(
      'demo',
      lots.find((l) => l.state === 'live' && l.category === 'property'),
    );
    addWatch(
      'demo',
      lots.find((l) => l.state === 'ending2h'),
    );
    const watchable = lots.filter((l) => ['open', 'ending2h', 'ending24h', 'live', 'upcoming'].includes(l.state));
    for (const key of ONLINE_POOL) for (let i = rng.int(1, 4); i > 0; i--) addWatch(key, rng.pick(watchable));
    await trx
      .insertInto('watchlist_items')
      .values([...watch.values()])
      .execute();

    // Orders. Daily sale: paid through DPO Pay for sold lots, cash on delivery for reserved ones.
    // Won auctions: the order the close job creates (source auction, awaiting payment), paid when
    // the auction closed more than three days ago.
    let orders = 0;
    const addOrder = async (o: {
      reference: string;
      buyer: SeedUser;
      source: 'checkout' | 'auction';
      status: 'paid' | 'reserved' | 'awaiting_payment';
      lot: PlannedLot;
      amount: number;
      created: number;
      paidAt: number | null;
    }) => {
      const method = o.status === 'paid' ? 'dpopay' : o.status === 'reserved' ? 'cash' : null;
      const token = method === 'dpopay' ? `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}` : null;
      const billed = o.source === 'checkout';
      const order = await trx
        .insertInto('orders')
        .values({
          order_reference: o.reference,
          user_id: uid.get(o.buyer.key)!,
          source: o.source,
          status: o.status,
          payment_method: method,
          payment_reference: token,
          currency: 'MWK',
          sub_total: o.amount,
          vat: 0,
          discount: 0,
          amount_total: o.amount,
          customer_name: o.buyer.name,
          customer_email: o.buyer.email,
          customer_phone: o.buyer.phone,
          billing_address: billed ? o.buyer.address : null,
          billing_city: billed ? o.buyer.region : null,
          billing_state: billed ? o.buyer.district : null,
          billing_postal_code: null,
          billing_country: billed ? 'Malawi' : null,
          reserved_until: o.status === 'reserved' ? new Date(now + 36 * HOUR) : null,
          paid_at: d(o.paidAt),
          cancelled_at: null,
          created_at: new Date(o.created),
          updated_at: new Date(o.paidAt ?? o.created),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orders++;
      await trx
        .insertInto('order_lines')
        .values({ order_id: order.id, item_id: idOf(o.lot), name: o.lot.name, quantity: 1, unit_price: o.amount, amount: o.amount })
        .execute();
      if (!method) return;
      const paid = o.status === 'paid';
      await trx
        .insertInto('payments')
        .values({
          order_id: order.id,
          provider: method,
          status: paid ? 'paid' : 'pending',
          amount: o.amount,
          currency: 'MWK',
          transaction_token: token,
          transaction_ref: paid ? `R${digits(rng, 8)}` : null,
          approval_code: paid ? digits(rng, 6) : null,
          result_code: paid ? '000' : null,
          result_explanation: paid ? 'Transaction Paid' : null,
          verified_at: d(o.paidAt),
          created_at: new Date(o.created),
          updated_at: new Date(o.paidAt ?? o.created),
        })
        .execute();
    };
    let orderSeq = 100;
    for (const l of lots.filter((x) => x.state === 'cash_sold' || x.state === 'cash_reserved')) {
      const paid = l.state === 'cash_sold';
      await addOrder({
        reference: `ORD-${year}-${String(++orderSeq).padStart(6, '0')}`,
        buyer: userOf(l.buyerKey!),
        source: 'checkout',
        status: paid ? 'paid' : 'reserved',
        lot: l,
        amount: l.price,
        created: paid ? l.closedAt! - rng.int(3, 20) * MIN : now - 12 * HOUR,
        paidAt: paid ? l.closedAt! : null,
      });
    }
    for (const l of lots.filter((x) => x.state === 'sold')) {
      const last = l.bids.at(-1)!;
      const paid = l.closedAt! < now - 3 * DAY;
      await addOrder({
        reference: `AUC-${idOf(l)}-${hex(rng, 6)}`,
        buyer: userOf(last.userKey),
        source: 'auction',
        status: paid ? 'paid' : 'awaiting_payment',
        lot: l,
        amount: last.amount,
        created: l.closedAt!,
        paidAt: paid ? l.closedAt! + rng.int(2, 48) * HOUR : null,
      });
    }

    // Adverts (shown instead of the hero banner while active)
    const upcomingDay = new Date(windows.liveUpcoming.from).toLocaleString('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Africa/Blantyre',
    });
    await trx
      .insertInto('adverts')
      .values([
        {
          image: banners[0].image,
          image_variants: JSON.stringify(banners[0].variants),
          description:
            'Live Auction - Blantyre Monthly is on today at Ginnery Corner and online: houses in Namiwawa and Sunnyside, a Limbe commercial building, pickups, trucks and tractors. Register your bank deposit reference to bid live.',
          link_url: '/register-bid',
          // Linked to its sale: the countdown runs to the sale's end (it is live), the button to its registration.
          auction_type_id: typeId(SEED_AUCTION_TYPES.liveNow),
          date_from: new Date(now - DAY),
          date_to: new Date(now + 3 * DAY),
          active: true,
          status_id: 1,
          created_at: new Date(now - DAY),
          updated_at: new Date(now - DAY),
        },
        {
          image: banners[1].image,
          image_variants: JSON.stringify(banners[1].variants),
          description: `Live Auction - Lilongwe Property, ${upcomingDay}: serviced plots in Area 47, houses in Area 10 and Area 43, a lakeshore plot at Senga Bay and a Kanengo warehouse. Register to bid online before the day.`,
          link_url: '/register-bid',
          auction_type_id: typeId(SEED_AUCTION_TYPES.liveUpcoming),
          date_from: new Date(now - DAY),
          date_to: new Date(now + 9 * DAY),
          active: true,
          status_id: 1,
          created_at: new Date(now - DAY),
          updated_at: new Date(now - DAY),
        },
      ])
      .execute();

    return { media: media.length, bids: bids.length, subscriptions: subs.length, watchlist: watch.size, orders };
  });

  const byType = (types: Channel[]) => lots.filter((l) => types.includes(l.channel)).length;
  const summary: SeedSummary = {
    branches: BRANCHES.length,
    auctionTypes: 5,
    users: users.length,
    items: {
      total: lots.length,
      cash: byType(['cash']),
      online: byType(['online_vehicles', 'online_general']),
      live: byType(['live_now', 'live_property']),
    },
    bids: counts.bids,
    media: counts.media,
    adverts: 2,
    subscriptions: counts.subscriptions,
    watchlist: counts.watchlist,
    orders: counts.orders,
    images,
    durationMs: Date.now() - started,
  };
  log(
    `seed: ${summary.items.total} items (${summary.items.cash} daily sale, ${summary.items.online} online, ${summary.items.live} live), ` +
      `${summary.bids} bids, ${summary.users} users, ${summary.media} pictures in ${summary.durationMs} ms`,
  );
  return summary;
}

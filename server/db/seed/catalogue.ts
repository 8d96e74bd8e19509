import type { Pictogram, SeedCategory } from './images.js';
import { nicePrice, type Rng } from './random.js';

/**
 * The words of the seeded catalogue: branches, vehicle models, goods, property and the sentences
 * that describe them. Pure data and pure functions of a seeded {@link Rng}: no I/O, no dates.
 */

/** Item condition values used by the listing filter. */
export type Condition = 'new' | 'used' | 'refurbished' | 'repossessed';

/** Where a lot is sold: the five seeded auction types. */
export type Channel = 'cash' | 'online_vehicles' | 'online_general' | 'live_now' | 'live_property';

/** A lot before it has dates, bids or database ids. */
export interface LotDraft {
  channel: Channel;
  category: SeedCategory;
  pictogram: Pictogram;
  name: string;
  title: string;
  description: string;
  /** MWK, whole kwacha: the fixed price (cash) or the starting amount / reserve (auctions). */
  price: number;
  condition: Condition;
  branchId: number;
  quantity: number;
  featured: boolean;
}

/** Branches in id order: Blantyre is 1 and Lilongwe 2 (the spec's default location filter). */
export const BRANCHES = [
  { id: 1, name: 'Blantyre', address: 'Ginnery Corner, Masauko Chipembere Highway, Blantyre', phone: '+265 1 820 000' },
  { id: 2, name: 'Lilongwe', address: 'Area 28, Plot 28/112, Kanengo Road, Lilongwe', phone: '+265 1 750 000' },
  { id: 3, name: 'Mzuzu', address: 'Orton Chirwa Avenue, opposite Mzuzu Central Hospital, Mzuzu', phone: '+265 1 310 000' },
  { id: 4, name: 'Zomba', address: 'Kamuzu Highway, Matawale, Zomba', phone: '+265 1 525 000' },
] as const;

const VIEWING: Record<number, string> = {
  1: 'our Blantyre yard at Ginnery Corner',
  2: 'our Lilongwe yard in Area 28, off Kanengo Road',
  3: 'our Mzuzu branch on Orton Chirwa Avenue',
  4: 'our Zomba branch on Kamuzu Highway, Matawale',
};
const VIEWING_HOURS = ['Monday to Friday, 8:00 to 16:30', 'weekdays 8:00 to 16:30 and Saturday 8:00 to 12:00', 'Monday to Saturday during office hours'];

const PLATE_PREFIX: Record<number, string[]> = { 1: ['BT', 'BZ', 'BP', 'BR'], 2: ['LL', 'LA', 'LN'], 3: ['MZ', 'MN'], 4: ['ZA', 'ZB'] };

/** Code prefix per category: GAV-VEH-0012. */
export const CODE_PREFIX: Record<SeedCategory, string> = {
  vehicles: 'VEH',
  trucks: 'TRK',
  motorbikes: 'MOT',
  furniture: 'FUR',
  electronics: 'ELE',
  phones: 'PHN',
  appliances: 'APP',
  farm: 'FRM',
  machinery: 'MCH',
  property: 'PRP',
  land: 'LND',
  repossessed: 'REP',
  general: 'GEN',
};

function viewing(rng: Rng, branchId: number): string {
  return `Viewing at ${VIEWING[branchId]}, ${rng.pick(VIEWING_HOURS)}.`;
}

function plate(rng: Rng, branchId: number): string {
  return `${rng.pick(PLATE_PREFIX[branchId])} ${rng.int(rng.chance(0.3) ? 100 : 1000, 9999)}`;
}

function thousands(n: number): string {
  return n.toLocaleString('en-GB');
}

// ---------------------------------------------------------------- vehicles, trucks, machines

interface VehicleModel {
  model: string;
  pictogram: Pictogram;
  category: SeedCategory;
  years: [number, number];
  /** Price (MWK) of the oldest and of the newest year. */
  prices: [number, number];
  gearbox: string[];
  fuel: string;
  /** Specification phrases, one is used. */
  specs: string[];
}

const VEHICLES: VehicleModel[] = [
  { model: 'Toyota Hilux 2.5 D-4D Double Cab 4x4', pictogram: 'pickup', category: 'vehicles', years: [2010, 2017], prices: [21_000_000, 42_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['canopy and tow bar fitted', 'nudge bar, canopy and rubberised load bin', 'roof rack and snorkel fitted'] },
  { model: 'Toyota Hilux 2.4 GD-6 Single Cab', pictogram: 'pickup', category: 'vehicles', years: [2017, 2020], prices: [32_000_000, 46_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['long load bin with drop sides', 'load bin liner and tow hitch'] },
  { model: 'Toyota Hilux 2.7 VVTi Single Cab 4x2', pictogram: 'pickup', category: 'vehicles', years: [2008, 2014], prices: [14_000_000, 22_000_000], gearbox: ['manual'], fuel: 'petrol', specs: ['steel load bin', 'canopy fitted'] },
  { model: 'Toyota Corolla 1.6 GLi', pictogram: 'car', category: 'vehicles', years: [2008, 2015], prices: [8_500_000, 15_500_000], gearbox: ['manual', 'automatic'], fuel: 'petrol', specs: ['air conditioning and electric windows', 'alloy wheels and radio/CD'] },
  { model: 'Toyota Corolla Axio 1.5', pictogram: 'car', category: 'vehicles', years: [2007, 2013], prices: [7_500_000, 12_000_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['Japanese import with reverse camera', 'air conditioning and keyless entry'] },
  { model: 'Toyota Premio 1.8', pictogram: 'car', category: 'vehicles', years: [2007, 2012], prices: [8_500_000, 12_500_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['leather-look seats and reverse camera', 'climate control and navigation screen'] },
  { model: 'Toyota Vitz 1.0', pictogram: 'car', category: 'vehicles', years: [2008, 2014], prices: [5_500_000, 8_500_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['economical three-cylinder engine', 'air conditioning'] },
  { model: 'Toyota Land Cruiser Prado TX 3.0 D-4D', pictogram: 'suv', category: 'vehicles', years: [2009, 2016], prices: [38_000_000, 72_000_000], gearbox: ['automatic'], fuel: 'diesel', specs: ['seven seats, leather interior and sunroof', 'side steps, tow bar and roof rails'] },
  { model: 'Toyota Land Cruiser 79 4.2 Single Cab', pictogram: 'pickup', category: 'vehicles', years: [2012, 2019], prices: [55_000_000, 85_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['ex-NGO vehicle with long-range tank and HF antenna mount', 'winch bumper and snorkel'] },
  { model: 'Toyota Fortuner 3.0 D-4D 4x4', pictogram: 'suv', category: 'vehicles', years: [2010, 2016], prices: [28_000_000, 48_000_000], gearbox: ['automatic', 'manual'], fuel: 'diesel', specs: ['seven seats and rear air conditioning', 'tow bar and side steps'] },
  { model: 'Toyota RAV4 2.0', pictogram: 'suv', category: 'vehicles', years: [2007, 2013], prices: [11_000_000, 19_000_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['spare wheel on the tailgate', 'alloy wheels and roof rails'] },
  { model: 'Toyota Noah 2.0 (8 seater)', pictogram: 'van', category: 'vehicles', years: [2007, 2012], prices: [8_500_000, 13_000_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['sliding doors on both sides', 'dual air conditioning'] },
  { model: 'Nissan Navara 2.5 dCi Double Cab', pictogram: 'pickup', category: 'vehicles', years: [2010, 2016], prices: [19_000_000, 32_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['canopy and nudge bar', 'load bin liner and tow bar'] },
  { model: 'Nissan NP300 Hardbody 2.5 TDi', pictogram: 'pickup', category: 'vehicles', years: [2012, 2018], prices: [15_500_000, 26_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['single cab with steel load bin', 'drop-side body'] },
  { model: 'Nissan X-Trail 2.0', pictogram: 'suv', category: 'vehicles', years: [2008, 2014], prices: [10_500_000, 18_000_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['4WD selectable and roof rails', 'panoramic roof'] },
  { model: 'Nissan Note 1.5', pictogram: 'car', category: 'vehicles', years: [2007, 2012], prices: [5_500_000, 8_000_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['spacious hatchback, ideal for town use', 'air conditioning'] },
  { model: 'Honda Fit 1.3', pictogram: 'car', category: 'vehicles', years: [2008, 2013], prices: [5_800_000, 9_000_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['folding rear seats', 'economical i-VTEC engine'] },
  { model: 'Mitsubishi Pajero 3.2 DI-D', pictogram: 'suv', category: 'vehicles', years: [2008, 2013], prices: [17_000_000, 28_000_000], gearbox: ['automatic'], fuel: 'diesel', specs: ['seven seats and rear diff lock', 'tow bar and bull bar'] },
  { model: 'Mazda Demio 1.3', pictogram: 'car', category: 'vehicles', years: [2008, 2013], prices: [5_200_000, 8_000_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['air conditioning and radio', 'low fuel consumption'] },
  { model: 'Ford Ranger 2.2 TDCi Double Cab', pictogram: 'pickup', category: 'vehicles', years: [2013, 2018], prices: [27_000_000, 42_000_000], gearbox: ['manual', 'automatic'], fuel: 'diesel', specs: ['roller shutter and sports bar', 'tow bar and load bin liner'] },
  { model: 'Volkswagen Polo Vivo 1.4', pictogram: 'car', category: 'vehicles', years: [2012, 2017], prices: [8_500_000, 13_000_000], gearbox: ['manual'], fuel: 'petrol', specs: ['five-door hatchback', 'air conditioning and power steering'] },
  { model: 'Mercedes-Benz C200 Kompressor', pictogram: 'car', category: 'vehicles', years: [2007, 2012], prices: [12_000_000, 19_000_000], gearbox: ['automatic'], fuel: 'petrol', specs: ['leather seats and climate control', 'full service history'] },
  { model: 'Isuzu KB 250 D-Teq Single Cab', pictogram: 'pickup', category: 'vehicles', years: [2012, 2017], prices: [17_000_000, 28_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['drop-side load body', 'tow bar and canopy'] },
  { model: 'Toyota HiAce Commuter 2.5 D-4D (15 seater)', pictogram: 'van', category: 'trucks', years: [2008, 2015], prices: [19_000_000, 35_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['minibus with PSV licence history', 'high roof, fifteen seats'] },
  { model: 'Isuzu FRR 6-Tonne Dropside Truck', pictogram: 'truck', category: 'trucks', years: [2008, 2015], prices: [30_000_000, 48_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['steel drop-side body, 6.2 m deck', 'tarpaulin frame and rope hooks'] },
  { model: 'Isuzu NPR 4-Tonne Truck', pictogram: 'truck', category: 'trucks', years: [2008, 2014], prices: [21_000_000, 35_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['dry freight box body', 'drop-side body with tail lift'] },
  { model: 'Isuzu FVZ 10-Tonne Tipper', pictogram: 'truck', category: 'trucks', years: [2010, 2016], prices: [58_000_000, 90_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['10 m³ tipping bin, hydraulics recently resealed', 'heavy-duty tipper body'] },
  { model: 'Mitsubishi Fuso Canter 3-Tonne', pictogram: 'truck', category: 'trucks', years: [2007, 2013], prices: [15_000_000, 24_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['drop-side body', 'insulated box body'] },
  { model: 'Tata LPT 1518 Truck', pictogram: 'truck', category: 'trucks', years: [2011, 2016], prices: [29_000_000, 45_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['15-tonne GVM, drop-side body', 'cargo body with tarpaulin'] },
  { model: 'Hino 500 8-Tonne Truck', pictogram: 'truck', category: 'trucks', years: [2009, 2014], prices: [38_000_000, 60_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['curtain-side body', 'drop-side body with crane mount'] },
  { model: 'Scania R420 Truck Tractor (Horse)', pictogram: 'truck', category: 'trucks', years: [2008, 2012], prices: [68_000_000, 98_000_000], gearbox: ['manual'], fuel: 'diesel', specs: ['6x4 horse, fifth wheel recently serviced', 'sleeper cab, retarder'] },
];

const COLOURS = ['white', 'silver', 'grey', 'black', 'dark blue', 'maroon', 'pearl white', 'beige', 'dark green'];

const VEHICLE_CONDITION: Record<Condition, string[]> = {
  used: [
    'Engine starts and drives well; the bodywork has minor scratches and the tyres are about 60% worn.',
    'Recently serviced; the interior is clean with light wear on the driver\'s seat.',
    'Runs and drives; the air conditioning needs re-gassing and there is a small dent on the rear door.',
    'In fair running order with normal wear for its age; the windscreen has a small chip on the passenger side.',
    'Good mechanical condition with service records; paintwork faded on the roof and bonnet.',
  ],
  refurbished: [
    'Reconditioned in our workshop: new clutch kit, brake pads, shock absorbers and battery fitted in the last three months.',
    'Engine overhauled and resprayed; new tyres all round and a fresh service.',
  ],
  repossessed: [
    'Repossessed by a commercial bank following default on a vehicle finance loan and sold under the bank\'s instruction; as is, where is, without warranty.',
    'Bank repossession: recovered by the lender after the finance agreement lapsed; sold as is, where is, and the bank\'s release letter is handed over on full payment.',
  ],
  new: ['Brand new, zero kilometres, with the dealer\'s warranty.'],
};

const VEHICLE_EXTRA = [
  'Blue book and a valid certificate of fitness are available for inspection.',
  'Transfer fees at the Road Traffic Directorate are for the buyer\'s account.',
  'Spare key and service book included.',
  'Collection within 5 working days of full payment.',
];

/** A vehicle or truck lot drawn from the model list. */
export function vehicleLot(rng: Rng, channel: Channel, branchId: number, opts: { model?: VehicleModel; condition?: Condition; category?: SeedCategory } = {}): LotDraft {
  const m = opts.model ?? rng.pick(VEHICLES);
  const year = rng.int(m.years[0], m.years[1]);
  const span = Math.max(1, m.years[1] - m.years[0]);
  const base = m.prices[0] + ((m.prices[1] - m.prices[0]) * (year - m.years[0])) / span;
  const condition = opts.condition ?? (rng.chance(0.12) ? 'refurbished' : 'used');
  const price = nicePrice(base * (0.9 + rng.next() * 0.2) * (condition === 'repossessed' ? 0.85 : 1));
  const reg = plate(rng, branchId);
  const km = Math.round(((2026 - year) * rng.int(11_000, 26_000)) / 1000) * 1000;
  const gearbox = rng.pick(m.gearbox);
  const colour = rng.pick(COLOURS);
  const name = `${year} ${m.model}`;
  const sentences = [
    `${year} ${m.model} in ${colour}, registration ${reg}, ${gearbox} gearbox, ${m.fuel}, about ${thousands(km)} km on the clock, ${rng.pick(m.specs)}.`,
    rng.pick(VEHICLE_CONDITION[condition]),
    viewing(rng, branchId),
  ];
  if (rng.chance(0.6)) sentences.push(rng.pick(VEHICLE_EXTRA));
  return {
    channel,
    category: opts.category ?? (condition === 'repossessed' ? 'repossessed' : m.category),
    pictogram: m.pictogram,
    name,
    title: `${name}, ${reg}, ${thousands(km)} km`,
    description: sentences.join(' '),
    price,
    condition,
    branchId,
    quantity: 1,
    featured: false,
  };
}

/** Vehicle models of a category (vehicles or trucks), for picking a spread of lots. */
export function vehicleModels(category: 'vehicles' | 'trucks'): VehicleModel[] {
  return VEHICLES.filter((v) => v.category === category);
}

// ---------------------------------------------------------------- goods

interface GoodsModel {
  name: string;
  category: SeedCategory;
  pictogram: Pictogram;
  prices: [number, number];
  /** First sentence: what it is. */
  detail: string;
  conditions: Condition[];
  /** Largest quantity for a daily-sale lot. */
  maxQty: number;
}

const GOODS: GoodsModel[] = [
  // furniture
  { name: '3-Seater Leather Sofa', category: 'furniture', pictogram: 'sofa', prices: [320_000, 390_000], detail: 'Dark brown genuine-leather three-seater sofa on a hardwood frame, 2.1 m wide.', conditions: ['used', 'new'], maxQty: 3 },
  { name: '7-Seater L-Shaped Sofa Set', category: 'furniture', pictogram: 'sofa', prices: [850_000, 1_200_000], detail: 'Grey fabric L-shaped corner sofa seating seven, with scatter cushions.', conditions: ['new', 'used'], maxQty: 2 },
  { name: '5-Seater Fabric Sofa Set (3+1+1)', category: 'furniture', pictogram: 'sofa', prices: [580_000, 780_000], detail: 'Three-piece lounge suite in beige fabric: a three-seater and two armchairs.', conditions: ['used', 'new'], maxQty: 2 },
  { name: 'Mukwa Double Bed with Mattress', category: 'furniture', pictogram: 'bed', prices: [420_000, 560_000], detail: 'Solid mukwa hardwood double bed (4 ft 6) with a 20 cm foam mattress.', conditions: ['new', 'used'], maxQty: 4 },
  { name: 'Queen Bed with Orthopaedic Mattress', category: 'furniture', pictogram: 'bed', prices: [650_000, 820_000], detail: 'Upholstered queen-size bed base with headboard and an orthopaedic spring mattress.', conditions: ['new'], maxQty: 3 },
  { name: 'Steel Bunk Beds (ex-boarding school)', category: 'furniture', pictogram: 'bed', prices: [150_000, 190_000], detail: 'Heavy-gauge steel double-decker bunk beds, sold without mattresses.', conditions: ['used'], maxQty: 10 },
  { name: '6-Seater Mukwa Dining Set', category: 'furniture', pictogram: 'table', prices: [750_000, 950_000], detail: 'Mukwa hardwood dining table (1.8 m) with six upholstered chairs.', conditions: ['new', 'used'], maxQty: 2 },
  { name: 'Executive Office Desk (1.8 m)', category: 'furniture', pictogram: 'table', prices: [340_000, 480_000], detail: 'L-shaped executive desk in cherry finish with a three-drawer pedestal.', conditions: ['used', 'new'], maxQty: 4 },
  { name: 'High-Back Office Chair', category: 'furniture', pictogram: 'table', prices: [85_000, 125_000], detail: 'Ergonomic high-back mesh office chair with gas lift and adjustable arms.', conditions: ['new', 'used'], maxQty: 10 },
  { name: 'Boardroom Table with 10 Chairs', category: 'furniture', pictogram: 'table', prices: [1_200_000, 1_650_000], detail: 'Oval boardroom table (3.6 m) with ten matching visitor chairs, from an office relocation.', conditions: ['used'], maxQty: 1 },
  { name: '3-Door Wardrobe', category: 'furniture', pictogram: 'fridge', prices: [380_000, 520_000], detail: 'Three-door wardrobe with mirror, hanging rail and four shelves.', conditions: ['new', 'used'], maxQty: 3 },
  { name: '4-Drawer Steel Filing Cabinet', category: 'furniture', pictogram: 'fridge', prices: [160_000, 220_000], detail: 'Lockable four-drawer steel filing cabinet (foolscap), grey, with keys.', conditions: ['used'], maxQty: 8 },
  { name: 'Wooden Coffee Table', category: 'furniture', pictogram: 'table', prices: [85_000, 140_000], detail: 'Carved hardwood coffee table with a glass top, 1.2 m x 0.6 m.', conditions: ['new', 'used'], maxQty: 5 },
  { name: 'Plastic Garden Chairs (set of 10)', category: 'furniture', pictogram: 'table', prices: [160_000, 210_000], detail: 'Set of ten white stackable plastic chairs, suitable for events and churches.', conditions: ['new', 'used'], maxQty: 10 },
  { name: 'School Desks, Double Seater', category: 'furniture', pictogram: 'table', prices: [55_000, 80_000], detail: 'Steel-frame double-seater school desks with hardwood tops.', conditions: ['used'], maxQty: 10 },
  // electronics
  { name: 'Samsung 55" Crystal UHD Smart TV', category: 'electronics', pictogram: 'tv', prices: [820_000, 1_050_000], detail: 'Samsung 55-inch 4K Crystal UHD smart television with remote and wall bracket.', conditions: ['new', 'used'], maxQty: 3 },
  { name: 'LG 43" Full HD Smart TV', category: 'electronics', pictogram: 'tv', prices: [450_000, 600_000], detail: 'LG 43-inch Full HD smart TV with webOS, Netflix and YouTube apps.', conditions: ['new', 'refurbished'], maxQty: 4 },
  { name: 'Hisense 32" LED TV', category: 'electronics', pictogram: 'tv', prices: [230_000, 300_000], detail: 'Hisense 32-inch HD LED television with built-in free-to-air decoder.', conditions: ['new', 'used'], maxQty: 6 },
  { name: 'Sony Bravia 65" 4K TV', category: 'electronics', pictogram: 'tv', prices: [1_800_000, 2_400_000], detail: 'Sony Bravia 65-inch 4K HDR Android TV with table stand.', conditions: ['used', 'new'], maxQty: 1 },
  { name: 'HP EliteBook 840 G5 Laptop', category: 'electronics', pictogram: 'laptop', prices: [550_000, 720_000], detail: 'HP EliteBook 840 G5: Core i5 8th gen, 8 GB RAM, 256 GB SSD, 14-inch screen, Windows 11.', conditions: ['refurbished', 'used'], maxQty: 6 },
  { name: 'Dell Latitude 5490 Laptop', category: 'electronics', pictogram: 'laptop', prices: [480_000, 640_000], detail: 'Dell Latitude 5490: Core i5, 8 GB RAM, 256 GB SSD, with charger.', conditions: ['refurbished', 'used'], maxQty: 6 },
  { name: 'Lenovo ThinkPad T480 Laptop', category: 'electronics', pictogram: 'laptop', prices: [500_000, 690_000], detail: 'Lenovo ThinkPad T480: Core i7, 16 GB RAM, 512 GB SSD, backlit keyboard.', conditions: ['refurbished'], maxQty: 4 },
  { name: 'Apple MacBook Air M1 (2020)', category: 'electronics', pictogram: 'laptop', prices: [1_350_000, 1_750_000], detail: 'Apple MacBook Air 13-inch with M1 chip, 8 GB RAM and 256 GB SSD, battery health 89%.', conditions: ['used'], maxQty: 1 },
  { name: 'HP ProDesk Desktop with 22" Monitor', category: 'electronics', pictogram: 'tv', prices: [380_000, 480_000], detail: 'HP ProDesk 600 G3 desktop (Core i5, 8 GB, 500 GB) with 22-inch monitor, keyboard and mouse.', conditions: ['refurbished', 'used'], maxQty: 8 },
  { name: 'Kyocera TASKalfa 3011i Photocopier', category: 'electronics', pictogram: 'machine', prices: [1_900_000, 2_600_000], detail: 'Kyocera TASKalfa 3011i A3 multifunction copier: print, copy, scan; about 180,000 pages counted.', conditions: ['used', 'refurbished'], maxQty: 1 },
  { name: '5 kVA Solar Inverter with 4 Batteries', category: 'electronics', pictogram: 'machine', prices: [2_400_000, 3_400_000], detail: 'Hybrid 5 kVA inverter with four 200 Ah gel batteries and cabling, ideal for load-shedding backup.', conditions: ['new', 'used'], maxQty: 2 },
  { name: '400 W Solar Panels (set of 4)', category: 'electronics', pictogram: 'box', prices: [1_100_000, 1_400_000], detail: 'Four 400 W monocrystalline solar panels with mounting rails and MC4 connectors.', conditions: ['new'], maxQty: 5 },
  { name: 'Sony PlayStation 5 Console', category: 'electronics', pictogram: 'box', prices: [950_000, 1_200_000], detail: 'PlayStation 5 disc edition with two controllers and three games.', conditions: ['used', 'new'], maxQty: 2 },
  { name: 'JBL PartyBox 310 Speaker', category: 'electronics', pictogram: 'box', prices: [650_000, 820_000], detail: 'JBL PartyBox 310 portable Bluetooth speaker with light show and microphone input.', conditions: ['new', 'used'], maxQty: 3 },
  // phones
  { name: 'Samsung Galaxy A54 5G 128GB', category: 'phones', pictogram: 'phone', prices: [430_000, 520_000], detail: 'Samsung Galaxy A54 5G, 128 GB, dual SIM, awesome graphite colour.', conditions: ['new', 'used'], maxQty: 5 },
  { name: 'Apple iPhone 13 128GB', category: 'phones', pictogram: 'phone', prices: [1_100_000, 1_320_000], detail: 'Apple iPhone 13, 128 GB, midnight, battery health 88%, unlocked.', conditions: ['used', 'refurbished'], maxQty: 2 },
  { name: 'Apple iPhone 11 64GB', category: 'phones', pictogram: 'phone', prices: [620_000, 780_000], detail: 'Apple iPhone 11, 64 GB, white, unlocked for Airtel and TNM.', conditions: ['used', 'refurbished'], maxQty: 3 },
  { name: 'Tecno Spark 20 128GB', category: 'phones', pictogram: 'phone', prices: [170_000, 195_000], detail: 'Tecno Spark 20, 128 GB + 8 GB RAM, dual SIM, 5000 mAh battery.', conditions: ['new'], maxQty: 10 },
  { name: 'Tecno Camon 30 256GB', category: 'phones', pictogram: 'phone', prices: [320_000, 380_000], detail: 'Tecno Camon 30, 256 GB, 50 MP camera, dual SIM.', conditions: ['new', 'used'], maxQty: 6 },
  { name: 'Infinix Hot 40i 128GB', category: 'phones', pictogram: 'phone', prices: [175_000, 215_000], detail: 'Infinix Hot 40i, 128 GB, dual SIM, fast charger included.', conditions: ['new'], maxQty: 10 },
  { name: 'itel A70 64GB', category: 'phones', pictogram: 'phone', prices: [95_000, 120_000], detail: 'itel A70 smartphone, 64 GB, dual SIM, 6.6-inch screen.', conditions: ['new'], maxQty: 10 },
  { name: 'Samsung Galaxy Tab A8 10.5"', category: 'phones', pictogram: 'phone', prices: [380_000, 450_000], detail: 'Samsung Galaxy Tab A8 10.5-inch tablet, 64 GB, Wi-Fi and LTE.', conditions: ['new', 'used'], maxQty: 4 },
  // appliances
  { name: 'Hisense 300L Double Door Fridge', category: 'appliances', pictogram: 'fridge', prices: [640_000, 800_000], detail: 'Hisense 300-litre frost-free fridge with top freezer, silver finish.', conditions: ['new', 'used'], maxQty: 3 },
  { name: 'Defy 200L Chest Freezer', category: 'appliances', pictogram: 'fridge', prices: [540_000, 700_000], detail: 'Defy 200-litre chest freezer, holds temperature for 30 hours during power cuts.', conditions: ['new', 'used'], maxQty: 4 },
  { name: 'LG 8kg Front Loader Washing Machine', category: 'appliances', pictogram: 'fridge', prices: [750_000, 950_000], detail: 'LG 8 kg inverter direct-drive front-loading washing machine.', conditions: ['new', 'refurbished'], maxQty: 2 },
  { name: 'Defy 4-Plate Electric Cooker with Oven', category: 'appliances', pictogram: 'fridge', prices: [580_000, 750_000], detail: 'Defy 600 mm freestanding electric cooker, four solid plates and a full oven.', conditions: ['new', 'used'], maxQty: 3 },
  { name: '4-Burner Gas Cooker with Oven', category: 'appliances', pictogram: 'fridge', prices: [330_000, 420_000], detail: 'Four-burner gas cooker with oven and grill; gas cylinder not included.', conditions: ['new'], maxQty: 5 },
  { name: 'Samsung 30L Microwave Oven', category: 'appliances', pictogram: 'box', prices: [170_000, 240_000], detail: 'Samsung 30-litre microwave with grill function.', conditions: ['new', 'used'], maxQty: 6 },
  { name: 'Hot and Cold Water Dispenser', category: 'appliances', pictogram: 'fridge', prices: [165_000, 210_000], detail: 'Floor-standing water dispenser with hot and cold taps and storage cabinet.', conditions: ['new', 'used'], maxQty: 6 },
  // farm & tools
  { name: '16L Knapsack Sprayer', category: 'farm', pictogram: 'box', prices: [45_000, 65_000], detail: 'Sixteen-litre manual knapsack sprayer with brass lance, for crop spraying.', conditions: ['new'], maxQty: 10 },
  { name: 'Treadle Irrigation Pump', category: 'farm', pictogram: 'machine', prices: [110_000, 150_000], detail: 'Treadle pump for dambo gardens, lifts water up to 7 m, with suction hose.', conditions: ['new', 'used'], maxQty: 8 },
  { name: 'Honda WB30 3" Petrol Water Pump', category: 'farm', pictogram: 'machine', prices: [420_000, 560_000], detail: 'Honda WB30 three-inch petrol irrigation pump with suction and delivery hoses.', conditions: ['new', 'used'], maxQty: 4 },
  { name: 'Motorised Maize Sheller', category: 'farm', pictogram: 'machine', prices: [1_600_000, 2_300_000], detail: 'Diesel-engine maize sheller, about 2 tonnes an hour, on a wheeled frame.', conditions: ['new', 'used'], maxQty: 2 },
  { name: 'Solar Irrigation Pump Kit (1.5 kW)', category: 'farm', pictogram: 'machine', prices: [1_900_000, 2_800_000], detail: 'Submersible solar pump kit with 1.5 kW of panels and controller, up to 40 m head.', conditions: ['new'], maxQty: 2 },
  { name: 'Heavy-Duty Wheelbarrow', category: 'general', pictogram: 'box', prices: [65_000, 85_000], detail: 'Builders\' heavy-duty wheelbarrow, 85 litres, with a pneumatic tyre.', conditions: ['new'], maxQty: 10 },
  // machinery
  { name: '400A Arc Welding Machine', category: 'machinery', pictogram: 'machine', prices: [620_000, 880_000], detail: '400-amp three-phase arc welding machine with cables and earth clamp.', conditions: ['used', 'new'], maxQty: 3 },
  { name: '350L Concrete Mixer with Diesel Engine', category: 'machinery', pictogram: 'machine', prices: [2_000_000, 2_900_000], detail: '350-litre tilting-drum concrete mixer on a towable chassis, diesel engine.', conditions: ['used'], maxQty: 2 },
  { name: 'Honda EU22i Petrol Generator', category: 'machinery', pictogram: 'machine', prices: [850_000, 1_150_000], detail: 'Honda EU22i 2.2 kVA inverter generator, quiet and fuel-efficient.', conditions: ['new', 'used'], maxQty: 4 },
  // motorbikes and bicycles
  { name: 'Honda Ace 125 Motorcycle', category: 'motorbikes', pictogram: 'motorbike', prices: [1_400_000, 2_100_000], detail: 'Honda Ace CB125 motorcycle, kick and electric start, popular for motorcycle-taxi (kabaza) work.', conditions: ['new', 'used'], maxQty: 3 },
  { name: 'Bajaj Boxer BM 150 Motorcycle', category: 'motorbikes', pictogram: 'motorbike', prices: [1_200_000, 1_750_000], detail: 'Bajaj Boxer BM 150, economical commuter motorcycle with carrier.', conditions: ['new', 'used'], maxQty: 3 },
  { name: 'Yamaha AG200 Motorcycle (ex-NGO)', category: 'motorbikes', pictogram: 'motorbike', prices: [2_400_000, 3_800_000], detail: 'Yamaha AG200 agricultural motorcycle retired from an NGO fleet, with carrier and hand guards.', conditions: ['used'], maxQty: 2 },
  { name: 'Phoenix Roadster Bicycle', category: 'motorbikes', pictogram: 'motorbike', prices: [140_000, 180_000], detail: 'Phoenix 28-inch roadster bicycle with carrier, the classic kabaza bike.', conditions: ['new'], maxQty: 10 },
  // general
  { name: '20 ft Shipping Container', category: 'general', pictogram: 'box', prices: [4_300_000, 5_800_000], detail: 'Twenty-foot dry shipping container, wind- and water-tight, suitable for storage or a shop.', conditions: ['used'], maxQty: 2 },
  { name: '5,000 L Water Tank', category: 'general', pictogram: 'box', prices: [780_000, 980_000], detail: 'Five-thousand-litre polyethylene water storage tank with outlet fittings.', conditions: ['new'], maxQty: 4 },
  { name: 'Singer Heavy-Duty Sewing Machine', category: 'general', pictogram: 'machine', prices: [260_000, 360_000], detail: 'Singer 4423 heavy-duty electric sewing machine with foot pedal and accessories.', conditions: ['new', 'used'], maxQty: 4 },
  { name: 'Fireproof Office Safe', category: 'general', pictogram: 'box', prices: [650_000, 900_000], detail: 'Fireproof steel office safe, 120 kg, with combination lock and two keys.', conditions: ['used'], maxQty: 2 },
];

const GOODS_CONDITION: Record<Condition, string[]> = {
  new: [
    'Brand new in the original box with the manufacturer\'s warranty card.',
    'New and unused, from the stock of a retailer in liquidation.',
    'Brand new, still sealed; the supplier\'s one-year warranty applies.',
  ],
  used: [
    'Used and in good working order; tested on intake, with normal signs of wear.',
    'In fair condition with light scratches; fully working when tested.',
    'Well kept by its previous owner, with only minor marks.',
  ],
  refurbished: [
    'Refurbished by our technicians: cleaned, tested and fitted with new parts where needed, with a 3-month shop warranty.',
    'Professionally refurbished and graded A; comes with a 90-day warranty.',
  ],
  repossessed: [
    'Repossessed on behalf of a commercial bank following loan default and sold under the bank\'s instruction, as is and without warranty.',
    'Recovered by a microfinance institution after the borrower defaulted; sold as is, where is, with the release letter handed over on payment.',
  ],
};

/** Categories whose goods can be drawn for a channel. */
export type GoodsCategory = 'furniture' | 'electronics' | 'phones' | 'appliances' | 'farm' | 'machinery' | 'motorbikes' | 'general';

/** Goods models of one category. */
export function goodsModels(category: GoodsCategory): GoodsModel[] {
  return GOODS.filter((g) => g.category === category);
}

/** A goods lot (furniture, electronics, phones ...). Daily-sale lots get a quantity up to the model's maximum. */
export function goodsLot(rng: Rng, channel: Channel, branchId: number, model: GoodsModel, opts: { condition?: Condition } = {}): LotDraft {
  const condition = opts.condition ?? rng.pick(model.conditions);
  const factor = condition === 'new' ? 1 : condition === 'refurbished' ? 0.9 : condition === 'repossessed' ? 0.7 : 0.8;
  const price = nicePrice((model.prices[0] + rng.next() * (model.prices[1] - model.prices[0])) * factor);
  const quantity = channel === 'cash' ? rng.int(1, model.maxQty) : 1;
  const sentences = [model.detail, rng.pick(GOODS_CONDITION[condition]), viewing(rng, branchId)];
  if (channel === 'cash' && quantity > 1) sentences.push(`${quantity} units available at this price; buy one or several.`);
  else if (channel !== 'cash' && rng.chance(0.4)) sentences.push('Collection within 5 working days of full payment.');
  return {
    channel,
    category: model.category,
    pictogram: model.pictogram,
    name: model.name,
    title: `${model.name} (${condition === 'repossessed' ? 'bank repossession' : condition})`,
    description: sentences.join(' '),
    price,
    condition,
    branchId,
    quantity,
    featured: false,
  };
}

// ---------------------------------------------------------------- farm machines and plant (auction lots)

interface PlantModel {
  name: string;
  category: 'farm' | 'machinery';
  pictogram: Pictogram;
  prices: [number, number];
  detail: string;
}

const PLANT: PlantModel[] = [
  { name: 'Massey Ferguson 375 Tractor (2WD, 75 hp)', category: 'farm', pictogram: 'tractor', prices: [26_000_000, 38_000_000], detail: 'Massey Ferguson 375 two-wheel-drive tractor, 75 hp Perkins engine, three-point linkage and PTO; about {h} hours.' },
  { name: 'New Holland TT75 Tractor (4WD)', category: 'farm', pictogram: 'tractor', prices: [34_000_000, 46_000_000], detail: 'New Holland TT75 four-wheel-drive tractor, 75 hp, with front weights and canopy; about {h} hours.' },
  { name: 'John Deere 5055E Tractor', category: 'farm', pictogram: 'tractor', prices: [38_000_000, 52_000_000], detail: 'John Deere 5055E, 55 hp, 4WD, power steering and hydraulic outlets; about {h} hours.' },
  { name: 'Mahindra 575 DI Tractor', category: 'farm', pictogram: 'tractor', prices: [21_000_000, 29_000_000], detail: 'Mahindra 575 DI, 45 hp, 2WD, ideal for tobacco and maize estates; about {h} hours.' },
  { name: 'Swaraj 855 FE Tractor', category: 'farm', pictogram: 'tractor', prices: [19_000_000, 27_000_000], detail: 'Swaraj 855 FE, 52 hp, 2WD, with drawbar and toolbox; about {h} hours.' },
  { name: '3-Disc Tractor Plough', category: 'farm', pictogram: 'machine', prices: [2_100_000, 3_300_000], detail: 'Three-disc mounted plough for 60-80 hp tractors, discs at about 70% life.' },
  { name: '16-Disc Offset Harrow', category: 'farm', pictogram: 'machine', prices: [3_000_000, 4_400_000], detail: 'Sixteen-disc trailed offset harrow with new bearings on the front gang.' },
  { name: '5-Tonne Tipping Farm Trailer', category: 'farm', pictogram: 'truck', prices: [4_200_000, 6_800_000], detail: 'Five-tonne hydraulic tipping trailer with drop sides, on dual-axle wheels.' },
  { name: 'Hammer Mill with 15 hp Diesel Engine', category: 'farm', pictogram: 'machine', prices: [2_700_000, 3_900_000], detail: 'Maize hammer mill coupled to a 15 hp diesel engine on a steel skid, with screens.' },
  { name: 'Motorised Maize Sheller (5 t/h)', category: 'farm', pictogram: 'machine', prices: [3_200_000, 4_500_000], detail: 'Large tractor-PTO or diesel maize sheller rated at 5 tonnes an hour, on a trailer.' },
  { name: 'Perkins 20 kVA Diesel Generator', category: 'machinery', pictogram: 'machine', prices: [8_000_000, 11_500_000], detail: 'Perkins 20 kVA three-phase diesel generator in a sound-proof canopy; about {h} running hours.' },
  { name: 'Cummins 60 kVA Silent Generator', category: 'machinery', pictogram: 'machine', prices: [21_000_000, 29_000_000], detail: 'Cummins 60 kVA silent generator with automatic changeover panel; about {h} running hours.' },
  { name: 'Caterpillar 428E Backhoe Loader', category: 'machinery', pictogram: 'tractor', prices: [78_000_000, 98_000_000], detail: 'Caterpillar 428E backhoe loader with four-in-one bucket and extendible dipper; about {h} hours.' },
  { name: 'Toyota 2.5-Tonne Diesel Forklift', category: 'machinery', pictogram: 'machine', prices: [9_000_000, 14_000_000], detail: 'Toyota 8FD25 diesel forklift, 2.5-tonne capacity, 3 m mast with side shift; about {h} hours.' },
  { name: '40 ft Shipping Container', category: 'machinery', pictogram: 'box', prices: [7_000_000, 9_200_000], detail: 'Forty-foot high-cube shipping container, cargo-worthy, with lockbox fitted.' },
];

const PLANT_CONDITION = [
  'Starts and works; hydraulics in good order, with some surface rust on the frame.',
  'In good working condition; recently serviced, with new filters and a fresh oil change.',
  'Working, with wear consistent with its hours; one rear tyre needs replacing.',
  'Tested under load on intake and running well.',
];

/** A tractor, implement or plant lot (auctions). */
export function plantLot(rng: Rng, channel: Channel, branchId: number, opts: { model?: PlantModel; condition?: Condition } = {}): LotDraft {
  const m = opts.model ?? rng.pick(PLANT);
  const condition = opts.condition ?? (rng.chance(0.15) ? 'refurbished' : 'used');
  const price = nicePrice((m.prices[0] + rng.next() * (m.prices[1] - m.prices[0])) * (condition === 'repossessed' ? 0.85 : 1));
  const hours = thousands(rng.int(12, 95) * 100);
  const sentences = [
    m.detail.replace('{h}', hours),
    condition === 'repossessed' ? rng.pick(GOODS_CONDITION.repossessed) : condition === 'refurbished' ? 'Refurbished in our workshop with new seals, bearings and a full service.' : rng.pick(PLANT_CONDITION),
    viewing(rng, branchId),
  ];
  return {
    channel,
    category: condition === 'repossessed' ? 'repossessed' : m.category,
    pictogram: m.pictogram,
    name: m.name,
    title: `${m.name}, ${BRANCHES[branchId - 1].name}`,
    description: sentences.join(' '),
    price,
    condition,
    branchId,
    quantity: 1,
    featured: false,
  };
}

/** Plant models of one kind, for spreading lots across the list. */
export function plantModels(category: 'farm' | 'machinery'): PlantModel[] {
  return PLANT.filter((p) => p.category === category);
}

// ---------------------------------------------------------------- property and land

interface PropertyModel {
  name: string;
  pictogram: Pictogram;
  category: 'property' | 'land' | 'repossessed';
  branchId: number;
  prices: [number, number];
  detail: string;
  state: string;
}

const PROPERTY: PropertyModel[] = [
  // Blantyre (live now)
  { name: '4-Bedroom House, Namiwawa, Blantyre', pictogram: 'house', category: 'property', branchId: 1, prices: [175_000_000, 240_000_000], detail: 'Four-bedroom house (two en-suite) on a 2,400 m² plot in Namiwawa, with a double garage, servants\' quarters, borehole and electric fence.', state: 'Well maintained; the roof was re-sheeted in 2023 and only interior repainting is needed. Freehold title deed available.' },
  { name: '3-Bedroom House, Namiwawa, Blantyre', pictogram: 'house', category: 'property', branchId: 1, prices: [120_000_000, 160_000_000], detail: 'Three-bedroom family house in Namiwawa on a walled 1,800 m² plot, with a master en-suite, open-plan lounge and a mature garden.', state: 'Sound structure; the kitchen cabinets and ceilings need some renovation. Leasehold title with 80 years remaining.' },
  { name: '3-Bedroom House, Sunnyside, Blantyre', pictogram: 'house', category: 'property', branchId: 1, prices: [140_000_000, 185_000_000], detail: 'Colonial-style three-bedroom house in Sunnyside on a 3,000 m² plot, wooden floors, fireplace and a separate cottage.', state: 'Good condition, currently let at MK 1,200,000 a month. Title deed available.' },
  { name: '3-Bedroom House, Chilomoni, Blantyre (bank repossession)', pictogram: 'house', category: 'repossessed', branchId: 1, prices: [38_000_000, 52_000_000], detail: 'Three-bedroom house in Chilomoni on a 700 m² plot, tiled floors, water and ESCOM connected.', state: 'Repossessed by a commercial bank under a mortgage default and sold under the power of sale; as is, with vacant possession.' },
  { name: 'Commercial Building, Limbe', pictogram: 'building', category: 'property', branchId: 1, prices: [260_000_000, 340_000_000], detail: 'Two-storey commercial building on Livingstone Avenue, Limbe: four ground-floor shops and first-floor offices.', state: 'Fully let, generating about MK 3,800,000 a month. Freehold title.' },
  { name: 'Residential Plot, Chigumula, Blantyre', pictogram: 'plot', category: 'land', branchId: 1, prices: [18_000_000, 26_000_000], detail: 'Residential plot of 1,500 m² in Chigumula, close to the tarmac road, with water and power nearby.', state: 'Surveyed and beaconed; leasehold title with 99 years.' },
  // Lilongwe (upcoming live)
  { name: 'Residential Plot, Area 47 Sector 3, Lilongwe', pictogram: 'plot', category: 'land', branchId: 2, prices: [40_000_000, 52_000_000], detail: 'Serviced residential plot of 1,200 m² in Area 47 Sector 3, on a tarred road with water and power connections at the boundary.', state: 'Vacant, surveyed and beaconed; City Council lease offer available.' },
  { name: 'Residential Plot, Area 47 Sector 5, Lilongwe', pictogram: 'plot', category: 'land', branchId: 2, prices: [38_000_000, 48_000_000], detail: 'Corner residential plot of 1,000 m² in Area 47 Sector 5, quiet street close to schools.', state: 'Vacant and fenced with a pole fence; leasehold title.' },
  { name: 'Residential Plot, Area 49 New Gulliver, Lilongwe', pictogram: 'plot', category: 'land', branchId: 2, prices: [28_000_000, 36_000_000], detail: 'Residential plot of 900 m² in Area 49 New Gulliver, on a graded road.', state: 'Vacant; foundations for a three-bedroom house already in place.' },
  { name: 'Residential Plot, Area 25, Lilongwe', pictogram: 'plot', category: 'land', branchId: 2, prices: [14_000_000, 19_000_000], detail: 'Residential plot of 750 m² in Area 25C, near Kamuzu Procession Road.', state: 'Vacant and beaconed; lease documents available for inspection.' },
  { name: 'Agricultural Land, 10 ha, Dowa', pictogram: 'plot', category: 'land', branchId: 2, prices: [32_000_000, 42_000_000], detail: 'Ten hectares of arable land near Mponela, Dowa, with a perennial stream along one boundary.', state: 'Customary land converted to leasehold; suitable for maize, soya and irrigation.' },
  { name: 'Lakeshore Plot, Senga Bay, Salima', pictogram: 'plot', category: 'land', branchId: 2, prices: [55_000_000, 70_000_000], detail: 'Lakeshore plot of 2,500 m² at Senga Bay with 30 m of sandy beach frontage.', state: 'Vacant with mature trees; leasehold title.' },
  { name: '4-Bedroom House, Area 10, Lilongwe', pictogram: 'house', category: 'property', branchId: 2, prices: [260_000_000, 340_000_000], detail: 'Four-bedroom executive house in Area 10 on a 3,500 m² plot, with a swimming pool, staff quarters and borehole.', state: 'Excellent condition, recently renovated. Freehold title deed available.' },
  { name: '3-Bedroom House, Area 43, Lilongwe', pictogram: 'house', category: 'property', branchId: 2, prices: [150_000_000, 195_000_000], detail: 'Three-bedroom house in Area 43 with a master en-suite, double garage and a walled garden.', state: 'Good condition; minor roof leaks to repair. Leasehold title.' },
  { name: '3-Bedroom House, Area 49, Lilongwe (bank repossession)', pictogram: 'house', category: 'repossessed', branchId: 2, prices: [72_000_000, 95_000_000], detail: 'Three-bedroom house in Area 49 Gulliver on a 900 m² plot, tiled throughout, with a water tank and solar geyser.', state: 'Repossessed by a commercial bank following mortgage default and sold under its power of sale, with vacant possession.' },
  { name: 'Warehouse, Kanengo Industrial Area, Lilongwe', pictogram: 'building', category: 'property', branchId: 2, prices: [380_000_000, 460_000_000], detail: 'Steel-portal warehouse of 1,200 m² in Kanengo Industrial Area, with offices, a loading bay and three-phase power.', state: 'Good condition; the yard needs resurfacing. Freehold title.' },
  { name: 'Shop Premises, Area 2 Market, Lilongwe', pictogram: 'building', category: 'property', branchId: 2, prices: [85_000_000, 110_000_000], detail: 'Single-storey block of three shops facing the Area 2 market, each with a storeroom.', state: 'Let to three tenants; leases run to next year.' },
];

/** Every property and land lot of a branch (1 Blantyre, 2 Lilongwe), in list order. */
export function propertyLots(rng: Rng, channel: Channel, branchId: number): LotDraft[] {
  return PROPERTY.filter((p) => p.branchId === branchId).map((p) => {
    const repossessed = p.category === 'repossessed';
    const condition: Condition = repossessed ? 'repossessed' : p.category === 'land' ? 'new' : 'used';
    const office = branchId === 1 ? 'our Blantyre office at Ginnery Corner' : 'our Lilongwe office in Area 28';
    const sentences = [p.detail, p.state, `Viewing by appointment through ${office}; call ${BRANCHES[branchId - 1].phone}.`];
    return {
      channel,
      category: p.category,
      pictogram: p.pictogram,
      name: p.name,
      title: p.name.replace(/ \(bank repossession\)$/, ''),
      description: sentences.join(' '),
      price: nicePrice(p.prices[0] + rng.next() * (p.prices[1] - p.prices[0])),
      condition,
      branchId,
      quantity: 1,
      featured: false,
    };
  });
}

// ---------------------------------------------------------------- repossessed goods lots

const REPO_LOTS: { name: string; pictogram: Pictogram; prices: [number, number]; detail: string }[] = [
  { name: 'Bank Repossession: Office Furniture Lot', pictogram: 'table', prices: [900_000, 1_400_000], detail: 'Contents of a repossessed insurance-broker office: six desks, twelve chairs, two filing cabinets and a reception counter.' },
  { name: 'Bank Repossession: Supermarket Shelving & Freezers', pictogram: 'fridge', prices: [2_800_000, 3_900_000], detail: 'Twenty bays of gondola shelving, two chest freezers and a checkout counter from a repossessed mini-supermarket.' },
  { name: 'Bank Repossession: Salon Equipment', pictogram: 'box', prices: [650_000, 950_000], detail: 'Three hydraulic salon chairs, two hood dryers, a wash basin unit and mirrors from a repossessed hair salon.' },
  { name: 'Bank Repossession: Household Contents', pictogram: 'sofa', prices: [1_200_000, 1_800_000], detail: 'Household lot: a five-seater lounge suite, 50-inch TV, double-door fridge, dining set and two beds.' },
  { name: 'Bank Repossession: Printing Press Equipment', pictogram: 'machine', prices: [4_500_000, 6_500_000], detail: 'Heidelberg GTO single-colour offset press, a guillotine and a laminator from a repossessed print shop.' },
  { name: 'Bank Repossession: Maize Mill (Chigayo)', pictogram: 'machine', prices: [3_400_000, 4_600_000], detail: 'Complete chigayo: hammer mill, 22 kW electric motor, starter panel and dehuller.' },
  { name: 'Bank Repossession: Restaurant Kitchen Equipment', pictogram: 'fridge', prices: [2_200_000, 3_100_000], detail: 'Six-burner gas range, two deep fryers, a stainless prep table and an upright fridge from a repossessed restaurant.' },
];

/** Repossessed goods lots (bank instructions), each clearly described as such. */
export function repossessedGoodsLots(rng: Rng, channel: Channel, count: number): LotDraft[] {
  return rng.shuffle(REPO_LOTS).slice(0, count).map((r) => {
    const branchId = rng.pick([1, 1, 2, 2, 3, 4]);
    return {
      channel,
      category: 'repossessed' as const,
      pictogram: r.pictogram,
      name: r.name,
      title: r.name.replace('Bank Repossession: ', '') + ' (bank repossession)',
      description: [r.detail, rng.pick(GOODS_CONDITION.repossessed), viewing(rng, branchId), 'Sold as one lot; no splitting.'].join(' '),
      price: nicePrice(r.prices[0] + rng.next() * (r.prices[1] - r.prices[0])),
      condition: 'repossessed' as const,
      branchId,
      quantity: 1,
      featured: false,
    };
  });
}

import type { Insertable, Kysely } from 'kysely';
import { createApiToken } from '../../server/auth/credentials.service.js';
import { hashPassword } from '../../server/auth/password.js';
import { insertCustomer } from '../../server/auth/user.repository.js';
import type { Database } from '../../server/db/types.js';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
let cachedHash: Promise<string> | undefined;

/** Creates a customer (role customer → place_bids) with password 'password'; returns id, email, token. */
export async function createCustomer(
  db: Kysely<Database>,
  overrides: { name?: string; email?: string; withoutBidPermission?: boolean } = {},
): Promise<{ id: number; email: string; name: string; password: string; token: string }> {
  const name = overrides.name ?? `Bidder ${unique()}`;
  const email = overrides.email ?? `bidder-${unique()}@example.mw`;
  cachedHash ??= hashPassword('password');
  const id = await insertCustomer(db, { name, email, phone: '0888123456', passwordHash: await cachedHash });
  if (overrides.withoutBidPermission) await db.deleteFrom('user_roles').where('user_id', '=', id).execute();
  const { token } = await createApiToken(db, { userId: id, ttlMs: 3600_000 });
  return { id, email, name, password: 'password', token };
}

/** Creates an auction type of a kind; returns its id. */
export async function createAuctionType(db: Kysely<Database>, kind: 'cash' | 'online' | 'live', name = `${kind} auction ${unique()}`): Promise<number> {
  const row = await db.insertInto('auction_types').values({ name, type: kind, description: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Creates a branch; returns its id. */
export async function createBranch(db: Kysely<Database>, name = `Branch ${unique()}`): Promise<number> {
  const row = await db.insertInto('branches').values({ name, address: null, phone: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Creates an item. Defaults: an online auction open from an hour ago for a day, starting at
 * MK 100,000 with no bids.
 */
export async function createItem(
  db: Kysely<Database>,
  overrides: Partial<{
    name: string;
    description: string;
    auction_type_id: number;
    kind: 'cash' | 'online' | 'live';
    target_amount: number;
    reserve_price: number | null;
    branch_id: number | null;
    date_from: Date | null;
    date_to: Date | null;
    status: 'available' | 'sold' | 'unsold' | 'withdrawn';
    closed_by: number | null;
    condition: string | null;
    featured: boolean;
    created_at: Date;
    is_reserved: boolean;
    code: string;
  }> = {},
): Promise<number> {
  const auctionTypeId = overrides.auction_type_id ?? (await createAuctionType(db, overrides.kind ?? 'online'));
  const row = await db
    .insertInto('items')
    .values({
      name: overrides.name ?? `Lot ${unique()}`,
      title: null,
      description: overrides.description ?? 'A test lot.',
      target_amount: overrides.target_amount ?? 100_000,
      reserve_price: overrides.reserve_price ?? null,
      auction_type_id: auctionTypeId,
      branch_id: overrides.branch_id ?? null,
      date_from: overrides.date_from === undefined ? new Date(Date.now() - 3600_000) : overrides.date_from,
      date_to: overrides.date_to === undefined ? new Date(Date.now() + 86_400_000) : overrides.date_to,
      status: overrides.status ?? 'available',
      closed_by: overrides.closed_by ?? null,
      condition: overrides.condition ?? 'used',
      featured: overrides.featured ?? false,
      code: overrides.code ?? `GAV-${unique()}`,
      reference_number: null,
      leader_id: null,
      is_reserved: overrides.is_reserved ?? false,
      ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives a user a role by name (e.g. 'admin'). */
export async function grantRole(db: Kysely<Database>, userId: number, role: string): Promise<void> {
  await db
    .insertInto('user_roles')
    .columns(['user_id', 'role_id'])
    .expression((eb) =>
      eb
        .selectFrom('roles')
        .select([eb.val(userId).as('user_id'), 'roles.id'])
        .where('roles.name', '=', role),
    )
    .execute();
}

/**
 * Inserts an order straight into the database (what checkout or an auction's close would have
 * made), for tests that need one in a given state: a cash-on-delivery checkout order of MK 1,000
 * under a unique reference, `reserved` with no customer details, unless `over` says otherwise.
 * @returns its id and reference.
 */
export async function insertTestOrder(
  db: Kysely<Database>,
  over: Partial<Insertable<Database['orders']>> & { user_id: number | null },
): Promise<{ id: number; order_reference: string }> {
  const amount = over.sub_total ?? 1000;
  return db
    .insertInto('orders')
    .values({
      order_reference: `ORD-${unique()}`,
      source: 'checkout',
      status: 'reserved',
      payment_method: 'cash',
      payment_reference: null,
      sub_total: amount,
      vat: 0,
      discount: 0,
      amount_total: amount,
      customer_name: null,
      customer_email: null,
      customer_phone: null,
      billing_address: null,
      billing_city: null,
      billing_state: null,
      billing_postal_code: null,
      billing_country: null,
      reserved_until: null,
      paid_at: null,
      cancelled_at: null,
      ...over,
    })
    .returning(['id', 'order_reference'])
    .executeTakeFirstOrThrow();
}

/**
 * Gives lot `itemId` one stored picture (1600 × 1200) in the three stored widths, WebP and AVIF:
 * `{stem}-{320|800|1600}.webp`; answers the stem, `/uploads/items/{itemId}/cover`. Only the rows: no file is written.
 */
export async function addLotPicture(db: Kysely<Database>, itemId: number): Promise<string> {
  const stem = `/uploads/items/${itemId}/cover`;
  await db
    .insertInto('item_media')
    .values({
      item_id: itemId,
      url: `${stem}-800.webp`,
      original_url: `${stem}.jpg`,
      variants: JSON.stringify([320, 800, 1600].map((width) => ({ width, webp: `${stem}-${width}.webp`, avif: `${stem}-${width}.avif` }))),
      width: 1600,
      height: 1200,
    })
    .execute();
  return stem;
}

/**
 * Creates an active advert shown from an hour ago for `days` days (default 3), with `image` (default
 * none) and, with `sized`, that picture's stored widths (`{stem}-{480|800|1200}.webp` and `.avif`
 * for `image` `{stem}.jpg`; rows only, no file); returns its id.
 */
export async function createAdvert(
  db: Kysely<Database>,
  values: { description: string; image?: string | null; days?: number; sized?: boolean },
): Promise<number> {
  const stem = values.image?.replace(/\.[a-z]+$/, '');
  const row = await db
    .insertInto('adverts')
    .values({
      description: values.description,
      image: values.image ?? null,
      image_variants:
        values.sized && stem
          ? JSON.stringify([480, 800, 1200].map((width) => ({ width, webp: `${stem}-${width}.webp`, avif: `${stem}-${width}.avif` })))
          : null,
      date_from: new Date(Date.now() - 3600_000),
      date_to: new Date(Date.now() + (values.days ?? 3) * 86_400_000),
      active: true,
      status_id: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

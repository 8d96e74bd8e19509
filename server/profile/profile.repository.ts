import { sql, type Kysely } from 'kysely';
import type { BillingAddress, BillingAddressInput, DraftOrder, DraftOrdersQuery, Paged } from '@shared/schemas/profile.schema.js';
import type { Database } from '../db/types.js';
import { pageInfo } from '../http/pagination.js';
import { getAuctioneerContact } from '../settings/settings.repository.js';

/** Display names of order statuses (the spec shows statuses by name). */
const STATUS_NAMES: Record<string, string> = {
  pending: 'Pending',
  awaiting_payment: 'Awaiting Payment',
  reserved: 'Reserved',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

type OrderRow = {
  id: number;
  order_reference: string;
  created_at: Date;
  amount_total: number;
  sub_total: number;
  vat: number;
  discount: number;
  currency: string;
  payment_method: string | null;
  payment_reference: string | null;
  status: string;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  reserved_until: Date | null;
  paid_at: Date | null;
  source: string;
  sale_id: number | null;
  sale_name: string | null;
  premium: number;
  premium_percent: number | null;
  vat_rate_percent: number | null;
  due_at: Date | null;
};

const orderColumns = [
  'orders.id',
  'orders.order_reference',
  'orders.created_at',
  'orders.amount_total',
  'orders.sub_total',
  'orders.vat',
  'orders.discount',
  'orders.currency',
  'orders.payment_method',
  'orders.payment_reference',
  'orders.status',
  'orders.customer_name',
  'orders.customer_email',
  'orders.customer_phone',
  'orders.reserved_until',
  'orders.paid_at',
  'orders.source',
  'orders.sale_id',
  'orders.premium',
  'orders.premium_percent',
  'orders.vat_rate_percent',
  'orders.due_at',
  'sale.name as sale_name',
] as const;

function toDraftOrder(row: OrderRow, lines: DraftOrder['line_items'], seller: Seller): DraftOrder {
  return {
    id: row.id,
    order_id: row.id,
    order_reference: row.order_reference,
    created_at: row.created_at.toISOString(),
    amount_total: Number(row.amount_total),
    sub_total: Number(row.sub_total),
    vat: Number(row.vat),
    discount: Number(row.discount),
    currency: row.currency,
    payment_method: row.payment_method,
    payment_reference: row.payment_reference,
    status: { name: STATUS_NAMES[row.status] ?? row.status, code: row.status },
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    line_items: lines,
    reserved_until: row.reserved_until ? row.reserved_until.toISOString() : null,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    invoice:
      row.source === 'auction'
        ? {
            sale: row.sale_id != null ? { id: Number(row.sale_id), name: row.sale_name ?? '' } : null,
            premium: Number(row.premium),
            premium_percent: Number(row.premium_percent ?? 0),
            vat_rate_percent: Number(row.vat_rate_percent ?? 0),
            due_at: row.due_at ? row.due_at.toISOString() : null,
            seller,
          }
        : null,
  };
}

type Seller = NonNullable<DraftOrder['invoice']>['seller'];

/** The auctioneer as an invoice names them (setting `auctioneer_contact`). */
async function sellerOf(db: Kysely<Database>): Promise<Seller> {
  const c = await getAuctioneerContact(db);
  return { company_name: c.company_name, physical_address: c.physical_address, postal_address: c.postal_address, phone: c.phone, email: c.email };
}

async function linesOf(db: Kysely<Database>, orderIds: number[]): Promise<Map<number, DraftOrder['line_items']>> {
  const out = new Map<number, DraftOrder['line_items']>();
  if (!orderIds.length) return out;
  const rows = await db
    .selectFrom('order_lines')
    .select(['id', 'order_id', 'name', 'quantity', 'unit_price', 'amount'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.order_id) ?? [];
    list.push({ id: r.id, name: r.name, quantity: r.quantity, unit_price: Number(r.unit_price), amount: Number(r.amount) });
    out.set(r.order_id, list);
  }
  return out;
}

/**
 * A customer's orders, newest first, paged (`per_page`, `page`), optionally filtered by
 * `search` (order reference, payment reference, status or an item name; case-insensitive).
 * Only orders whose `user_id` is `userId`. Source: spec/accounts-and-shell.md §2, §3, §7.
 */
export async function listDraftOrders(db: Kysely<Database>, userId: number, query: DraftOrdersQuery): Promise<Paged<DraftOrder>> {
  let base = db.selectFrom('orders').leftJoin('auction_types as sale', 'sale.id', 'orders.sale_id').where('orders.user_id', '=', userId);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('orders.order_reference', 'ilike', like),
        eb('orders.payment_reference', 'ilike', like),
        eb(sql<string>`orders.status::text`, 'ilike', like),
        eb.exists(
          eb
            .selectFrom('order_lines')
            .select(sql`1`.as('one'))
            .whereRef('order_lines.order_id', '=', 'orders.id')
            .where('order_lines.name', 'ilike', like),
        ),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const count = Number(total);
  const rows = await base
    .select(orderColumns)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  const seller = await sellerOf(db);
  return {
    data: rows.map((r) => toDraftOrder(r, lines.get(r.id) ?? [], seller)),
    meta: pageInfo(count, query.page, query.per_page, rows.length),
  };
}

/** One order of a customer with its lines; undefined when missing or someone else's. */
export async function findDraftOrder(db: Kysely<Database>, userId: number, orderId: number): Promise<DraftOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .leftJoin('auction_types as sale', 'sale.id', 'orders.sale_id')
    .select(orderColumns)
    .where('orders.id', '=', orderId)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const lines = await linesOf(db, [row.id]);
  return toDraftOrder(row, lines.get(row.id) ?? [], await sellerOf(db));
}

/**
 * The profile's summary tiles: order count, total paid (MWK, orders paid or completed) and the
 * date of the latest order (ISO, or null).
 */
export async function summariseOrders(
  db: Kysely<Database>,
  userId: number,
): Promise<{ order_count: number; total_spent: number; last_order_at: string | null }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number>`coalesce(sum(amount_total) FILTER (WHERE status IN ('paid', 'completed')), 0)`.as('spent'),
      eb.fn.max('created_at').as('last'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const last = row.last as Date | string | null;
  return { order_count: Number(row.n), total_spent: Number(row.spent), last_order_at: last ? new Date(last).toISOString() : null };
}

const addressColumns = ['address1', 'town', 'state', 'zip', 'country', 'email', 'phone', 'updated_at'] as const;
const toAddress = (r: {
  address1: string;
  town: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  email: string | null;
  phone: string | null;
  updated_at: Date;
}): BillingAddress => ({
  ...r,
  updated_at: r.updated_at.toISOString(),
});

/** The customer's billing address, or null. */
export async function findBillingAddress(db: Kysely<Database>, userId: number): Promise<BillingAddress | null> {
  const row = await db.selectFrom('billing_addresses').select(addressColumns).where('user_id', '=', userId).executeTakeFirst();
  return row ? toAddress(row) : null;
}

/** The customer's billing address, or null, with its row locked (`FOR UPDATE`) until the transaction ends. */
export async function lockBillingAddress(trx: Kysely<Database>, userId: number): Promise<BillingAddress | null> {
  const row = await trx.selectFrom('billing_addresses').select(addressColumns).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return row ? toAddress(row) : null;
}

/**
 * Creates or replaces the customer's one billing address in one statement, from input already
 * parsed by `billingAddressInputSchema` (region in `town`, district in `state`, zip defaulted,
 * country Malawi). A blank or missing `email` or `phone` keeps the stored one: the checkout
 * sends both blank (spec/shopping.md §7) and the profile form does not send them, and neither
 * means "erase". Returns the stored address.
 */
export async function upsertBillingAddress(db: Kysely<Database>, userId: number, input: BillingAddressInput): Promise<BillingAddress> {
  const address = { address1: input.address1, town: input.town, state: input.state, zip: input.zip, country: input.country };
  const contact = { ...(input.email ? { email: input.email } : {}), ...(input.phone ? { phone: input.phone } : {}) };
  const row = await db
    .insertInto('billing_addresses')
    .values({ user_id: userId, ...address, email: input.email || null, phone: input.phone || null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...address, ...contact, updated_at: sql`now()` }))
    .returning(addressColumns)
    .executeTakeFirstOrThrow();
  return toAddress(row);
}

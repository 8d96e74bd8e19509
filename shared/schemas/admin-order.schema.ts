import { z } from 'zod';
import { pageQueryFields } from './query-fields.js';

/** Order states an operator can filter on (`all` = no filter). */
export const ADMIN_ORDER_FILTERS = ['reserved', 'paid', 'cancelled', 'awaiting_payment', 'all'] as const;
/** One of {@link ADMIN_ORDER_FILTERS}. */
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];

/**
 * Query of `GET /api/admin/orders`: `status` (default `all`), `search` (reference, customer name,
 * e-mail or phone; case-insensitive, part of the text), `page` (from 1), `per_page` (1-100, default 20).
 */
export const adminOrdersQuerySchema = z.object({
  status: z.enum(ADMIN_ORDER_FILTERS).default('all'),
  search: z.string().trim().max(100).optional(),
  ...pageQueryFields(20),
});
/** Parsed {@link adminOrdersQuerySchema}. */
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** Body of `POST /api/admin/orders/{id}/cancel`: the operator's reason (3-500 characters). */
export const cancelOrderInputSchema = z.object({
  reason: z
    .string({ message: 'Please give the reason for cancelling.' })
    .trim()
    .min(3, 'Please give the reason for cancelling (at least 3 characters).')
    .max(500),
});
/** Parsed {@link cancelOrderInputSchema}. */
export type CancelOrderInput = z.infer<typeof cancelOrderInputSchema>;

/** One order line as operators see it; money in MWK. */
export const adminOrderLineSchema = z.object({
  item_id: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  amount: z.number(),
});
/** Parsed {@link adminOrderLineSchema}. */
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

/**
 * An order as operators see it (times ISO 8601 UTC, money MWK). A schema rather than a bare
 * type because it also travels in the `order:updated` socket event, validated by the client.
 */
export const adminOrderViewSchema = z.object({
  id: z.number().int(),
  order_reference: z.string(),
  source: z.enum(['checkout', 'auction']),
  status: z.enum(['pending', 'awaiting_payment', 'reserved', 'paid', 'completed', 'cancelled', 'failed']),
  payment_method: z.enum(['dpopay', 'cash', 'bank', 'card']).nullable(),
  /** Status of the order's latest payment row, if any. */
  payment_status: z.enum(['pending', 'paid', 'failed', 'cancelled']).nullable(),
  amount_total: z.number(),
  currency: z.string(),
  /** The buyer's contact details, and their account (`user_id`, null for a guest's order). */
  customer: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), user_id: z.number().nullable() }),
  reserved_until: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** Name of the operator who recorded the cash or cancelled; null when done by a job or the buyer. */
  settled_by: z.string().nullable(),
  created_at: z.string(),
  /** When the order row last changed: of two views of one order, the later one is current. */
  updated_at: z.string(),
  lines: z.array(adminOrderLineSchema),
});
/** Parsed {@link adminOrderViewSchema}. */
export type AdminOrderView = z.infer<typeof adminOrderViewSchema>;

/** Answer of `GET /api/admin/orders`: one page, newest first. */
export interface AdminOrdersPage {
  data: AdminOrderView[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** Answer of `POST /api/admin/orders/{id}/cash-received` and `/cancel`. */
export interface AdminOrderActionResult {
  success: true;
  message: string;
  data: AdminOrderView;
}

/**
 * `order:updated` to room `admin:orders` (operators who opened the Orders screen): an order was
 * placed, paid, cancelled (by an operator or the reservation-release job) or failed. Carries the
 * operators' view of the order as it stands after the commit.
 * Kept beside the order's view, not in shared/events.ts, so bidders' pages never build the
 * operators' schemas. Source: admin orders brief (the Orders screen updates live).
 */
export const orderUpdatedEventSchema = z.object({ order: adminOrderViewSchema });
export type OrderUpdatedEvent = z.infer<typeof orderUpdatedEventSchema>;

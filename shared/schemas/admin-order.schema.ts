import { z } from 'zod';

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
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
/** Parsed {@link adminOrdersQuerySchema}. */
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** Body of `POST /api/admin/orders/{id}/cancel`: the operator's reason (3-500 characters). */
export const cancelOrderInputSchema = z.object({
  reason: z.string({ message: 'Please give the reason for cancelling.' }).trim().min(3, 'Please give the reason for cancelling (at least 3 characters).').max(500),
});
/** Parsed {@link cancelOrderInputSchema}. */
export type CancelOrderInput = z.infer<typeof cancelOrderInputSchema>;

/** One order line as operators see it; money in MWK. */
export interface AdminOrderLine {
  item_id: number | null;
  name: string;
  quantity: number;
  unit_price: number;
  amount: number;
}

/** An order as operators see it (times ISO 8601 UTC, money MWK). */
export interface AdminOrderView {
  id: number;
  order_reference: string;
  source: 'checkout' | 'auction';
  status: 'pending' | 'awaiting_payment' | 'reserved' | 'paid' | 'completed' | 'cancelled' | 'failed';
  payment_method: 'dpopay' | 'cash' | 'bank' | 'card' | null;
  /** Status of the order's latest payment row, if any. */
  payment_status: 'pending' | 'paid' | 'failed' | 'cancelled' | null;
  amount_total: number;
  currency: string;
  customer: { name: string | null; email: string | null; phone: string | null };
  reserved_until: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** Name of the operator who recorded the cash or cancelled; null when done by a job or the buyer. */
  settled_by: string | null;
  created_at: string;
  lines: AdminOrderLine[];
}

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

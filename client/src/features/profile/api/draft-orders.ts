import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, refreshCsrfCookie } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

const money = z.coerce.number().catch(0);

/** A purchase-history entry. Source: spec/accounts-and-shell.md §3 "Draft order". */
export const draftOrderSchema = z.object({
  id: z.number(),
  order_id: z.number().optional(),
  order_reference: z.string().catch(''),
  created_at: z.string(),
  amount_total: money,
  sub_total: money.optional(),
  vat: money.nullable().optional(),
  discount: money.nullable().optional(),
  payment_method: z.string().nullable().catch(null),
  payment_reference: z.string().nullable().catch(null),
  status: z.object({ name: z.string(), code: z.string().optional() }).nullable().catch(null),
  customer: z
    .object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() })
    .catch({ name: null, email: null, phone: null }),
  line_items: z.array(z.object({ id: z.number(), name: z.string(), quantity: z.coerce.number(), unit_price: money, amount: money })).catch([]),
  reserved_until: z.string().nullable().optional().catch(null),
  paid_at: z.string().nullable().optional().catch(null),
  /** A won lot's order: the buyer's invoice for a sale (issue 13 "Settlement and results"). */
  invoice: z
    .object({
      sale: z.object({ id: z.number(), name: z.string() }).nullable().catch(null),
      premium: money,
      premium_percent: money,
      vat_rate_percent: money,
      due_at: z.string().nullable().catch(null),
      seller: z
        .object({ company_name: z.string(), physical_address: z.string(), postal_address: z.string().nullable(), phone: z.string(), email: z.string() })
        .nullable()
        .catch(null),
    })
    .nullable()
    .optional()
    .catch(null),
});
export type DraftOrder = z.infer<typeof draftOrderSchema>;

const pageSchema = z.object({
  data: z.array(draftOrderSchema),
  meta: z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() }),
});
export type DraftOrderPage = z.infer<typeof pageSchema>;

/** Order history page size. Source: spec §9 "Order history default per_page 10". */
export const ORDERS_PER_PAGE = 10;

/** `GET /api/my/draft-orders?page&per_page&search`: the signed-in customer's orders, newest first. */
export async function getDraftOrders(params: { page: number; search: string }, signal?: AbortSignal): Promise<DraftOrderPage> {
  return pageSchema.parse(await apiGet('/api/my/draft-orders', { page: params.page, per_page: ORDERS_PER_PAGE, search: params.search }, { signal }));
}

/**
 * `GET /api/my/draft-orders/{id}` after `GET /sanctum/csrf-cookie` (its failure ignored).
 * Rejects on 404 (not the customer's order) or any failure.
 */
export async function getDraftOrder(id: number): Promise<DraftOrder> {
  await refreshCsrfCookie().catch(() => undefined);
  return draftOrderSchema.parse(await apiGet(`/api/my/draft-orders/${id}`, undefined, { withCsrf: true }));
}

/** One page of the purchase history for `search`; the last page stays shown while the next is read. */
export function useDraftOrders(page: number, search: string) {
  return useQuery({
    queryKey: profileKeys.orders({ page, search, perPage: ORDERS_PER_PAGE }),
    queryFn: ({ signal }) => getDraftOrders({ page, search }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The order `id` with its lines and invoice, read while `id` is not null. */
export function useDraftOrder(id: number | null) {
  return useQuery({
    queryKey: profileKeys.order(id ?? 0),
    queryFn: () => getDraftOrder(id ?? 0),
    enabled: id !== null,
  });
}

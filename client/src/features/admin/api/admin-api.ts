import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderActionResult, AdminOrderFilter, AdminOrderView, AdminOrdersPage } from '@shared/schemas/admin-order.schema';
import type { RecordWonOrderPaymentInput } from '@shared/schemas/won-order-payment.schema';
import type { AdvertView } from '@shared/schemas/advert.schema';
import type { SubscriptionView } from '@shared/schemas/subscription.schema';
import { ApiError, apiGet, apiSend, fieldMessages, readCookie, refreshCsrfCookie } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { advertKeys, orderKeys, registrationKeys, type OrdersPageQuery } from './query-keys';

/** `GET /api/admin/subscriptions?status=` → registrations, newest first. */
export async function listRegistrations(status?: string): Promise<SubscriptionView[]> {
  const body = (await apiGet('/api/admin/subscriptions', status ? { status } : undefined)) as { data: SubscriptionView[] };
  return body.data;
}

/** Approves (`decision` approve) or declines (with a reason) a pending registration. */
export async function reviewRegistration(id: number, decision: 'approve' | 'decline', reason?: string): Promise<string> {
  const body = (await apiSend('POST', `/api/admin/subscriptions/${id}/${decision}`, decision === 'decline' ? { reason } : {})) as { message: string };
  return body.message;
}

/** `GET /api/admin/adverts` → every advert. */
export async function listAllAdverts(): Promise<AdvertView[]> {
  return ((await apiGet('/api/admin/adverts')) as { data: AdvertView[] }).data;
}

/**
 * Creates (`id` null) or edits an advert with multipart form data (fields and an optional
 * image file). Rejects with {@link ApiError}; a 422's field messages are joined in its message.
 */
export async function saveAdvert(id: number | null, form: FormData): Promise<AdvertView> {
  if (!readCookie('XSRF-TOKEN')) await refreshCsrfCookie();
  const res = await fetch(id === null ? '/api/admin/adverts' : `/api/admin/adverts/${id}`, {
    method: id === null ? 'POST' : 'PATCH',
    body: form,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') ?? '' },
  });
  const body = (await res.json().catch(() => null)) as { data?: AdvertView; message?: string; errors?: Record<string, string[]> } | null;
  if (!res.ok || !body?.data) {
    const fields = fieldMessages(body);
    throw new ApiError(res.status, fields.length ? fields.join(' ') : (body?.message ?? 'Failed to save the advert'), body);
  }
  return body.data;
}

/** Ends an advert now. */
export async function endAdvert(id: number): Promise<void> {
  await apiSend('POST', `/api/admin/adverts/${id}/end`);
}

/**
 * `GET /api/admin/orders?status=&search=&page=&per_page=` → one page of orders, newest first.
 * Rejects with {@link ApiError}.
 */
export async function listAdminOrders(
  params: { status: AdminOrderFilter; search?: string; page?: number; perPage?: number },
  signal?: AbortSignal,
): Promise<AdminOrdersPage> {
  const query: Record<string, string | number> = { status: params.status, page: params.page ?? 1, per_page: params.perPage ?? 20 };
  if (params.search?.trim()) query.search = params.search.trim();
  return (await apiGet('/api/admin/orders', query, { signal })) as AdminOrdersPage;
}

/**
 * Records that a reserved cash-on-delivery order's cash was collected (order paid, items sold).
 * Rejects with {@link ApiError} 409 when it is already paid, cancelled or expired.
 */
export async function recordCashReceived(id: number): Promise<AdminOrderActionResult> {
  return (await apiSend('POST', `/api/admin/orders/${id}/cash-received`)) as AdminOrderActionResult;
}

/** Cancels a reserved cash-on-delivery order now, with the operator's reason; its items go back on sale. */
export async function cancelReservedOrder(id: number, reason: string): Promise<AdminOrderActionResult> {
  return (await apiSend('POST', `/api/admin/orders/${id}/cancel`, { reason })) as AdminOrderActionResult;
}

/** The registrations of one status filter (`all`: every status) as a query. */
export const registrationsQuery = (status: string) =>
  queryOptions({
    ...operatorReadOptions,
    queryKey: registrationKeys.list(status),
    queryFn: () => listRegistrations(status === 'all' ? undefined : status),
  });

/** Approves or declines a registration ({@link reviewRegistration}); every registrations list is read again. Resolves to the server's message. */
export function useReviewRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'decline'; reason?: string }) => reviewRegistration(id, decision, reason),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}

/** Every advert as a query. */
export const advertsQuery = () => queryOptions({ ...operatorReadOptions, queryKey: advertKeys.all, queryFn: listAllAdverts });

/** Creates or edits an advert ({@link saveAdvert}); the adverts are read again. */
export function useSaveAdvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: FormData }) => saveAdvert(id, form),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: advertKeys.all }),
  });
}

/** Ends an advert now ({@link endAdvert}); the adverts are read again. */
export function useEndAdvert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endAdvert, onSuccess: () => void queryClient.invalidateQueries({ queryKey: advertKeys.all }) });
}

/**
 * `POST /api/admin/orders/{id}/payment-received {method, reference?}`: a won auction's order paid
 * at the office or by bank transfer. Rejects with {@link ApiError} (409 when already paid).
 */
export async function recordWonOrderPayment(id: number, body: RecordWonOrderPaymentInput): Promise<AdminOrderActionResult> {
  return (await apiSend('POST', `/api/admin/orders/${id}/payment-received`, body)) as AdminOrderActionResult;
}

/** Of two views of one order, the later (by `updated_at`; ties go to `b`, the newer arrival). */
export const laterOrderView = (a: AdminOrderView, b: AdminOrderView): AdminOrderView => (Date.parse(a.updated_at) > Date.parse(b.updated_at) ? a : b);

/**
 * One page of orders as a query, keyed by status, search and page; the page shown stays while
 * the next is read. Each answer is merged with `live`, the latest view of each order heard
 * live, so a list read before an event never undoes it.
 */
export const ordersPageQuery = (query: OrdersPageQuery, perPage: number, live: ReadonlyMap<number, AdminOrderView>) =>
  queryOptions({
    ...operatorReadOptions,
    queryKey: orderKeys.page(query),
    queryFn: async ({ signal }): Promise<AdminOrdersPage> => {
      const fetched = await listAdminOrders({ ...query, perPage }, signal);
      return { ...fetched, data: fetched.data.map((o) => (live.has(o.id) ? laterOrderView(o, live.get(o.id)!) : o)) };
    },
    placeholderData: keepPreviousData,
  });

/** What an operator does to a reserved cash-on-delivery order: cash received, or cancel with a reason. */
export type ReservedOrderAction = { id: number; action: 'cash' } | { id: number; action: 'cancel'; reason: string };

/**
 * Settles a reserved order ({@link recordCashReceived} or {@link cancelReservedOrder}). The
 * screen puts the answer into its cached pages itself (the order stays on the page shown).
 */
export function useSettleReservedOrder() {
  return useMutation({
    mutationFn: (change: ReservedOrderAction) => (change.action === 'cash' ? recordCashReceived(change.id) : cancelReservedOrder(change.id, change.reason)),
  });
}

/** Records a won order's payment ({@link recordWonOrderPayment}); the caller puts the answer on screen. */
export function useRecordWonOrderPayment() {
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: RecordWonOrderPaymentInput }) => recordWonOrderPayment(id, body) });
}

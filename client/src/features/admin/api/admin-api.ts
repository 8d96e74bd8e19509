import type { AdminOrderActionResult, AdminOrderFilter, AdminOrdersPage } from '@shared/schemas/admin-order.schema';
import type { AdvertView } from '@shared/schemas/advert.schema';
import type { SubscriptionView } from '@shared/schemas/subscription.schema';
import { ApiError, apiGet, apiSend, fieldMessages, readCookie, refreshCsrfCookie } from '../../../lib/api-client';

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
export async function listAdminOrders(params: { status: AdminOrderFilter; search?: string; page?: number; perPage?: number }): Promise<AdminOrdersPage> {
  const query: Record<string, string | number> = { status: params.status, page: params.page ?? 1, per_page: params.perPage ?? 20 };
  if (params.search?.trim()) query.search = params.search.trim();
  return (await apiGet('/api/admin/orders', query)) as AdminOrdersPage;
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

import { useMutation } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout';
import {
  cashCheckoutResponseSchema,
  dpoCheckoutResponseSchema,
  type CashCheckoutResponse,
  type CheckoutRequest,
  type DpoCheckoutResponse,
} from '@shared/schemas/checkout.schema';
import { ApiError, apiSend } from '../../../lib/api-client';

/** Body of both order calls: the server's own input schema, as sent. Source: spec/shopping.md §7. */
export type OrderPayload = CheckoutRequest & { currency: 'MWK'; payment_method: 'dpopay' | 'cash' };

/**
 * The message to show for a failed DPO Pay call: the server's message when the answer is JSON;
 * for a text answer 'Payment amount cannot exceed' → the over-limit text, 'Invalid company
 * token' → configuration error, 'Service Type not active' → temporarily unavailable, other text
 * → processing error; an unreadable answer → 'Connection error (status)…'; no connection →
 * 'Unable to connect to payment gateway…'; else 'Payment processing failed. Please try again.'.
 * Source: spec/shopping.md §8 "Payment-provider failures".
 */
export function dpoFailureMessage(e: unknown): string {
  if (!(e instanceof ApiError)) return M.processingFailed;
  if (e.isNetworkError) return M.gatewayUnreachable;
  if (e.body && typeof e.body.message === 'string' && e.body.message) {
    return e.body.message === 'Failed to create payment token' ? M.tokenFailed : e.body.message;
  }
  const text = e.message;
  if (text && text !== `HTTP ${e.status}`) {
    if (text.includes('Payment amount cannot exceed')) return M.overLimit;
    if (text.includes('Invalid company token')) return M.gatewayConfig;
    if (text.includes('Service Type not active')) return M.serviceInactive;
    if (!/^[A-Z][a-z ]+$/.test(text)) return M.processingError; // a body, not a bare status text
  }
  return M.connectionError(e.status);
}

/** `POST /dpopay/checkout-payment`. Resolves the success answer; rejects with an Error carrying the display message. */
export async function placeDpoOrder(payload: OrderPayload): Promise<DpoCheckoutResponse & { payment_url: string; order_reference: string }> {
  let raw: unknown;
  try {
    raw = await apiSend('POST', '/dpopay/checkout-payment', payload);
  } catch (e) {
    throw new Error(dpoFailureMessage(e));
  }
  const parsed = dpoCheckoutResponseSchema.safeParse(raw);
  if (!parsed.success) throw new Error(M.processingFailed);
  const body = parsed.data;
  if (!body.success || !body.payment_url || !body.order_reference) throw new Error(body.message || M.dpoDefault);
  return { ...body, payment_url: body.payment_url, order_reference: body.order_reference };
}

/** `POST /checkout/cash`. Rejects with an Error: the server message, or 'Failed to place COD order.'. */
export async function placeCashOrder(payload: OrderPayload): Promise<CashCheckoutResponse> {
  try {
    const body = cashCheckoutResponseSchema.parse(await apiSend('POST', '/checkout/cash', payload));
    if (!body.success) throw new Error(body.message || M.codFailed);
    return body;
  } catch (e) {
    if (e instanceof ApiError) throw new Error(!e.isNetworkError && e.body?.message ? e.body.message : M.codFailed);
    throw e instanceof Error && e.message ? e : new Error(M.codFailed);
  }
}

/** Places the order with DPO Pay ({@link placeDpoOrder}); the page then leaves for the provider. */
export function usePlaceDpoOrder() {
  return useMutation({ mutationFn: placeDpoOrder });
}

/** Places the cash-on-delivery order ({@link placeCashOrder}); the page then leaves for its next address. */
export function usePlaceCashOrder() {
  return useMutation({ mutationFn: placeCashOrder });
}

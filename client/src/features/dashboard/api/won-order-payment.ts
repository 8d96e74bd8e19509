import type { PayWonOrderInput, PayWonOrderResult, WonLotOrder } from '@shared/schemas/won-order-payment.schema';
import { apiGet, apiSend } from '../../../lib/api-client';

/** The signed-in winner's order of a won lot (`GET /api/orders/won-lot/{itemId}`); null when they have none (404). */
export async function getWonLotOrder(itemId: number): Promise<WonLotOrder | null> {
  try {
    return (await apiGet(`/api/orders/won-lot/${itemId}`)) as WonLotOrder;
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

/** Chooses how to pay a won order (`POST /api/orders/{id}/pay`); DPO Pay answers the page to go to. */
export async function payWonOrder(orderId: number, method: PayWonOrderInput['method']): Promise<PayWonOrderResult> {
  return (await apiSend('POST', `/api/orders/${orderId}/pay`, { method })) as PayWonOrderResult;
}

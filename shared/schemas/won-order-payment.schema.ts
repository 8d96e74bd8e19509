import { z } from 'zod';

/** How a winner pays a won auction's order: DPO Pay (card or mobile money), cash at the office, or bank transfer. */
export const WON_ORDER_PAY_METHODS = ['dpopay', 'cash', 'bank'] as const;

/** Body of `POST /api/orders/{id}/pay`: the buyer's choice (issue 13 "Settlement"). */
export const payWonOrderInputSchema = z.object({
  method: z.enum(WON_ORDER_PAY_METHODS, { message: 'Choose how you will pay: DPO Pay, cash at the office or bank transfer.' }),
});
/** Parsed {@link payWonOrderInputSchema}. */
export type PayWonOrderInput = z.infer<typeof payWonOrderInputSchema>;

/**
 * Answer of `POST /api/orders/{id}/pay`: for DPO Pay the page to pay on; for cash and bank the
 * instructions (the order reference is the bank transfer's reference).
 */
export interface PayWonOrderResult {
  success: true;
  method: PayWonOrderInput['method'];
  order_reference: string;
  amount: number;
  currency: 'MWK';
  message: string;
  /** DPO Pay's payment page; null for cash and bank. */
  payment_url: string | null;
}

/** Body of `POST /api/admin/orders/{id}/payment-received`: how the money came and its reference (bank: the transfer's). */
export const recordWonOrderPaymentInputSchema = z.object({
  method: z.enum(['cash', 'bank'], { message: 'Say whether the cash was received or the bank transfer confirmed.' }),
  reference: z.string().trim().max(120).optional(),
});
/** Parsed {@link recordWonOrderPaymentInputSchema}. */
export type RecordWonOrderPaymentInput = z.infer<typeof recordWonOrderPaymentInputSchema>;

/** `GET /api/orders/won-lot/{itemId}`: the signed-in winner's order of a won lot (money MWK). */
export interface WonLotOrder {
  id: number;
  order_reference: string;
  status: 'pending' | 'awaiting_payment' | 'reserved' | 'paid' | 'completed' | 'cancelled' | 'failed';
  /** How the buyer chose to pay (null: not chosen yet). */
  payment_method: 'dpopay' | 'cash' | 'bank' | 'card' | null;
  /** The latest payment's status (null: none yet). */
  payment_status: 'pending' | 'paid' | 'failed' | 'cancelled' | null;
  amount: number;
  /** True when DPO Pay can take the amount (at most MK 999,999.99). */
  dpo_accepts: boolean;
  /** The invoice's payment deadline (ISO 8601; null for orders made before invoices had one). */
  due_at: string | null;
  /** How many won lots the invoice collects (one invoice per buyer per sale; issue 13). */
  lot_count: number;
}

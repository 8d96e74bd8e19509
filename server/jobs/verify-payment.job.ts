import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import { verifyPaymentJobSchema, type VerifyPaymentJob } from './queues.js';

/** What a re-verification found: the order's payment is settled one way, or still pending. */
export type PaymentVerificationOutcome = 'paid' | 'failed' | 'cancelled' | 'pending' | 'not_found';

/**
 * Checks an order's DPO payment again (verifyToken, outside any transaction) and records the
 * answer through a command (marks the order paid, failed …). Injected, not imported: the
 * checkout's `createOrderPaymentReverifier` (server/payments/order-payment-reverifier.ts)
 * provides it; workers/main.ts passes it to the BullMQ workers and server/server.ts to the
 * embedded scheduler. Must be idempotent: an order already paid answers 'paid' without changing
 * anything.
 */
export type ReverifyPayment = (orderId: number) => Promise<PaymentVerificationOutcome>;

/** Thrown while the payment is still pending, so BullMQ retries on the payment schedule. */
export class PaymentStillPendingError extends Error {
  constructor(readonly orderId: number) {
    super(`payment of order ${orderId} is still pending`);
    this.name = 'PaymentStillPendingError';
  }
}

/**
 * Re-verifies one pending DPO payment through the injected {@link ReverifyPayment}.
 * @returns the settled outcome ('paid', 'failed', 'cancelled', 'not_found').
 * @throws PaymentStillPendingError when DPO still says pending (the job is retried on
 *   PAYMENT_VERIFY_SCHEDULE_MS; after the last try it stays in the failed set); whatever the
 *   verifier throws (network) is retried the same way.
 */
export async function handleVerifyPayment(
  deps: { reverifyPayment: ReverifyPayment; logger: Logger },
  data: VerifyPaymentJob,
): Promise<Exclude<PaymentVerificationOutcome, 'pending'>> {
  const outcome = await deps.reverifyPayment(data.order_id);
  if (outcome === 'pending') throw new PaymentStillPendingError(data.order_id);
  deps.logger.info({ order_id: data.order_id, outcome }, 'payment re-verified');
  return outcome;
}

/** The BullMQ processor of `payment-verify`. */
export function createVerifyPaymentProcessor(deps: { reverifyPayment: ReverifyPayment; logger: Logger }) {
  return async (job: Job) => handleVerifyPayment(deps, verifyPaymentJobSchema.parse(job.data));
}

import { Router, type Request } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CHECKOUT_MESSAGES as M } from '../../shared/messages/checkout.js';
import { checkoutInputSchema } from '../../shared/schemas/checkout.schema.js';
import { resolveCartOwner } from '../cart/cart-owner.js';
import type { Database } from '../db/types.js';
import type { DpoClient } from '../dpo/dpo-client.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { startDpoPayment } from '../payments/payments.service.js';
import type { EventBus } from '../realtime/bus.js';
import { getSetting } from '../settings/settings.repository.js';
import type { JobScheduler } from '../jobs/job-scheduler.js';
import { publishOrderChanges } from './order-events.js';
import { createOrderFromCart } from './orders.service.js';

/** What the checkout routes need. */
export interface CheckoutRouterDeps {
  db: Kysely<Database>;
  bus: EventBus;
  dpo: DpoClient;
  logger: Logger;
  secureCookies: boolean;
  /** Public base URL (`APP_URL`); the request's own origin when unset. */
  appUrl?: string;
  /** Background jobs: payment re-verification and reservation release (issue 6). */
  jobs?: JobScheduler;
}

/** Hours a cash-on-delivery order reserves its items: setting `cod_reservation_hours`, default 48. */
export async function codReservationHours(db: Kysely<Database>): Promise<number> {
  const v = Number(await getSetting<unknown>(db, 'cod_reservation_hours', 48));
  return Number.isFinite(v) && v > 0 ? v : 48;
}

/** Refuses bank and card: 'Selected payment method is not available yet'. Source: spec/shopping.md §4. */
function refuseDisabledMethod(method: string | undefined): void {
  if (method === 'bank' || method === 'card') {
    throw new AppError(422, 'validation', M.methodNotAvailable, { payment_method: [M.methodNotAvailable] }, { success: false, error_code: 'method_unavailable' });
  }
}

/**
 * Checkout routes. `POST /dpopay/checkout-payment`: order from the server's cart and prices,
 * createToken, answers `{success, payment_url, order_reference, transaction_token, amount,
 * currency}` or `{success:false, message, error_code, technical_error}` with the spec's mapped
 * message. `POST /checkout/cash`: order reserving its items for `cod_reservation_hours`, cart
 * emptied, answers `{success, message, order_reference, reservation {hours, until}, next_url}`.
 * After each commit: `item.updated`, the owner's `cart.updated` and `order.updated` (operators).
 * Source: spec/shopping.md §3 "DPO response", "COD response", §7, §8.
 */
export function createCheckoutRouter(deps: CheckoutRouterDeps): Router {
  const { db, bus, dpo, logger } = deps;
  const router = Router();
  const origin = (req: Request) => (deps.appUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');

  router.post('/dpopay/checkout-payment', async (req, res) => {
    refuseDisabledMethod((req.body as { payment_method?: string } | undefined)?.payment_method);
    const input = parseInput(checkoutInputSchema, req.body);
    const { owner } = resolveCartOwner(req, res, { secure: deps.secureCookies, create: false });
    const order = await createOrderFromCart(db, { owner, method: 'dpopay', input, reserveHours: 0 });
    await publishOrderChanges(db, bus, { itemIds: order.itemIds, orderIds: [order.orderId], logger });
    const started = await startDpoPayment(db, dpo, { order, input, origin: origin(req), logger }).catch(async (err: unknown) => {
      await publishOrderChanges(db, bus, { itemIds: order.itemIds, orderIds: [order.orderId], logger }); // order failed, units back on sale
      throw err;
    });
    // A buyer who never comes back is still marked paid: verifyToken again on a backoff schedule.
    await deps.jobs?.schedulePaymentVerification(order.orderId).catch((err: unknown) => logger.error({ err, order: order.reference }, 'could not schedule the payment check'));
    res.json({
      success: true,
      message: 'Payment token created',
      payment_url: started.paymentUrl,
      order_reference: order.reference,
      transaction_token: started.transactionToken,
      amount: order.total,
      currency: 'MWK',
    });
  });

  router.post('/checkout/cash', async (req, res) => {
    refuseDisabledMethod((req.body as { payment_method?: string } | undefined)?.payment_method);
    const input = parseInput(checkoutInputSchema, req.body);
    const { owner } = resolveCartOwner(req, res, { secure: deps.secureCookies, create: false });
    const hours = await codReservationHours(db);
    const order = await createOrderFromCart(db, { owner, method: 'cash', input, reserveHours: hours });
    await publishOrderChanges(db, bus, { itemIds: order.itemIds, owner, orderIds: [order.orderId], logger });
    // Unpaid at reserved_until: the order is cancelled and the items go back on sale (issue 6).
    await deps.jobs?.scheduleReservationRelease(order.orderId, order.reservedUntil!).catch((err: unknown) => logger.error({ err, order: order.reference }, 'could not schedule the reservation release'));
    const until = order.reservedUntil!.toISOString();
    const next = new URLSearchParams({ cod: '1', CompanyRef: order.reference, reserve_hours: String(hours), reserve_until: until });
    res.json({
      success: true,
      message: `Order ${order.reference} placed. Your items are reserved for ${hours} hours; pay in cash on delivery.`,
      order_reference: order.reference,
      amount: order.total,
      reservation: { hours, until },
      next_url: `/payment-success?${next.toString()}`,
    });
  });

  return router;
}

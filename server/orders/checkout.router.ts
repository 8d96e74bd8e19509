import { Router, type Request } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout.js';
import { checkoutInputSchema } from '@shared/schemas/checkout.schema.js';
import { resolveCartOwner } from '../cart/cart-owner.js';
import type { Database } from '../db/types.js';
import type { DpoClient } from '../dpo/dpo-client.js';
import type { CommandRunner } from '../events/command-runner.js';
import { hashSecret } from '../auth/credentials.service.js';
import { AppError } from '../http/app-error.js';
import { routeRateLimit } from '../http/route-rate-limit.js';
import { parseInput } from '../http/validate.js';
import { startDpoPayment } from '../payments/payments.service.js';
import { placeOrder } from './orders.commands.js';
import { buyerActor, codReservationHours } from './orders.service.js';

/** What the checkout routes need. */
export interface CheckoutRouterDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  dpo: DpoClient;
  logger: Logger;
  secureCookies: boolean;
  /** Public base URL (`APP_URL`); the request's own origin when unset. */
  appUrl?: string;
  /** Human verification of a guest's cash-on-delivery order (throws AppError 422). */
  captcha?: (token: string | null | undefined, ip?: string) => Promise<void>;
  /** Checkouts per caller per 15 minutes (absent: no limit). */
  checkoutsPer15Minutes?: number;
  /** Most open (unpaid) orders per account or phone and per source address (absent: no cap). */
  openOrderCap?: { perBuyer: number; perSource: number };
}

/** Refuses bank and card: 'Selected payment method is not available yet'. Source: spec/shopping.md §4. */
function refuseDisabledMethod(method: string | undefined): void {
  if (method === 'bank' || method === 'card') {
    throw new AppError(
      422,
      'validation',
      M.methodNotAvailable,
      { payment_method: [M.methodNotAvailable] },
      { success: false, error_code: 'method_unavailable' },
    );
  }
}

/**
 * Checkout routes. `POST /dpopay/checkout-payment`: order from the server's cart and prices
 * ({@link placeOrder}), then DPO createToken outside the transaction ({@link startDpoPayment});
 * answers `{success, message, payment_url, order_reference, transaction_token, amount, currency}`
 * or `{success:false, message, error_code, technical_error}` with the spec's mapped message.
 * `POST /checkout/cash`: order reserving its items for `cod_reservation_hours`, cart emptied;
 * answers `{success, message, order_reference, amount, reservation {hours, until}, next_url}`.
 * The commands' events schedule the payment check or the reservation's release and tell item
 * pages, the owner's cart and operators.
 * Abuse limits (issue 18): both routes count checkouts per caller (`checkoutsPer15Minutes`, 429
 * `{message, success: false, error_code: 'rate_limited'}`) and cap open unpaid orders per
 * account or phone and per source address (`openOrderCap`, 429 `error_code: 'open_orders_limit'`);
 * a guest's cash-on-delivery order needs a solved human-verification token in
 * `g-recaptcha-response` (422 `error_code: 'verification_required'`, or the verifier's 422).
 * Source: spec/shopping.md §3 "DPO response", "COD response", §4 "Place order", §7, §8.
 */
export function createCheckoutRouter(deps: CheckoutRouterDeps): Router {
  const { db, runner } = deps;
  const router = Router();
  const origin = (req: Request) => (deps.appUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');
  const limits = (req: Request) => ({ placedFrom: req.ip ? hashSecret(req.ip) : null, openOrderCap: deps.openOrderCap });
  const checkoutLimit = deps.checkoutsPer15Minutes
    ? [
        routeRateLimit({
          limit: deps.checkoutsPer15Minutes,
          windowMs: 15 * 60_000,
          message: M.tooManyCheckouts,
          extra: { success: false, error_code: 'rate_limited' },
        }),
      ]
    : [];

  router.post('/dpopay/checkout-payment', ...checkoutLimit, async (req, res) => {
    refuseDisabledMethod((req.body as { payment_method?: string } | undefined)?.payment_method);
    const input = parseInput(checkoutInputSchema, req.body);
    const { owner } = resolveCartOwner(req, res, { secure: deps.secureCookies, create: false });
    const actor = buyerActor(owner);
    const order = await runner.run(placeOrder, actor, { owner, method: 'dpopay', checkout: input, reserveHours: 0, ...limits(req) });
    const started = await startDpoPayment(deps, { order, input, origin: origin(req), actor });
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

  router.post('/checkout/cash', ...checkoutLimit, async (req, res) => {
    refuseDisabledMethod((req.body as { payment_method?: string } | undefined)?.payment_method);
    const input = parseInput(checkoutInputSchema, req.body);
    if (!req.auth.user && deps.captcha) {
      const token = input['g-recaptcha-response'];
      if (!token?.trim()) {
        throw new AppError(
          422,
          'validation',
          M.guestCashNeedsVerification,
          { 'g-recaptcha-response': [M.guestCashNeedsVerification] },
          { success: false, error_code: 'verification_required' },
        );
      }
      await deps.captcha(token, req.ip);
    }
    const { owner } = resolveCartOwner(req, res, { secure: deps.secureCookies, create: false });
    const hours = await codReservationHours(db);
    const order = await runner.run(placeOrder, buyerActor(owner), { owner, method: 'cash', checkout: input, reserveHours: hours, ...limits(req) });
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

import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { z } from 'zod';
import { resolveCartOwner } from '../cart/cart-owner.js';
import type { Database } from '../db/types.js';
import type { DpoClient } from '../dpo/dpo-client.js';
import { parseInput } from '../http/validate.js';
import { publishOrderChanges } from '../orders/order-events.js';
import { codReservationHours } from '../orders/checkout.router.js';
import type { EventBus } from '../realtime/bus.js';
import { getPaymentResult } from './payments.service.js';

const resultQuery = z.object({ CompanyRef: z.string().trim().min(1, 'CompanyRef is required').max(80) });

/**
 * `GET /api/payments/result?CompanyRef=` — what /payment-success and /payment-cancel show, for
 * the order's owner (signed-in user, or the guest browser that placed it). A pending DPO payment
 * is verified first with verifyToken using the stored token; the return page's other query
 * parameters are never trusted. Reloads and repeated returns settle the payment only once; the
 * run that settles it publishes `item.updated`, `cart.updated` and `order.updated`.
 * Source: spec/shopping.md §2, §4 "Payment success page"; providers/dpo-pay.md.
 */
export function createPaymentsRouter(deps: { db: Kysely<Database>; bus: EventBus; dpo: DpoClient; logger: Logger; secureCookies: boolean }): Router {
  const { db, bus, dpo, logger } = deps;
  const router = Router();
  router.get('/api/payments/result', async (req, res) => {
    const { CompanyRef } = parseInput(resultQuery, req.query);
    const { owner } = resolveCartOwner(req, res, { secure: deps.secureCookies, create: false });
    const { result, verification } = await getPaymentResult(db, dpo, { reference: CompanyRef, viewer: owner, reserveHours: await codReservationHours(db), logger });
    if (verification && (verification.outcome === 'paid' || verification.outcome === 'not_paid')) {
      await publishOrderChanges(db, bus, { itemIds: verification.changedItemIds, owner: verification.owner, orderIds: [verification.orderId], logger });
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...result });
  });
  return router;
}

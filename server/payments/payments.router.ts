import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { z } from 'zod';
import { resolveCartOwner } from '../cart/cart-owner.js';
import type { Database } from '../db/types.js';
import type { DpoClient } from '../dpo/dpo-client.js';
import type { CommandRunner } from '../events/command-runner.js';
import { parseInput } from '../http/validate.js';
import { codReservationHours } from '../orders/orders.service.js';
import { getPaymentResult } from './payments.service.js';

const resultQuery = z.object({ CompanyRef: z.string().trim().min(1, 'CompanyRef is required').max(80) });

/** What the payment routes need. */
export interface PaymentsRouterDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  dpo: DpoClient;
  logger: Logger;
  secureCookies: boolean;
}

/**
 * `GET /api/payments/result?CompanyRef=` — what /payment-success and /payment-cancel show, for
 * the order's owner (signed-in user, or the guest browser that placed it): `{success: true,
 * ...PaymentResult}`, `Cache-Control: no-store`; 404 'Order not found' otherwise. A pending DPO
 * payment is verified first with verifyToken using the stored token; the return page's other
 * query parameters are never trusted. Reloads and repeated returns settle the payment only once
 * (the `confirmPayment` command; its events reach item pages, the owner's cart and operators).
 * Source: spec/shopping.md §2, §4 "Payment success page"; providers/dpo-pay.md "The buyer comes back".
 */
export function createPaymentsRouter(deps: PaymentsRouterDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get('/api/payments/result', async (req, res) => {
    const { CompanyRef } = parseInput(resultQuery, req.query);
    const { owner } = resolveCartOwner(req, res, { secure: deps.secureCookies, create: false });
    const { result } = await getPaymentResult(db, deps, { reference: CompanyRef, viewer: owner, reserveHours: await codReservationHours(db) });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...result });
  });
  return router;
}

import { Router, type Request } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { dpoPayAccepts } from '@shared/rules/checkout.js';
import { adminInvoicesQuerySchema, reofferLotInputSchema } from '@shared/schemas/invoice.schema.js';
import {
  payWonOrderInputSchema,
  recordWonOrderPaymentInputSchema,
  type PayWonOrderResult,
  type WonLotOrder,
} from '@shared/schemas/won-order-payment.schema.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { requireRole, requireUser } from '../auth/auth.middleware.js';
import type { DpoClient } from '../dpo/dpo-client.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor, userActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { startPayment } from '../payments/payments.commands.js';
import { DPO_PTL_HOURS, mapCreateTokenError } from '../payments/payments.service.js';
import { chooseWonOrderPayment, recordWonOrderPayment } from './won-orders.commands.js';
import { reofferUnpaidLot } from './invoice-lots.commands.js';
import { listAdminInvoices } from './invoices.repository.js';
import { findWonOrderOfItem } from './won-orders.repository.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const invoiceLotParams = z.object({ id: z.coerce.number().int().positive(), itemId: z.coerce.number().int().positive() });

/** What paying won orders needs. */
export interface WonOrdersRouterDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  dpo: DpoClient;
  logger?: Logger;
  /** Public base URL (`APP_URL`); the request's own origin when unset. */
  appUrl?: string;
}

/**
 * Paying a won auction's order (issue 13 "Settlement"):
 * - `GET /api/orders/won-lot/{itemId}` (signed in) → {@link WonLotOrder} of the caller's won lot; 404 when they have none;
 * - `POST /api/orders/{id}/pay {method: dpopay|cash|bank}` (the signed-in winner) →
 *   {@link PayWonOrderResult}: DPO Pay answers `payment_url` (createToken outside the
 *   transaction, recorded by `startPayment`; the return page /payment-success verifies it as for
 *   a checkout); cash and bank answer the instructions. 401 signed out; 404 not theirs; 409 not
 *   awaiting payment; 422 bad method or over DPO's MK 999,999.99; 502 when DPO refuses.
 * - `GET /api/admin/invoices?sale_id&status&search&page&per_page` (admin) → {@link AdminInvoicePage}
 *   (buyers' invoices for sales; 422 on a bad filter);
 * - `POST /api/admin/invoices/{id}/lots/{itemId} {action: second_chance|release, reason}` (admin) →
 *   {@link ReofferResult}: an unpaid lot offered to the next bidder or released to relist;
 * - `POST /api/admin/orders/{id}/payment-received {method: cash|bank, reference?}` (admin) →
 *   `{success, message, data: AdminOrderView}`; 409 when already paid or not a won order.
 */
export function createWonOrdersRouter(deps: WonOrdersRouterDeps): Router {
  const { runner, dpo } = deps;
  const router = Router();
  const origin = (req: Request) => (deps.appUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');

  router.get('/api/orders/won-lot/:id', requireUser(), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const row = await findWonOrderOfItem(deps.db, req.auth.user!.id, id);
    if (!row) throw AppError.notFound('Order not found');
    const amount = Number(row.amount_total);
    const body: WonLotOrder = {
      id: row.id,
      order_reference: row.order_reference,
      status: row.status,
      payment_method: row.payment_method,
      payment_status: row.payment_status ?? null,
      amount,
      dpo_accepts: dpoPayAccepts(amount),
      due_at: row.due_at ? row.due_at.toISOString() : null,
      lot_count: Number(row.lot_count ?? 1),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  router.post('/api/orders/:id/pay', requireUser(), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { method } = parseInput(payWonOrderInputSchema, req.body ?? {});
    const actor = userActor(req.auth.user!.id);
    const choice = await runner.run(chooseWonOrderPayment, actor, { orderId: id, method });
    const answer = (message: string, paymentUrl: string | null): PayWonOrderResult => ({
      success: true,
      method,
      order_reference: choice.reference,
      amount: choice.amount,
      currency: 'MWK',
      message,
      payment_url: paymentUrl,
    });
    if (method === 'cash') {
      res.json(answer(`Pay MK ${choice.amount.toLocaleString('en-GB')} in cash at our office, quoting ${choice.reference}.`, null));
      return;
    }
    if (method === 'bank') {
      res.json(answer(`Transfer MK ${choice.amount.toLocaleString('en-GB')} with the reference ${choice.reference}; we confirm it when it arrives.`, null));
      return;
    }
    if (choice.existingToken) {
      res.json(answer('Continue to DPO Pay to pay.', dpo.paymentUrl(choice.existingToken)));
      return;
    }
    const target = { orderId: choice.orderId, paymentId: choice.paymentId!, reference: choice.reference };
    const [firstName, ...rest] = choice.customer.name.split(/\s+/);
    try {
      const created = await dpo.createToken({
        amount: choice.amount,
        currency: 'MWK',
        companyRef: choice.reference,
        redirectUrl: `${origin(req)}/payment-success`,
        backUrl: `${origin(req)}/payment-cancel`,
        ptlHours: DPO_PTL_HOURS,
        customer: {
          email: choice.customer.email,
          firstName: firstName || 'Buyer',
          lastName: rest.join(' ') || firstName || 'Buyer',
          phone: choice.customer.phone,
        },
        description: `Gavel order ${choice.reference}`,
        serviceDate: new Date(),
      });
      await runner.run(startPayment, actor, { ...target, answer: { kind: 'token', ...created } });
      res.json(answer('Continue to DPO Pay to pay.', dpo.paymentUrl(created.transToken)));
    } catch (err) {
      const mapped = mapCreateTokenError(err);
      deps.logger?.warn({ err, order: choice.reference, errorCode: mapped.errorCode }, 'DPO createToken failed for a won order');
      await runner.run(startPayment, actor, { ...target, answer: { kind: 'refused', errorCode: mapped.errorCode, technical: mapped.technical } });
      throw new AppError(mapped.status, 'payment_failed', mapped.message, undefined, { success: false, error_code: mapped.errorCode });
    }
  });

  router.get('/api/admin/invoices', requireRole('admin'), async (req, res) => {
    const query = parseInput(adminInvoicesQuerySchema, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listAdminInvoices(deps.db, query));
  });

  router.post('/api/admin/invoices/:id/lots/:itemId', requireRole('admin'), async (req, res) => {
    const { id, itemId } = parseInput(invoiceLotParams, req.params);
    const input = parseInput(reofferLotInputSchema, req.body ?? {});
    res.json(await runner.run(reofferUnpaidLot, operatorActor(req.auth.user!.id), { orderId: id, itemId, ...input }));
  });

  router.post('/api/admin/orders/:id/payment-received', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(recordWonOrderPaymentInputSchema, req.body ?? {});
    res.json(await runner.run(recordWonOrderPayment, operatorActor(req.auth.user!.id), { orderId: id, ...input }));
  });

  return router;
}

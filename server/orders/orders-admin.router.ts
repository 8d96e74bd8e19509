import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { adminOrdersQuerySchema, cancelOrderInputSchema } from '@shared/schemas/admin-order.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { parseInput } from '../http/validate.js';
import { cancelReservation, recordCashReceived } from './orders.commands.js';
import { listAdminOrders } from './orders-admin.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Operators' order routes (admin role; 401 signed out, 403 without the role):
 * - `GET /api/admin/orders?status=reserved|paid|cancelled|awaiting_payment|all&search=&page=&per_page=`
 *   → `{data: AdminOrderView[], meta}` newest first;
 * - `POST /api/admin/orders/{id}/cash-received` → `{success, message, data}`; 409 when the order
 *   is not a reserved cash order (already paid, cancelled, expired);
 * - `POST /api/admin/orders/{id}/cancel {reason}` → `{success, message, data}`; 422 without a reason.
 * Each change is a command run as the operator ({@link recordCashReceived},
 * {@link cancelReservation}); its event is the audit trail and updates every open Orders screen.
 * Source: admin orders brief (settling cash-on-delivery orders).
 */
export function createAdminOrdersRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const { db, runner } = deps;
  const router = Router();

  router.get('/api/admin/orders', requireRole('admin'), async (req, res) => {
    res.json(await listAdminOrders(db, parseInput(adminOrdersQuerySchema, req.query)));
  });

  router.post('/api/admin/orders/:id/cash-received', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    res.json(await runner.run(recordCashReceived, operatorActor(req.auth.user!.id), { orderId: id }));
  });

  router.post('/api/admin/orders/:id/cancel', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { reason } = parseInput(cancelOrderInputSchema, req.body ?? {});
    res.json(await runner.run(cancelReservation, operatorActor(req.auth.user!.id), { orderId: id, reason }));
  });

  return router;
}

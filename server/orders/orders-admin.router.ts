import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { z } from 'zod';
import { adminOrdersQuerySchema, cancelOrderInputSchema, type AdminOrderActionResult } from '../../shared/schemas/admin-order.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import { parseInput } from '../http/validate.js';
import type { EventBus } from '../realtime/bus.js';
import { publishOrderChanges } from './order-events.js';
import { cancelReservedOrder, listAdminOrders, recordCashReceived, type OrderSettlement } from './orders-admin.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Operators' order routes (admin role; 401 signed out, 403 without the role):
 * - `GET /api/admin/orders?status=reserved|paid|cancelled|awaiting_payment|all&search=&page=&per_page=`
 *   → `{data: AdminOrderView[], meta}` newest first;
 * - `POST /api/admin/orders/{id}/cash-received` → `{success, message, data}`; 409 when the order
 *   is not a reserved cash order (already paid, cancelled, expired);
 * - `POST /api/admin/orders/{id}/cancel {reason}` → `{success, message, data}`; 422 without a reason.
 * After a change, `item.updated` for each item, the owner's `cart.updated` and `order.updated`
 * (room `admin:orders`, so every operator's open Orders screen follows) are published.
 * Source: admin orders brief (settling cash-on-delivery orders).
 */
export function createAdminOrdersRouter(deps: { db: Kysely<Database>; bus: EventBus; logger?: Logger }): Router {
  const { db, bus, logger } = deps;
  const router = Router();

  const reply = async (settled: OrderSettlement): Promise<AdminOrderActionResult> => {
    await publishOrderChanges(db, bus, { itemIds: settled.itemIds, owner: settled.owner, orderIds: [settled.order.id], logger });
    return { success: true, message: settled.message, data: settled.order };
  };

  router.get('/api/admin/orders', requireRole('admin'), async (req, res) => {
    res.json(await listAdminOrders(db, parseInput(adminOrdersQuerySchema, req.query)));
  });

  router.post('/api/admin/orders/:id/cash-received', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    res.json(await reply(await recordCashReceived(db, { orderId: id, operatorId: req.auth.user!.id })));
  });

  router.post('/api/admin/orders/:id/cancel', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { reason } = parseInput(cancelOrderInputSchema, req.body ?? {});
    res.json(await reply(await cancelReservedOrder(db, { orderId: id, operatorId: req.auth.user!.id, reason })));
  });

  return router;
}

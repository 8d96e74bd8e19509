import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { startInProcessScheduler } from '../../server/jobs/in-process-scheduler.js';
import type { PaymentVerificationOutcome } from '../../server/jobs/verify-payment.job.js';
import { createTestRunner } from '../helpers/commands.js';
import { createCustomer, insertTestOrder } from '../helpers/factories.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ memory: true });
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

/** An order awaiting a DPO Pay payment, as the checkout leaves it; answers the order id. */
async function orderWithDpoPayment(status: 'pending' | 'paid', token: string | null = `TOK-${randomBytes(3).toString('hex')}`): Promise<number> {
  const buyer = await createCustomer(handle.db);
  const order = await insertTestOrder(handle.db, {
    user_id: buyer.id,
    status: status === 'paid' ? 'paid' : 'awaiting_payment',
    payment_method: 'dpopay',
    customer_name: buyer.name,
    customer_email: buyer.email,
  });
  await handle.db.insertInto('payments').values({ order_id: order.id, provider: 'dpopay', status, amount: 1000, transaction_token: token }).execute();
  return order.id;
}

describe('embedded mode: payment checks survive a restart (issue 19)', () => {
  it('when the server starts with DPO payments still pending in the database, then it checks them again on the payment schedule, and only those', async () => {
    const pending = await orderWithDpoPayment('pending');
    const paid = await orderWithDpoPayment('paid');
    const noToken = await orderWithDpoPayment('pending', null);
    const checks: number[] = [];
    const answers: PaymentVerificationOutcome[] = ['pending', 'paid'];
    const scheduler = startInProcessScheduler({
      db: handle.db,
      runner: createTestRunner(handle.db).runner,
      logger: pino({ level: 'silent' }),
      intervalMs: 60_000,
      paymentScheduleMs: [30, 30, 30],
      reverifyPayment: async (orderId) => {
        checks.push(orderId);
        return answers.shift() ?? 'paid';
      },
    });
    try {
      await scheduler.resumed;
      await expect.poll(() => checks, { timeout: 5000 }).toEqual([pending, pending]); // still pending, then paid: no third check
      await new Promise((r) => setTimeout(r, 150));
      expect(checks).toEqual([pending, pending]);
      expect(checks).not.toContain(paid);
      expect(checks).not.toContain(noToken);
    } finally {
      await scheduler.close();
    }
  });
});

/**
 * The producer side of Gavel's background jobs, as domain code sees it. Two implementations,
 * chosen once in server/server.ts: BullMQ delayed jobs when `REDIS_URL` is set
 * (server/jobs/bullmq-job-scheduler.ts, run by `npm run workers`), else the embedded
 * in-process scheduler (server/jobs/in-process-scheduler.ts). Every method is idempotent and
 * safe to call after any change; none throws for a job that already exists.
 */
export interface JobScheduler {
  readonly mode: 'bullmq' | 'in-process';
  /**
   * Closes the online/live item at `dateTo` (the handler re-checks the item's end time).
   * `previous`: the end time it had before (soft close, operator edit), whose job is dropped.
   */
  scheduleAuctionClose(itemId: number, dateTo: Date, previous?: Date | null): Promise<void>;
  /** Releases the cash-on-delivery reservation of the order at `reservedUntil` when still unpaid. */
  scheduleReservationRelease(orderId: number, reservedUntil: Date): Promise<void>;
  /**
   * Re-verifies the order's pending DPO payment on the backoff schedule (server/jobs/queues.ts
   * PAYMENT_VERIFY_SCHEDULE_MS), first check one step after now. The checkout calls it when it
   * creates a DPO token.
   */
  schedulePaymentVerification(orderId: number): Promise<void>;
  /** Stops scheduling and waits for work in hand. */
  close(): Promise<void>;
}

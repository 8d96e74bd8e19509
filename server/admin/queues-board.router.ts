import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Router } from 'express';
import type { Queue } from 'bullmq';
import { AppError } from '../http/app-error.js';
import { requireRole } from '../auth/auth.middleware.js';

/** Where the queue monitor is mounted. */
export const QUEUES_BOARD_PATH = '/admin/queues';

/** Message of `/admin/queues` in the embedded default (no Redis, so no BullMQ queues). */
export const NO_QUEUES_MESSAGE =
  'No job queues in the embedded mode: REDIS_URL is not set, so this server runs its jobs (auction close, reservation release) in-process. Set REDIS_URL and run `npm run workers` to use BullMQ and this monitor.';

/**
 * `/admin/queues`: bull-board over the BullMQ queues, admin role only (signed out 401, others
 * 403; bull-board has no auth of its own). Without queues (embedded default) an admin gets 503
 * `{message}` explaining the embedded mode. The UI's own calls carry `X-XSRF-TOKEN` (axios
 * reads the `XSRF-TOKEN` cookie), so the anti-forgery check applies as elsewhere.
 */
export function createQueuesBoardRouter(deps: { queues: Queue[] | null }): Router {
  const router = Router();
  router.use(QUEUES_BOARD_PATH, requireRole('admin'));
  if (!deps.queues) {
    router.use(QUEUES_BOARD_PATH, () => {
      throw new AppError(503, 'internal', NO_QUEUES_MESSAGE);
    });
    return router;
  }
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_BOARD_PATH);
  createBullBoard({
    queues: deps.queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Gavel jobs' } },
  });
  router.use(QUEUES_BOARD_PATH, serverAdapter.getRouter());
  return router;
}

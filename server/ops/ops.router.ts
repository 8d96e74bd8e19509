import { Router } from 'express';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../db/database.js';
import type { Database } from '../db/types.js';
import type { Metrics } from '../metrics/metrics.js';

/** What `/readyz` checks besides the database: Redis answering PING (absent: embedded mode). */
export interface RedisPing {
  ping(): Promise<unknown>;
}

/** Resolves `p`, or rejects after `ms` (a hung dependency must not hang the probe). */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/**
 * Operator endpoints. `GET /readyz`: 200 `{status: 'ready', database: 'ok', redis: 'ok' | 'not
 * configured'}` when the database answers `SELECT 1` and Redis (if configured) answers PING
 * within 2 s; otherwise 503 with `status: 'unavailable'` and the failing part's error text.
 * `GET /metrics`: Prometheus text format of this process (server/metrics/metrics.ts).
 * (`/healthz`, process up, is in app.ts.)
 */
export function createOpsRouter(deps: { db: Kysely<Database>; redis?: RedisPing; metrics?: Metrics }): Router {
  const router = Router();
  router.get('/readyz', async (_req, res) => {
    const check = async (p: () => Promise<unknown>) => {
      try {
        await within(p(), 2000);
        return 'ok';
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
    };
    const [database, redis] = await Promise.all([
      check(() => pingDatabase(deps.db)),
      deps.redis ? check(() => deps.redis!.ping()) : Promise.resolve('not configured'),
    ]);
    const ready = database === 'ok' && (redis === 'ok' || redis === 'not configured');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', database, redis });
  });
  const metrics = deps.metrics;
  if (metrics) {
    router.get('/metrics', async (_req, res) => {
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.send(await metrics.registry.metrics());
    });
  }
  return router;
}

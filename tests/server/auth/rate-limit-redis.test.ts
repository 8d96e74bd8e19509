import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthRateLimiters, ReloadingRedisStore } from '../../../server/auth/auth-rate-limit.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const connections: Redis[] = [];
const servers: http.Server[] = [];

/** One "server process": its own Redis connection and app with the sign-in limiters, answering 401. */
async function startProcess(keyPrefix: string): Promise<string> {
  const redis = new Redis(REDIS_URL, { protocol: 2 });
  connections.push(redis);
  const app = express();
  app.use(express.json());
  app.post(
    '/login',
    ...createAuthRateLimiters('login', {
      perIpPerMinute: 3,
      perAccount: 100,
      accountWindowMs: 60_000,
      failureDelayMs: 1,
      maxFailureDelayMs: 1,
      redis,
      keyPrefix,
    }),
    (_req, res) => {
      res.status(401).json({ message: 'no' });
    },
  );
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  connections.forEach((c) => c.disconnect());
});

describe('sign-in rate limit on Redis (rate-limit-redis, issue 19)', () => {
  it('when one address spreads its attempts over two server processes, then they share one counter and the fourth is refused on either', async () => {
    const prefix = `test-${process.pid}-${Date.now()}`;
    const [a, b] = await Promise.all([startProcess(prefix), startProcess(prefix)]);
    const attempt = async (url: string) =>
      (await fetch(`${url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"x@example.mw"}' })).status;
    const statuses = [await attempt(a), await attempt(b), await attempt(a), await attempt(b), await attempt(a)];
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const keys = await connections[0]!.keys(`${prefix}:rl:login:*`);
    expect(keys.length).toBeGreaterThan(0);
    await connections[0]!.del(...keys);
  });

  it('when Redis was away while the counting script loaded, then the attempt fails but the next one counts', async () => {
    let loads = 0;
    const store = new ReloadingRedisStore({
      sendCommand: async (...args: string[]) => {
        if (args[0] === 'SCRIPT') {
          loads++;
          if (loads <= 2) throw new Error('Connection is closed.'); // init loads two scripts while Redis is away
          return 'sha1';
        }
        return [1, 60_000];
      },
    });
    await store.init({ windowMs: 60_000 } as Parameters<ReloadingRedisStore['init']>[0]).catch(() => undefined);
    await expect(store.increment('k')).rejects.toThrow('Connection is closed.');
    await expect(store.increment('k')).resolves.toMatchObject({ totalHits: 1 });
  });
});

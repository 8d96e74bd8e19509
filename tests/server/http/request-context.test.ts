import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { loadConfig } from '../../../server/config.js';
import { requestIdMixin, withRequestContext } from '../../../server/http/request-context.js';
import { migrateToLatest, openDatabase } from '../../../server/db/database.js';
import { startServer, type RunningServer } from '../../../server/server.js';
import { createCustomer, createItem } from '../../helpers/factories.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A server over an in-memory PGlite whose log lines are kept (JSON objects). */
async function startLoggedServer(env: Record<string, string> = {}): Promise<{ server: RunningServer; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const database = await openDatabase({ memory: true });
  await migrateToLatest(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: `/tmp/gavel-test-${process.pid}`,
    CSRF_SECRET: 'test-secret-test-secret-test-secret',
    SEED: 'never',
    ...env,
  });
  // The server's own logger adds the request's id to every line (server/server.ts).
  const server = await startServer(config, { logger: pino({ level: 'debug', mixin: requestIdMixin }, sink), seed: false, database });
  return { server, lines };
}

describe('request ids and HTTP metrics (issue 19)', () => {
  let trusted: Awaited<ReturnType<typeof startLoggedServer>>;
  let untrusted: Awaited<ReturnType<typeof startLoggedServer>>;

  beforeAll(async () => {
    trusted = await startLoggedServer(); // TRUST_PROXY=loopback: the test's own connections are the proxy
    untrusted = await startLoggedServer({ TRUST_PROXY: '10.9.8.7' });
  });
  afterAll(async () => {
    await trusted?.server.close();
    await untrusted?.server.close();
  });

  it('when any answer is sent (a page, a 404, a bid through the bearer lane), then it carries a fresh X-Request-Id', async () => {
    const { server } = untrusted;
    const customer = await createCustomer(server.database.db);
    const itemId = await createItem(server.database.db);
    const answers = [
      await fetch(`${server.url}/healthz`),
      await fetch(`${server.url}/api/no-such-call`),
      await fetch(`${server.url}/ajax-bid`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ item_id: itemId, amount: 1 }),
      }),
    ];
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it('when a trusted proxy sends X-Request-Id, then the server keeps it and logs every line of that request with it', async () => {
    const { server, lines } = trusted;
    const res = await fetch(`${server.url}/api/watchlist`, { headers: { 'x-request-id': 'edge-4f2a.77' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe('edge-4f2a.77');
    await expect.poll(() => lines.filter((l) => l.reqId === 'edge-4f2a.77').length).toBeGreaterThan(0);
    const line = lines.find((l) => l.reqId === 'edge-4f2a.77' && l.req)!;
    expect((line.req as { url: string }).url).toBe('/api/watchlist');
    // A value that could forge log lines is replaced.
    const forged = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b\tc' } });
    expect(forged.headers.get('x-request-id')).toMatch(UUID);
  });

  it('when code logs through the plain logger while a request is handled (after awaits too), then the line carries the request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { mixin: requestIdMixin },
      new Writable({ write: (c: Buffer, _e, done) => (lines.push(JSON.parse(c.toString()) as Record<string, unknown>), done()) }),
    );
    const server = http.createServer(
      withRequestContext({ trustProxy: () => false }, (_req, res) => {
        void new Promise((r) => setTimeout(r, 5)).then(() => {
          logger.info('deep inside');
          res.end('ok');
        });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await res.text();
      expect(lines.find((l) => l.msg === 'deep inside')?.reqId).toBe(res.headers.get('x-request-id'));
      logger.info('outside');
      expect(lines.find((l) => l.msg === 'outside')).not.toHaveProperty('reqId');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('when the peer is not a trusted proxy, then its X-Request-Id is ignored', async () => {
    const res = await fetch(`${untrusted.server.url}/api/watchlist`, { headers: { 'x-request-id': 'edge-4f2a.77' } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('when requests are answered, then http_request_duration_seconds counts them by route pattern and status, never by raw URL', async () => {
    const { server } = trusted;
    await fetch(`${server.url}/ajax-item/987654`);
    await fetch(`${server.url}/ajax-item/987655`);
    await fetch(`${server.url}/healthz`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*method="GET"[^}]*route="\/ajax-item\/:id"[^}]*status="404"[^}]*\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*status="200"[^}]*\} [1-9]/);
    expect(text).not.toContain('987654');
  });
});

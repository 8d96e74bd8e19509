import fc from 'fast-check';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { declaredRoutes } from '../../helpers/routes.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';
import { tableCounts } from '../../helpers/table-counts.js';

const schemaModules = import.meta.glob('../../../shared/schemas/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;

/** Every field name of every object schema in shared/schemas: what the fuzzer fills with bad values. */
function schemaFieldNames(): string[] {
  const names = new Set<string>();
  for (const mod of Object.values(schemaModules)) {
    for (const value of Object.values(mod)) {
      if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
    }
  }
  return [...names].sort();
}

let server: TestServer;
const tokens: Record<'guest' | 'customer' | 'admin', string | null> = { guest: null, customer: null, admin: null };
beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const customer = await createCustomer(db);
  const admin = await createCustomer(db);
  await grantRole(db, admin.id, 'admin');
  tokens.customer = customer.token;
  tokens.admin = admin.token;
  await createItem(db, { name: 'Massey Ferguson 375' });
});
afterAll(async () => {
  await server?.stop();
});

/** Values no field of Gavel accepts: wrong types, out of range, huge, malformed text. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    '',
    ' ',
    '-1',
    '0',
    '1e308',
    '1e9',
    '0x1F',
    'NaN',
    'Infinity',
    '9223372036854775808',
    '99999-12-31',
    '2026-13-45T99:99:99Z',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    'a\u0000b',
    '\u202e\u0301',
    '😀'.repeat(50),
    'x'.repeat(20_000),
  ),
  fc.constantFrom(-1, 0, -0.5, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63),
  fc.array(fc.constantFrom(null, -1, 'x', {}), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor'), fc.constantFrom(null, 'x', -1), { maxKeys: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\u0000')),
);
const nastySegment = fc.constantFrom('-1', '0', '1.5', '1e308', '99999999999999999999', 'abc', '%2e%2e', '%ff', "'", '9223372036854775808');
const FIELDS = schemaFieldNames();
const nastyBody = fc.dictionary(fc.constantFrom(...FIELDS), nastyValue, { minKeys: 1, maxKeys: 6 });

/** Routes that end the caller's own session (they would sign the fuzzer out). */
const SKIPPED = new Set(['POST /logout', 'POST /api/logout']);

describe('a fuzz of every route and socket event with bad input from the shared schemas (issue 18)', () => {
  it('when every declared route gets generated bad params, queries and bodies as guest, customer and operator, then every answer is below 500 and no table changed', async () => {
    const db = server.database.db;
    const routes = declaredRoutes().filter((r) => !SKIPPED.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(60);
    expect(FIELDS).toEqual(expect.arrayContaining(['item_id', 'amount', 'max_amount', 'email', 'quantity']));
    const before = await tableCounts(db);
    const failures: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('guest' as const, 'customer' as const, 'admin' as const),
        nastySegment,
        nastyBody,
        fc.constantFrom('json', 'form', 'raw'),
        async (route, role, segment, body, encoding) => {
          const url = new URL(server.url + route.path.replace(/:[a-zA-Z]+/g, segment));
          const headers: Record<string, string> = {};
          if (tokens[role]) headers.authorization = `Bearer ${tokens[role]}`;
          let payload: string | undefined;
          if (route.method === 'GET') {
            for (const [k, v] of Object.entries(body)) url.searchParams.append(k, typeof v === 'string' ? v : JSON.stringify(v));
          } else if (encoding === 'json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body);
          } else if (encoding === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
          } else {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body).slice(0, -1);
          }
          const res = await fetch(url, { method: route.method, headers, body: payload, redirect: 'manual' });
          await res.arrayBuffer();
          sent++;
          if (res.status >= 500) failures.push(`${route.method} ${url.pathname}${url.search.slice(0, 80)} as ${role} (${encoding}) → ${res.status}`);
        },
      ),
      { numRuns: 1025 },
    );
    expect(sent).toBe(1025);
    expect(failures).toEqual([]);
    expect(await tableCounts(db)).toEqual(before);
  }, 180_000);

  it('when every socket event gets generated bad payloads, then the server answers (or ignores) them and keeps serving', async () => {
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, auth: { token: tokens.customer } });
    await new Promise<void>((r) => socket.on('connect', r));
    const events = ['item:subscribe', 'item:unsubscribe', 'admin:orders:subscribe', 'admin:orders:unsubscribe', 'no:such:event'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...events), nastyValue, async (event, payload) => {
        const answer = await Promise.race([
          socket
            .timeout(300)
            .emitWithAck(event, payload)
            .catch(() => 'no answer'),
          new Promise((r) => setTimeout(() => r('no answer'), 600)),
        ]);
        if (answer !== 'no answer') expect(answer).toMatchObject({ ok: expect.any(Boolean) });
      }),
      { numRuns: 40 },
    );
    expect(socket.connected).toBe(true);
    const ok = await socket.emitWithAck('item:subscribe', { item_id: 1 });
    expect(ok).toMatchObject({ ok: expect.any(Boolean) });
    socket.disconnect();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createApp, type GavelRequestListener } from '../../../server/app.js';
import { API_ROUTES, SOCKET_EVENTS, toOpenApiPath } from '../../../server/api-docs/openapi-document.js';
import { loadConfig } from '../../../server/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../server/db/database.js';
import { DPO_SIMULATOR_BASE } from '../../../server/dpo-simulator/dpo-simulator.js';
import { CommandRunner } from '../../../server/events/command-runner.js';
import { createMetrics } from '../../../server/metrics/metrics.js';
import { InProcessBus } from '../../../server/realtime/bus.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

/** A layer of Express 5's router stack, as far as the walk needs it. */
interface StackLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
}

/** Every `METHOD /path` registered on the app, nested routers included (all mounted at `/`). */
function registeredRoutes(listener: GavelRequestListener): string[] {
  const found: string[] = [];
  const walk = (stack: StackLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') found.push(`${m.toUpperCase()} ${p}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((listener.expressApp as unknown as { router: { stack: StackLayer[] } }).router.stack);
  return found;
}

describe('OpenAPI document (issue 19: an API others can build on)', () => {
  let handle: DatabaseHandle;
  let listener: GavelRequestListener;
  let server: TestServer;

  beforeAll(async () => {
    handle = await openDatabase({ memory: true });
    await migrateToLatest(handle.db);
    const bus = new InProcessBus();
    const logger = pino({ level: 'silent' });
    // Every optional router on: metrics (`/metrics`) and the DPO simulator.
    listener = createApp({
      config: loadConfig({ NODE_ENV: 'test', CSRF_SECRET: 'test-secret-test-secret-test-secret' }),
      db: handle.db,
      bus,
      runner: new CommandRunner({ db: handle.db, bus, logger }),
      logger,
      csrfSecret: 'test-secret-test-secret-test-secret',
      metrics: createMetrics('server'),
    });
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
    await handle?.close();
  });

  it('when a route is registered in the app, then the document describes it (the DPO simulator stands in for DPO Pay and is not our API)', async () => {
    const routes = registeredRoutes(listener).filter((r) => !r.split(' ')[1]!.startsWith(DPO_SIMULATOR_BASE));
    expect(routes.length).toBeGreaterThan(60);
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const missing = routes.filter((r) => {
      const [method, p] = r.split(' ') as [string, string];
      return !doc.paths[toOpenApiPath(p)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    // … and describes nothing the app does not serve.
    expect(Object.keys(API_ROUTES).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('when a client reads a call, then its body and answer schemas come from the shared zod schemas', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>>;
    };
    const bid = doc.paths['/ajax-bid']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(bid.properties)).toEqual(expect.arrayContaining(['item_id', 'amount', 'max_amount']));
    expect(doc.paths['/api/watchlist/check/{id}']!.get).toMatchObject({ parameters: [{ in: 'path', name: 'id', required: true }] });
  });

  it('when a client looks for the socket events, then each is listed with its direction and payload schema', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      'x-socket-events': Record<string, { direction: string; payload: { $ref: string } | null }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const events = doc['x-socket-events'];
    expect(Object.keys(events)).toEqual(expect.arrayContaining(['bid:placed', 'bid:outbid', 'auction:closed', 'item:subscribe', 'order:updated', 'time:sync']));
    expect(events['bid:placed']!.direction).toBe('server-to-client');
    const ref = events['bid:placed']!.payload!.$ref.split('/').pop()!;
    expect(Object.keys(doc.components.schemas[ref]!.properties!)).toEqual(expect.arrayContaining(['item_id', 'bid', 'bid_amount', 'min_next_bid', 'date_to']));
  });

  it('when an event is added to the typed socket maps of shared/events.ts, then the document lists it', () => {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../shared/events.ts'), 'utf8');
    const maps = [...source.matchAll(/export interface (?:ServerToClientEvents|ClientToServerEvents) \{([\s\S]*?)\n\}/g)].map((m) => m[1]!);
    expect(maps).toHaveLength(2);
    const names = maps.flatMap((body) => [...body.matchAll(/^\s*'([\w:]+)':/gm)].map((m) => m[1]!));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !SOCKET_EVENTS[n])).toEqual([]);
  });

  it('when /api/docs is opened, then its page and the renderer come from this server (no CDN)', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect((await fetch(`${server.url}${asset[1]}`)).status, asset[1]).toBe(200);
  });
});

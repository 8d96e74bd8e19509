import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// The receiving side of the Web Push encryption (RFC 8291), as a browser's push service client does it.
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailSender } from '../../../server/notifications/notification-delivery.js';
import { runNotifications, type NotifierDeps } from '../../../server/notifications/notifier.js';
import { createPushSender } from '../../../server/notifications/push-sender.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

/** A local push service over HTTPS (as every push service is): records each push; endpoints under /gone/ answer 410. */
const pushes: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
let pushService: https.Server;
let pushBase: string;
let server: TestServer;
/** The notifier as the server runs it, its push sender trusting the local push service's certificate. */
let notify: () => ReturnType<typeof runNotifications>;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  pushService = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { NOTIFY_INTERVAL_MS: '0', NOTIFY_GRACE_MS: '0', APP_URL: 'https://gavel.mw' } });
  const deps: NotifierDeps = {
    db: server.database.db,
    runner: server.runner,
    logger: server.logger,
    mail: createMailSender(undefined, 'test@gavel.mw'),
    push: createPushSender(serverKeys(), 'mailto:test@gavel.mw', new https.Agent({ ca: cert })),
    appUrl: () => 'https://gavel.mw',
    secret: 'test-secret-test-secret',
    graceMs: 0,
  };
  notify = () => runNotifications(deps);
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => pushService?.close(() => resolve()));
});

/** The server's own VAPID pair, made into its data folder on first start (the test server's DATA_DIR). */
const serverKeys = () => JSON.parse(fs.readFileSync(`/tmp/gavel-test-${process.pid}/vapid.json`, 'utf8')) as { publicKey: string; privateKey: string };

/** A browser's subscription: its own P-256 key pair and auth secret, as the Push API makes them. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, json: { endpoint: `${pushBase}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } } };
}

describe('notifications by web push (issue 16)', () => {
  it('when a bidder turned push on and is outbid, then the push service receives a VAPID-signed payload only their browser can decrypt; a gone subscription is removed', async () => {
    const db = server.database.db;
    const key = await new TestClient(server.url).get('/api/push/key');
    expect(key.status).toBe(200);
    expect(key.body.public_key).toMatch(/^[A-Za-z0-9_-]{80,90}$/);

    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const phone = browserSubscription('/push/phone-1');
    const stale = browserSubscription('/gone/old-laptop');
    expect((await new TestClient(server.url, a.token).post('/api/push/subscriptions', phone.json)).status).toBe(201);
    expect((await new TestClient(server.url, a.token).post('/api/push/subscriptions', stale.json)).status).toBe(201);
    const prefs = await new TestClient(server.url, a.token).get('/api/notifications/preferences');
    expect(prefs.body.push_devices).toBe(2);

    const itemId = await createItem(db, { name: 'Honda generator', target_amount: 1000 });
    await new TestClient(server.url, a.token).post('/ajax-bid', { item_id: itemId, amount: 1001 });
    await new TestClient(server.url, b.token).post('/ajax-bid', { item_id: itemId, amount: 1500 });
    const run = await notify();
    expect(run, run.errors.join('; ')).toMatchObject({ created: 1, failed: 0 });

    const received = pushes.find((p) => p.path === '/push/phone-1')!;
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.authorization).toMatch(/^vapid t=.+, k=/);
    // Signed with the key the browser subscribed with.
    expect(received.headers.authorization).toContain(`k=${key.body.public_key}`);
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(ece.decrypt(received.body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth }).toString('utf8'));
    expect(payload).toEqual({
      title: 'Outbid on Honda generator',
      body: 'Someone bid MK 1,500. Bid again before the lot closes.',
      url: `https://gavel.mw/item/${itemId}`,
    });
    expect(() => ece.decrypt(received.body, { version: 'aes128gcm', privateKey: stale.ecdh, authSecret: stale.auth })).toThrow();

    const left = await db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', a.id).execute();
    expect(left.map((s) => s.endpoint)).toEqual([phone.json.endpoint]);
    expect((await notify()).sent).toBe(0);
    expect(pushes.filter((p) => p.path === '/push/phone-1')).toHaveLength(1);
  });

  it('when a subscription is malformed or someone else’s, then 4xx or nothing happens to it', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    const other = await createCustomer(db);
    const sub = browserSubscription('/push/phone-2');
    expect((await new TestClient(server.url).post('/api/push/subscriptions', sub.json)).status).toBe(401);
    for (const bad of [
      {},
      { endpoint: 'not a url', keys: sub.json.keys },
      { endpoint: sub.json.endpoint, keys: { p256dh: 'short', auth: sub.json.keys.auth } },
      { endpoint: sub.json.endpoint },
    ]) {
      const res = await new TestClient(server.url, a.token).post('/api/push/subscriptions', bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    expect((await new TestClient(server.url, a.token).post('/api/push/subscriptions', sub.json)).status).toBe(201);
    const notMine = await new TestClient(server.url, other.token).request('DELETE', '/api/push/subscriptions', { endpoint: sub.json.endpoint });
    expect(notMine.body).toEqual({ success: true, removed: false });
    const mine = await new TestClient(server.url, a.token).request('DELETE', '/api/push/subscriptions', { endpoint: sub.json.endpoint });
    expect(mine.body).toEqual({ success: true, removed: true });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCaptchaVerifier } from '../../../server/captcha/captcha.verifier.js';
import { createMemoryReplayStore, createRedisReplayStore } from '../../../server/captcha/replay-store.js';
import { loadConfig } from '../../../server/config.js';
import { solveCaptcha } from '../../helpers/captcha.js';
import { createCustomer } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const FIELD = 'g-recaptcha-response';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function signIn(client: TestClient, email: string, token: unknown) {
  await client.get('/sanctum/csrf-cookie');
  return client.post('/login', { username: email, password: 'password', remember: false, [FIELD]: token });
}

describe('ALTCHA human verification (DESIGN.md, spec/accounts-and-shell.md §4-§5, §8)', () => {
  it('when the client asks for its configuration, then the provider is altcha with the challenge address', async () => {
    const res = await new TestClient(server.url).get('/api/captcha/config');
    expect(res.body).toEqual({ provider: 'altcha', challengeUrl: '/api/captcha/challenge' });
  });

  it('when a challenge is fetched, then it is a signed PoW v2 challenge with an expiry', async () => {
    const res = await new TestClient(server.url).get('/api/captcha/challenge');
    expect(res.status).toBe(200);
    expect(res.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1, keyLength: 32 });
    expect(res.body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(res.body.signature).toEqual(expect.any(String));
  });

  it('when signing in without a token, then 422 on g-recaptcha-response with the spec text', async () => {
    const user = await createCustomer(server.database.db);
    const res = await signIn(new TestClient(server.url), user.email, null);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: 'Please complete the reCAPTCHA verification.',
      errors: { [FIELD]: ['Please complete the reCAPTCHA verification.'] },
    });
  });

  it('when registering without a token, then 422 and no account is created', async () => {
    const email = `nocaptcha-${Date.now()}@example.mw`;
    const res = await new TestClient(server.url).post('/api/register', {
      name: 'A B',
      email,
      phone: '0888123456',
      password: 'kwacha-42',
      password_confirmation: 'kwacha-42',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[FIELD]).toEqual(['Please complete the reCAPTCHA verification.']);
    expect(await server.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('when a solved token is used twice, then the second use is rejected (no replay)', async () => {
    const user = await createCustomer(server.database.db);
    const token = await solveCaptcha(server.url);
    expect((await signIn(new TestClient(server.url), user.email, token)).status).toBe(200);
    const replay = await signIn(new TestClient(server.url), user.email, token);
    expect(replay.status).toBe(422);
    expect(replay.body.errors[FIELD]).toEqual(['reCAPTCHA verification failed. Please try again.']);
  });

  it('when the solution is wrong or the challenge tampered with, then verification fails', async () => {
    const user = await createCustomer(server.database.db);
    const payload = JSON.parse(Buffer.from(await solveCaptcha(server.url), 'base64').toString());
    const wrong = { ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1, derivedKey: 'ab'.repeat(32) } };
    const tampered = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 2 } } };
    for (const bad of [wrong, tampered, 'not-base64-json']) {
      const token = typeof bad === 'string' ? bad : Buffer.from(JSON.stringify(bad)).toString('base64');
      const res = await signIn(new TestClient(server.url), user.email, token);
      expect(res.status).toBe(422);
      expect(res.body.errors[FIELD]).toEqual(['reCAPTCHA verification failed. Please try again.']);
    }
  });

  it('when the challenge has expired, then the expired text', async () => {
    const user = await createCustomer(server.database.db);
    const token = await solveCaptcha(server.url);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      const res = await signIn(new TestClient(server.url), user.email, token);
      expect(res.status).toBe(422);
      expect(res.body.errors[FIELD]).toEqual(['reCAPTCHA verification expired. Please complete it again.']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('replay stores', () => {
  it('when an id is claimed twice in memory, then only the first claim wins; the map stays capped', async () => {
    const store = createMemoryReplayStore(3);
    expect(await store.claim('a', 60)).toBe(true);
    expect(await store.claim('a', 60)).toBe(false);
    for (const id of ['b', 'c', 'd', 'e']) expect(await store.claim(id, 60)).toBe(true);
    expect(await store.claim('e', 60)).toBe(false);
  });

  it('when a claimed challenge has expired in memory, then its id is forgotten (its own expiry already refuses it)', async () => {
    vi.useFakeTimers();
    try {
      const store = createMemoryReplayStore(10);
      expect(await store.claim('a', 2)).toBe(true);
      vi.advanceTimersByTime(1000);
      expect(await store.claim('a', 2)).toBe(false);
      vi.advanceTimersByTime(1500);
      expect(await store.claim('a', 2)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when two processes share Redis, then an id claimed by one is refused to the other', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const a = new Redis(url, { protocol: 2 });
    const b = new Redis(url, { protocol: 2 });
    try {
      const id = `test-${Date.now()}-${Math.random()}`;
      expect(await createRedisReplayStore(a).claim(id, 5)).toBe(true);
      expect(await createRedisReplayStore(b).claim(id, 5)).toBe(false);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});

describe('reCAPTCHA v2 (siteverify stubbed, nothing else)', () => {
  let stub: http.Server;
  let stubUrl: string;
  const received: URLSearchParams[] = [];
  beforeAll(async () => {
    stub = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const response = form.get('response');
        const answer =
          response === 'good-token'
            ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
            : response === 'old-token'
              ? { success: false, 'error-codes': ['timeout-or-duplicate'] }
              : { success: false, 'error-codes': ['invalid-input-response'] };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(() => new Promise<void>((r) => stub.close(() => r())));

  const verifier = () =>
    createCaptchaVerifier(loadConfig({ RECAPTCHA_SITE_KEY: 'site-key-1', RECAPTCHA_SECRET: 'secret-1', RECAPTCHA_VERIFY_URL: stubUrl }), {
      fallbackSecret: 'x'.repeat(32),
    });

  it('when both keys are set, then reCAPTCHA is the provider and the client gets the site key', () => {
    const v = verifier();
    expect(v.provider).toBe('recaptcha');
    expect(v.publicConfig()).toEqual({ provider: 'recaptcha', siteKey: 'site-key-1' });
  });

  it('when Google accepts the token, then verify resolves, having posted secret, response and remoteip', async () => {
    await expect(verifier().verify('good-token', '10.0.0.7')).resolves.toBeUndefined();
    const last = received.at(-1);
    expect(Object.fromEntries(last ?? [])).toEqual({ secret: 'secret-1', response: 'good-token', remoteip: '10.0.0.7' });
  });

  it('when Google rejects or reports a duplicate, then 422 with the failed or expired text', async () => {
    await expect(verifier().verify('bad-token')).rejects.toMatchObject({
      status: 422,
      errors: { [FIELD]: ['reCAPTCHA verification failed. Please try again.'] },
    });
    await expect(verifier().verify('old-token')).rejects.toMatchObject({
      status: 422,
      errors: { [FIELD]: ['reCAPTCHA verification expired. Please complete it again.'] },
    });
  });

  it('when siteverify is unreachable, then verification fails closed', async () => {
    const v = createCaptchaVerifier(loadConfig({ RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET: 's', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' }), {
      fallbackSecret: 'x'.repeat(32),
    });
    await expect(v.verify('good-token')).rejects.toMatchObject({ status: 422 });
  });

  it('when CAPTCHA_PROVIDER=off, then no token is needed; when recaptcha lacks keys, then configuration fails', async () => {
    await expect(createCaptchaVerifier(loadConfig({ CAPTCHA_PROVIDER: 'off' }), { fallbackSecret: 'x'.repeat(32) }).verify(undefined)).resolves.toBeUndefined();
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/RECAPTCHA_SITE_KEY/);
  });
});

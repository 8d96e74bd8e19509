import { afterAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../helpers/captcha.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

/** Three failed sign-ins from one forwarded visitor, then one from another; answers the statuses. */
async function attempts(trustProxy: string): Promise<number[]> {
  const server = await startTestServer({ env: { TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
  servers.push(server);
  const attempt = async (ip: string) =>
    (
      await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: 'nobody@example.mw', password: 'x', 'g-recaptcha-response': await solveCaptcha(server.url) }),
      })
    ).status;
  return [await attempt('198.51.100.7'), await attempt('198.51.100.7'), await attempt('198.51.100.7'), await attempt('203.0.113.9')];
}

describe('behind a proxy (TRUST_PROXY)', () => {
  it('when the proxy in front is trusted, then the sign-in rate limit counts each visitor', async () => {
    expect(await attempts('1')).toEqual([401, 401, 429, 401]);
  });

  it('when the address forwarding is not a trusted proxy, then X-Forwarded-For is ignored and everyone behind it shares one limit', async () => {
    expect(await attempts('192.0.2.1')).toEqual([401, 401, 429, 429]);
  });
});

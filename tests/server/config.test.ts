import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';

describe('configuration read once from the environment', () => {
  it('when nothing is set, then the embedded defaults apply', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED: 'auto' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('when values are bad, then start-up stops with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//);
      expect(message).toMatch(/REDIS_URL: must start with redis:\/\/ or rediss:\/\//);
    }
  });

  it('when PostgreSQL and Redis are given, then they are used', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379', PORT: '0' });
    expect(c).toMatchObject({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379', PORT: 0 });
  });

  it('when production has no DPO Pay settings, then start-up stops (the payment simulator would let anyone mark an order paid), unless DPO_SIMULATOR=on says it is a demo', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DPO_API_URL: no payment provider/);
    expect(loadConfig({ NODE_ENV: 'production', DPO_SIMULATOR: 'on' }).DPO_SIMULATOR).toBe('on');
    expect(
      loadConfig({ NODE_ENV: 'production', DPO_API_URL: 'https://secure.3gdirectpay.com/API/v6/', DPO_COMPANY_TOKEN: 't', DPO_SERVICE_TYPE: '1' }).DPO_API_URL,
    ).toBeDefined();
    expect(() => loadConfig({ DPO_SIMULATOR: 'off' })).toThrow(ConfigError);
    expect(loadConfig({}).DPO_SIMULATOR).toBeUndefined();
  });
});

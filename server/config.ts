import path from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const boolFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Environment variables Gavel reads, with defaults. Checked once at start-up. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    /** Redis pub/sub channel of domain events; processes of one deployment share it. */
    BUS_CHANNEL: z.string().min(1).default('gavel:events'),
    APP_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(2),
    REMEMBER_TTL_DAYS: z.coerce.number().positive().default(30),
    API_TOKEN_TTL_DAYS: z.coerce.number().positive().default(30),
    CSRF_SECRET: z.string().min(16).optional(),
    COOKIE_SECURE: boolFlag,
    /**
     * Which proxies' X-Forwarded-For to believe (Express "trust proxy"): `loopback` (default),
     * a number of hops, or addresses/subnets separated by commas. Behind nginx set it so the
     * client's address (rate limits, logs) is the visitor's, not nginx's.
     */
    TRUST_PROXY: z.string().trim().min(1).default('loopback'),
    SEED: z.enum(['auto', 'never']).default('auto'),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** BullMQ key prefix (with `REDIS_URL`); deployments (and test runs) sharing a Redis differ by it. */
    QUEUE_PREFIX: z
      .string()
      .min(1)
      .regex(/^[^:]+$/, 'must not contain ":"')
      .default('gavel'),
    /** Seconds between runs of the safety-net sweep (BullMQ job scheduler) that closes auctions and releases reservations whose job was lost. */
    JOB_SWEEP_SECONDS: z.coerce.number().positive().default(15),
    /** Jobs one worker process runs at once, per queue. */
    /** Milliseconds between passes of the event relay (publishes events a crash left unpublished). */
    EVENT_RELAY_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
    /** An unpublished event younger than this is left to the process that committed it. */
    EVENT_RELAY_GRACE_MS: z.coerce.number().int().min(0).default(5000),
    /**
     * Test hook (honoured only with NODE_ENV=test): the process kills itself (SIGKILL) right after
     * committing an event of this type, before publishing it, to prove the relay delivers it.
     */
    TEST_CRASH_AFTER_COMMIT: z.string().min(1).optional(),
    /** Milliseconds a SIGTERMed server waits for the requests in hand before closing every connection. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    WORKER_CONCURRENCY: z.coerce.number().int().positive().default(5),
    /** BullMQ job lock in ms: a worker that dies mid-job has its job retried about this long after (also the stalled-check period). */
    WORKER_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
    /** Port of the worker process's own `/metrics` (job durations, process metrics); unset: none. */
    WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** DPO Pay API v6 endpoint; unset: the local simulator mounted at /dpo-simulator (providers/dpo-pay.md). */
    DPO_API_URL: optionalUrl(['https', 'http']),
    /** DPO Pay payment page (`…/payv2.php`); unset: the simulator's page. */
    DPO_PAY_URL: optionalUrl(['https', 'http']),
    DPO_COMPANY_TOKEN: z.string().trim().min(1).optional(),
    DPO_SERVICE_TYPE: z.string().trim().min(1).optional(),
    /**
     * `on`: the local DPO Pay simulator takes payments although NODE_ENV is production (a demo
     * without real payments). Outside production the simulator is used whenever DPO_API_URL is unset.
     */
    DPO_SIMULATOR: z.enum(['on', 'off']).optional(),
    /** Failed sign-ins (and registrations) allowed per email address in the window below. */
    AUTH_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
    AUTH_ACCOUNT_RATE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    /** Human verification (server/captcha): default altcha, or recaptcha when its keys are set. */
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'off']).optional(),
    /** ALTCHA challenge signing secret; derived from the anti-forgery secret when unset. */
    ALTCHA_HMAC_SECRET: z.string().min(16).optional(),
    /** PBKDF2 iterations per proof-of-work attempt (tests set 1). */
    ALTCHA_COST: z.coerce.number().int().positive().default(200),
    /** The secret counter is drawn from [ALTCHA_COUNTER_MAX/2, ALTCHA_COUNTER_MAX]: attempts a solver needs. */
    ALTCHA_COUNTER_MAX: z.coerce.number().int().min(2).max(1_000_000).default(5000),
    ALTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(30).default(600),
    RECAPTCHA_SITE_KEY: z.string().trim().min(1).optional(),
    RECAPTCHA_SECRET: z.string().trim().min(1).optional(),
    RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  })
  .refine((c) => c.DPO_API_URL || (c.NODE_ENV !== 'production' ? c.DPO_SIMULATOR !== 'off' : c.DPO_SIMULATOR === 'on'), {
    message:
      'no payment provider: set DPO_API_URL, DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE (real DPO Pay), or DPO_SIMULATOR=on for a demo whose payments go to the built-in simulator (anyone can mark an order paid there)',
    path: ['DPO_API_URL'],
  })
  .refine((c) => c.CAPTCHA_PROVIDER !== 'recaptcha' || (c.RECAPTCHA_SITE_KEY && c.RECAPTCHA_SECRET), {
    message: 'CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET',
    path: ['CAPTCHA_PROVIDER'],
  });

/** Checked configuration. Paths are absolute. */
export type Config = z.infer<typeof configSchema> & { dataDir: string };

/** Thrown when the environment holds a bad value; the message names each variable. */
export class ConfigError extends Error {}

/**
 * Reads and checks the environment once (no I/O beyond `env`).
 * @throws ConfigError naming every bad variable, e.g. `PORT: Invalid input: expected number`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

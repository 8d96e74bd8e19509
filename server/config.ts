import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { OPEN_ORDERS_PER_BUYER } from '@shared/schemas/checkout.schema.js';
import { LISTING_PAGE_CACHE_MS } from './items/listing-page-cache.js';
import { SOCKET_WRITE_WINDOW_MS } from './realtime/write-coalescing.js';

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
    /**
     * Other origins the app's pages are served from (comma-separated, e.g. `https://gavel.mw,https://www.gavel.mw`);
     * with APP_URL's and the request's own host, the only ones sockets and cart links accept.
     */
    ALLOWED_ORIGINS: z.string().trim().optional(),
    /**
     * Mail server for notifications (`smtp://user:pass@host:587`, `smtps://…`). Unset (the embedded
     * default): mails are kept in the outbox operators read at /admin/outbox (issue 16).
     */
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    /**
     * SMS provider with Africa's Talking's messaging API (`POST {url}` form `username, to, message[, from]`,
     * header `apiKey`), e.g. `https://api.africastalking.com/version1/messaging`. Unset (the embedded
     * default): text messages are kept in the outbox at /admin/outbox (issue 16).
     */
    SMS_PROVIDER_URL: optionalUrl(['http', 'https']),
    SMS_USERNAME: z.string().trim().min(1).optional(),
    SMS_API_KEY: z.string().trim().min(1).optional(),
    /** Registered sender id or short code (optional; the provider's default otherwise). */
    SMS_SENDER_ID: z.string().trim().min(1).optional(),
    /**
     * VAPID keys of web push (base64url). Unset: a pair is generated into `DATA_DIR/vapid.json` on
     * first start; a scale-out deployment sets them so servers and workers share one pair.
     */
    VAPID_PUBLIC_KEY: z.string().trim().min(40).optional(),
    VAPID_PRIVATE_KEY: z.string().trim().min(20).optional(),
    /** Who push services may contact about our pushes (`mailto:` or `https:`). */
    VAPID_SUBJECT: z.string().trim().default('mailto:info@gavel.mw'),
    /** Sender of notification mails. */
    MAIL_FROM: z.string().trim().min(3).default('Gavel Auctions <no-reply@gavel.mw>'),
    /**
     * Milliseconds between notification runs (produce from the event log, then deliver) in the
     * embedded default and in each worker; 0 turns the embedded server's schedule off (tests run it
     * by hand), while a worker, whose job it is, runs at least every 250 ms.
     */
    NOTIFY_INTERVAL_MS: z.coerce.number().int().min(0).default(500),
    /**
     * A busy WebSocket's write window, ms: room events for a socket written to less than this long
     * ago leave together at the window's end, in one write (0: every event written at once).
     */
    SOCKET_WRITE_WINDOW_MS: z.coerce.number().int().min(0).max(1000).default(SOCKET_WRITE_WINDOW_MS),
    /**
     * How long a first page of the listing (any search or filter) is answered from memory, ms
     * (0: every request read from the database). Issue 21.
     */
    LISTING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(LISTING_PAGE_CACHE_MS),
    /** How old a bid or event must be before notifications read it (a transaction still committing is not passed over). */
    NOTIFY_GRACE_MS: z.coerce.number().int().min(0).default(1000),
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
    /** Bids one bidder may send per second, per server process (0: no limit), and the burst above it (default twice the rate). */
    BID_RATE_PER_SECOND: z.coerce.number().min(0).default(20),
    BID_RATE_BURST: z.coerce.number().min(1).optional(),
    /** Checkouts (orders placed or attempted) per caller (signed-in user, else source address) per 15 minutes. */
    CHECKOUT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    /** Open (unpaid) orders one account or phone may hold at once; a further checkout is refused (429). */
    OPEN_ORDERS_PER_BUYER: z.coerce.number().int().positive().default(OPEN_ORDERS_PER_BUYER),
    /** Open (unpaid) orders placed from one source address at once (higher: many buyers share an address behind carrier NAT). */
    OPEN_ORDERS_PER_ADDRESS: z.coerce.number().int().positive().default(10),
    /** Requests per source address per hour to the newsletter sign-up and to live-auction registration. */
    FORM_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** BullMQ key prefix (with `REDIS_URL`); deployments (and test runs) sharing a Redis differ by it. */
    QUEUE_PREFIX: z
      .string()
      .min(1)
      .regex(/^[^:]+$/, 'must not contain ":"')
      .default('gavel'),
    /** Seconds between runs of the safety-net sweep (BullMQ job scheduler) that closes auctions and releases reservations whose job was lost. */
    JOB_SWEEP_SECONDS: z.coerce.number().positive().default(15),
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
    /** Jobs one worker process runs at once, per queue. */
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
    /**
     * Failed sign-ins (and registrations) per email address AND source address answered at once in
     * the window below; each further one from that pair waits longer (AUTH_FAILURE_DELAY_MS doubled
     * per failure, at most AUTH_FAILURE_MAX_DELAY_MS). Nobody is locked out.
     */
    AUTH_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
    AUTH_ACCOUNT_RATE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    AUTH_FAILURE_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    AUTH_FAILURE_MAX_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
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
  })
  .refine((c) => !c.SMS_PROVIDER_URL || (c.SMS_USERNAME && c.SMS_API_KEY), {
    message: 'SMS_PROVIDER_URL needs SMS_USERNAME and SMS_API_KEY',
    path: ['SMS_PROVIDER_URL'],
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

/**
 * The app's master secret (it signs anti-forgery tokens; unsubscribe links use a key derived
 * from it): `CSRF_SECRET`, else one kept in `DATA_DIR` (created once), so tokens survive a
 * restart. Servers and workers of one deployment must share it (set `CSRF_SECRET`).
 */
export function masterSecret(config: Config): string {
  if (config.CSRF_SECRET) return config.CSRF_SECRET;
  const file = path.join(config.dataDir, 'csrf-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The SMS provider's settings from `SMS_PROVIDER_URL`, `SMS_USERNAME`, `SMS_API_KEY`, `SMS_SENDER_ID`; null without a provider (the outbox). */
export function smsSettingsOf(config: Config): { url: string; username: string; apiKey: string; senderId?: string } | null {
  if (!config.SMS_PROVIDER_URL || !config.SMS_USERNAME || !config.SMS_API_KEY) return null;
  return { url: config.SMS_PROVIDER_URL, username: config.SMS_USERNAME, apiKey: config.SMS_API_KEY, senderId: config.SMS_SENDER_ID };
}

/**
 * The VAPID key pair of web push: `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, else one kept in
 * `DATA_DIR/vapid.json` (made once with `generate`), so subscriptions survive a restart.
 */
export function vapidKeysOf(config: Config, generate: () => { publicKey: string; privateKey: string }): { publicKey: string; privateKey: string } {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const file = path.join(config.dataDir, 'vapid.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  fs.mkdirSync(config.dataDir, { recursive: true });
  const keys = generate();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

import fs from 'node:fs';
import path from 'node:path';
import type { RequestListener } from 'node:http';
import express from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Queue } from 'bullmq';
import { createQueuesBoardRouter } from './admin/queues-board.router.js';
import { createAuditRouter } from './audit/audit.router.js';
import { authenticate, createCsrf } from './auth/auth.middleware.js';
import { createAuthRouter } from './auth/auth.router.js';
import { TokenCache } from './auth/token-cache.js';
import { BidSequencer } from './bids/bid-sequencer.js';
import { withBidLane } from './bids/bid-lane.js';
import { createBidsRouter } from './bids/bids.router.js';
import { createDashboardRouter } from './dashboard/dashboard.router.js';
import { createCartRouter } from './cart/cart.router.js';
import { createCaptchaRouter } from './captcha/captcha.router.js';
import { createCaptchaVerifier } from './captcha/captcha.verifier.js';
import type { Config } from './config.js';
import type { Database } from './db/types.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { withRetryAfter } from './http/retry-after.js';
import { createItemsRouter } from './items/items.router.js';
import type { JobScheduler } from './jobs/job-scheduler.js';
import type { Metrics } from './metrics/metrics.js';
import { createOpsRouter } from './ops/ops.router.js';
import { createDpoSetup, type DpoSetup } from './dpo/dpo-setup.js';
import { createCheckoutRouter } from './orders/checkout.router.js';
import { createAdminOrdersRouter } from './orders/orders-admin.router.js';
import { createPaymentsRouter } from './payments/payments.router.js';
import { createNewsletterRouter } from './newsletter/newsletter.router.js';
import { createProfileRouter } from './profile/profile.router.js';
import type { CommandRunner } from './events/command-runner.js';
import type { EventBus } from './realtime/bus.js';
import { createAdvertsRouter } from './adverts/adverts.router.js';
import { createSubscriptionsRouter } from './subscriptions/subscriptions.router.js';
import { createWatchlistRouter } from './watchlist/watchlist.router.js';

/** What the Express app is built from (composition root: server/server.ts). */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  bus: EventBus;
  /** Runs every state change (server/events/command-runner.ts). */
  runner: CommandRunner;
  logger: Logger;
  /** Folder of the built client (index.html); absent in API-only tests. */
  clientDir?: string;
  csrfSecret: string;
  /** Background jobs (BullMQ or in-process); absent: nothing is scheduled. */
  jobs?: JobScheduler;
  /** This process's Prometheus metrics; absent: no `/metrics`. */
  metrics?: Metrics;
  /** BullMQ queues for `/admin/queues`; null or absent: embedded mode (503 there). */
  queues?: Queue[] | null;
  /** Shared Redis (with `REDIS_URL`): checked by `/readyz`, captcha replay store, auth rate-limit counters; absent: embedded mode. */
  redis?: Redis;
  /** DPO Pay client (and simulator); built from config (simulator on this PORT) when absent. */
  dpo?: DpoSetup;
}

const API_PREFIXES = ['/api/', '/ajax-', '/sanctum/', '/socket.io', '/uploads/', '/session/'];

/**
 * Builds the HTTP request listener (no listen): the bearer bid lane ({@link withBidLane}) in
 * front of the Express app (security headers, logging, sessions, CSRF, routes, client), both
 * inside {@link withRetryAfter} (every 503, a database outage included, says when to retry).
 */
export function createApp(deps: AppDeps): RequestListener {
  const { config, db } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', /^\d+$/.test(config.TRUST_PROXY) ? Number(config.TRUST_PROXY) : config.TRUST_PROXY.split(',').map((v) => v.trim()));
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Google's reCAPTCHA v2 when it is the configured provider (server/captcha).
        'script-src': ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'frame-src': ["'self'", 'https://www.google.com', 'https://maps.google.com'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.COOKIE_SECURE,
  });
  app.use(securityHeaders);
  const tokenCache = new TokenCache();
  const authenticateCaller = authenticate(
    db,
    { sessionMs: config.SESSION_TTL_HOURS * 3600_000, rememberMs: config.REMEMBER_TTL_DAYS * 86_400_000 },
    tokenCache,
  );
  const sequencer = new BidSequencer({ runner: deps.runner, logger: deps.logger });
  app.use(
    pinoHttp({
      logger: deps.logger,
      autoLogging: { ignore: (req) => !API_PREFIXES.some((p) => req.url?.startsWith(p)) || req.url?.startsWith('/uploads/') === true },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
    }),
  );
  app.use(cookieParser());
  app.use(express.json({ limit: '100kb' }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));

  const uploadsDir = path.join(config.dataDir, 'uploads');
  app.use('/uploads', express.static(uploadsDir, { maxAge: '7d', fallthrough: false }));

  const dpo = deps.dpo ?? createDpoSetup(config, () => `http://127.0.0.1:${config.PORT}`);
  // The simulator stands in for DPO's own site and server-to-server API: no session, no CSRF.
  if (dpo.simulator) app.use(dpo.simulator.router());

  const csrf = createCsrf({ secret: deps.csrfSecret, secure: config.COOKIE_SECURE });
  app.use(authenticateCaller);
  app.use(csrf.protect);

  // Human verification for every form that needs it (register, sign-in, bid registration,
  // success-page sign-up): `await captcha.verify(req.body['g-recaptcha-response'], req.ip)`.
  const captcha = createCaptchaVerifier(config, { fallbackSecret: deps.csrfSecret, redis: deps.redis, logger: deps.logger });
  app.use(createCaptchaRouter({ captcha }));

  app.use(
    createAuthRouter({
      tokenCache,
      db,
      runner: deps.runner,
      csrf,
      secureCookies: config.COOKIE_SECURE,
      sessionTtlMs: config.SESSION_TTL_HOURS * 3600_000,
      rememberTtlMs: config.REMEMBER_TTL_DAYS * 86_400_000,
      apiTokenTtlMs: config.API_TOKEN_TTL_DAYS * 86_400_000,
      rateLimit: {
        perIpPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
        perAccount: config.AUTH_ACCOUNT_RATE_LIMIT,
        accountWindowMs: config.AUTH_ACCOUNT_RATE_WINDOW_MINUTES * 60_000,
        redis: deps.redis,
      },
      captcha,
    }),
  );
  app.use(createItemsRouter({ db }));
  app.use(createBidsRouter({ sequencer, metrics: deps.metrics }));
  app.use(createSubscriptionsRouter({ db, runner: deps.runner, captcha: (token, ip) => captcha.verify(token, ip) }));
  app.use(createAdvertsRouter({ db, runner: deps.runner, uploadsDir }));
  app.use(createWatchlistRouter({ db, runner: deps.runner }));
  app.use(createDashboardRouter({ db }));
  app.use(createCartRouter({ db, runner: deps.runner, secureCookies: config.COOKIE_SECURE }));
  app.use(createCheckoutRouter({ db, runner: deps.runner, dpo: dpo.client, logger: deps.logger, secureCookies: config.COOKIE_SECURE, appUrl: config.APP_URL }));
  app.use(createAdminOrdersRouter({ db, runner: deps.runner }));
  app.use(createPaymentsRouter({ db, runner: deps.runner, dpo: dpo.client, logger: deps.logger, secureCookies: config.COOKIE_SECURE }));
  app.use(createProfileRouter({ db, runner: deps.runner, tokenCache }));
  app.use(createNewsletterRouter({ runner: deps.runner }));
  app.use(createAuditRouter({ db }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(createOpsRouter({ db, redis: deps.redis, metrics: deps.metrics }));
  app.use(createQueuesBoardRouter({ queues: deps.queues ?? null }));

  if (deps.clientDir && fs.existsSync(path.join(deps.clientDir, 'index.html'))) {
    const indexHtml = path.join(deps.clientDir, 'index.html');
    app.use(express.static(deps.clientDir, { index: false, maxAge: '1h' }));
    app.use((req, res, next) => {
      if (req.method !== 'GET' || API_PREFIXES.some((p) => req.path.startsWith(p))) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  }
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return withRetryAfter(withBidLane({ db, sequencer, tokenCache, securityHeaders, logger: deps.logger, metrics: deps.metrics }, app));
}

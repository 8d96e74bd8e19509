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
import { createApiDocsRouter } from './api-docs/api-docs.router.js';
import { createNotificationsRouter, createUnsubscribeRouter } from './notifications/notifications.router.js';
import { unsubscribeSecret } from './notifications/unsubscribe-token.js';
import { createPasswordResetRouter } from './auth/password-reset.router.js';
import type { MailSender } from './notifications/notification-delivery.js';
import { createAuditRouter } from './audit/audit.router.js';
import { authenticate, createCsrf } from './auth/auth.middleware.js';
import { createAuthRouter } from './auth/auth.router.js';
import { TokenCache } from './auth/token-cache.js';
import { BidSequencer } from './bids/bid-sequencer.js';
import { withBidLane } from './bids/bid-lane.js';
import { BidRateLimiter } from './bids/bid-rate-limit.js';
import { rejectNulCharacters } from './http/request-guards.js';
import { clientAssets, compressAnswers, hashedAssets } from './http/compressed-assets.js';
import { trimJsonAnswerHeaders } from './http/answer-headers.js';
import { isClientRoute } from '@shared/client-routes.js';
import { firstReadPage } from '@shared/page-first-reads.js';
import { DATA_SAVER_COOKIE, dataSaverOn } from '@shared/rules/data-saver.js';
import { allowedOriginsOf } from './http/cross-site.js';
import { createBiddingAdminRouter } from './bids/bidding-admin.router.js';
import { createBidsRouter } from './bids/bids.router.js';
import { createDashboardRouter } from './dashboard/dashboard.router.js';
import { createCartRouter } from './cart/cart.router.js';
import { createCaptchaRouter } from './captcha/captcha.router.js';
import { createCaptchaVerifier } from './captcha/captcha.verifier.js';
import type { Config } from './config.js';
import type { Database } from './db/types.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { withRequestContext, type TrustProxyFn } from './http/request-context.js';
import { withRetryAfter } from './http/retry-after.js';
import { createItemsRouter } from './items/items.router.js';
import type { JobScheduler } from './jobs/job-scheduler.js';
import type { Metrics } from './metrics/metrics.js';
import { createOpsRouter } from './ops/ops.router.js';
import { createDpoSetup, type DpoSetup } from './dpo/dpo-setup.js';
import { createCheckoutRouter } from './orders/checkout.router.js';
import { createAdminOrdersRouter } from './orders/orders-admin.router.js';
import { createWonOrdersRouter } from './orders/won-orders.router.js';
import { createPaymentsRouter } from './payments/payments.router.js';
import { createNewsletterRouter } from './newsletter/newsletter.router.js';
import { createProfileRouter } from './profile/profile.router.js';
import type { CommandRunner } from './events/command-runner.js';
import type { EventBus } from './realtime/bus.js';
import type { CredentialSockets } from './realtime/credential-sockets.js';
import { createAdvertsRouter } from './adverts/adverts.router.js';
import { createBiddersRouter } from './bidders/bidders.router.js';
import { createOverviewRouter } from './overview/overview.router.js';
import { createPagesRouter } from './pages/pages.router.js';
import { createCatalogueRouter } from './catalogue/catalogue.router.js';
import { createLotsRouter } from './lots/lots.router.js';
import { createSalesRouter } from './sales/sales.router.js';
import { createLiveRouter } from './live/live.router.js';
import { createFirstScreens } from './http/first-screen.js';
import { createPageHtml } from './http/page-preloads.js';
import { createSettingsRouter } from './settings/settings.router.js';
import { createSubscriptionsRouter } from './subscriptions/subscriptions.router.js';
import { createSavedSearchesRouter } from './saved-searches/saved-searches.router.js';
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
  /** How account mails (password reset) go out: SMTP or the outbox (default: the outbox). */
  mail?: MailSender;
  /** The app's public address for links in mails (default APP_URL, else this host and PORT). */
  appUrl?: () => string;
  /** The public VAPID key browsers subscribe to web push with (absent: push is off). */
  pushPublicKey?: string;
  /** Background jobs (BullMQ or in-process); absent: nothing is scheduled. */
  jobs?: JobScheduler;
  /** This process's Prometheus metrics; absent: no `/metrics`. */
  metrics?: Metrics;
  /** BullMQ queues for `/admin/queues`; null or absent: embedded mode (503 there). */
  queues?: Queue[] | null;
  /** Shared Redis (with `REDIS_URL`): checked by `/readyz`, captcha replay store, auth rate-limit counters; absent: embedded mode. */
  redis?: Redis;
  /** Disconnects the sockets of a signed-out session or token (attached to Socket.IO after the app is built). */
  credentialSockets?: CredentialSockets;
  /** DPO Pay client (and simulator); built from config (simulator on this PORT) when absent. */
  dpo?: DpoSetup;
}

const API_PREFIXES = ['/api/', '/ajax-', '/sanctum/', '/socket.io', '/uploads/', '/session/'];

/** The request listener {@link createApp} builds, with the Express app inside it (its router stack lists every route). */
export type GavelRequestListener = RequestListener & { expressApp: express.Express };

/**
 * Builds the HTTP request listener (no listen): the bearer bid lane ({@link withBidLane}) in
 * front of the Express app (security headers, logging, sessions, CSRF, routes, client), both
 * inside {@link withRetryAfter} (every 503, a database outage included, says when to retry), and
 * outermost {@link withRequestContext} (`X-Request-Id`, `http_request_duration_seconds`).
 */
export function createApp(deps: AppDeps): GavelRequestListener {
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
        // A live sale's webcast (issue 15): an HLS stream from the operator's streaming host (any
        // https host; fetched by hls.js, played from blob: URLs), or a provider's embedded player.
        'connect-src': ["'self'", 'ws:', 'wss:', 'https:'],
        'media-src': ["'self'", 'https:', 'blob:'],
        'frame-src': [
          "'self'",
          'https://www.google.com',
          'https://maps.google.com',
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
          'https://www.facebook.com',
        ],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.COOKIE_SECURE,
  });
  // The built client's hashed files need none of the page's security headers (hashedAssets).
  const clientDir = deps.clientDir && fs.existsSync(path.join(deps.clientDir, 'index.html')) ? deps.clientDir : undefined;
  if (clientDir) app.use('/assets', hashedAssets(clientDir));
  app.use(securityHeaders);
  // JSON answers go without the document-only ones (answer-headers.ts).
  app.use(trimJsonAnswerHeaders);
  app.use(compressAnswers);
  const tokenCache = new TokenCache();
  const authenticateCaller = authenticate(
    db,
    { sessionMs: config.SESSION_TTL_HOURS * 3600_000, rememberMs: config.REMEMBER_TTL_DAYS * 86_400_000 },
    tokenCache,
  );
  const sequencer = new BidSequencer({ runner: deps.runner, logger: deps.logger });
  const bidRateLimiter = new BidRateLimiter(config.BID_RATE_PER_SECOND, config.BID_RATE_BURST);
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
  app.use(rejectNulCharacters);

  const uploadsDir = path.join(config.dataDir, 'uploads');
  app.use('/uploads', express.static(uploadsDir, { maxAge: '7d', fallthrough: false }));

  const dpo = deps.dpo ?? createDpoSetup(config, () => `http://127.0.0.1:${config.PORT}`);
  // The simulator stands in for DPO's own site and server-to-server API: no session, no CSRF.
  if (dpo.simulator) app.use(dpo.simulator.router());

  // Sign-in, registration and password reset share their limits' settings (each route family its own counters).
  const authRateLimit = {
    perIpPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    perAccount: config.AUTH_ACCOUNT_RATE_LIMIT,
    accountWindowMs: config.AUTH_ACCOUNT_RATE_WINDOW_MINUTES * 60_000,
    failureDelayMs: config.AUTH_FAILURE_DELAY_MS,
    maxFailureDelayMs: config.AUTH_FAILURE_MAX_DELAY_MS,
    redis: deps.redis,
    keyPrefix: config.QUEUE_PREFIX,
  };
  const csrf = createCsrf({ secret: deps.csrfSecret, secure: config.COOKIE_SECURE });
  app.use(authenticateCaller);
  // Notification mails' unsubscribe link: the signed token is the proof, mail clients post without a form token.
  app.use(createUnsubscribeRouter({ runner: deps.runner, secret: unsubscribeSecret(deps.csrfSecret) }));
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
      rateLimit: authRateLimit,
      captcha,
      endSockets: (credential) => deps.credentialSockets?.disconnect(credential),
    }),
  );
  app.use(
    createPasswordResetRouter({
      db,
      runner: deps.runner,
      logger: deps.logger,
      mail: deps.mail ?? { kind: 'outbox' },
      appUrl: deps.appUrl ?? (() => config.APP_URL ?? `http://127.0.0.1:${config.PORT}`),
      rateLimit: authRateLimit,
      tokenCache,
    }),
  );
  app.use(createItemsRouter({ db, bus: deps.bus, pageCacheMs: config.LISTING_CACHE_MS }));
  app.use(createBidsRouter({ sequencer, metrics: deps.metrics, rateLimiter: bidRateLimiter }));
  app.use(createBiddingAdminRouter({ db, runner: deps.runner }));
  app.use(
    createSubscriptionsRouter({
      db,
      runner: deps.runner,
      captcha: (token, ip) => captcha.verify(token, ip),
      registrationsPerHour: config.FORM_RATE_LIMIT_PER_HOUR,
    }),
  );
  app.use(createAdvertsRouter({ db, runner: deps.runner, uploadsDir, logger: deps.logger }));
  app.use(createSalesRouter({ db, runner: deps.runner }));
  app.use(createLiveRouter({ db, runner: deps.runner }));
  app.use(createBiddersRouter({ db, runner: deps.runner }));
  app.use(createOverviewRouter({ db, queues: deps.queues ?? null, jobs: deps.jobs }));
  // Before the lots' routes: /api/admin/lots/export is not a lot id.
  app.use(createCatalogueRouter({ db, runner: deps.runner, uploadsDir }));
  app.use(createLotsRouter({ db, runner: deps.runner, uploadsDir, logger: deps.logger }));
  app.use(createPagesRouter({ db, runner: deps.runner }));
  app.use(createSettingsRouter({ db, runner: deps.runner }));
  app.use(createWatchlistRouter({ db, runner: deps.runner }));
  app.use(createSavedSearchesRouter({ db, runner: deps.runner }));
  app.use(createDashboardRouter({ db }));
  app.use(createCartRouter({ db, runner: deps.runner, secureCookies: config.COOKIE_SECURE, allowedOrigins: allowedOriginsOf(config) }));
  app.use(
    createCheckoutRouter({
      db,
      runner: deps.runner,
      dpo: dpo.client,
      logger: deps.logger,
      secureCookies: config.COOKIE_SECURE,
      appUrl: config.APP_URL,
      captcha: (token, ip) => captcha.verify(token, ip),
      checkoutsPer15Minutes: config.CHECKOUT_RATE_LIMIT,
      openOrderCap: { perBuyer: config.OPEN_ORDERS_PER_BUYER, perSource: config.OPEN_ORDERS_PER_ADDRESS },
    }),
  );
  app.use(createAdminOrdersRouter({ db, runner: deps.runner }));
  app.use(createWonOrdersRouter({ db, runner: deps.runner, dpo: dpo.client, logger: deps.logger, appUrl: config.APP_URL }));
  app.use(createPaymentsRouter({ db, runner: deps.runner, dpo: dpo.client, logger: deps.logger, secureCookies: config.COOKIE_SECURE }));
  app.use(
    createProfileRouter({
      db,
      runner: deps.runner,
      tokenCache,
      endOtherSockets: (userId, keep) => deps.credentialSockets?.disconnectUserExcept(userId, keep),
    }),
  );
  app.use(createNewsletterRouter({ db, runner: deps.runner, perHour: config.FORM_RATE_LIMIT_PER_HOUR }));
  app.use(createAuditRouter({ db }));
  app.use(createNotificationsRouter({ db, runner: deps.runner, pushPublicKey: deps.pushPublicKey }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(createApiDocsRouter());
  app.use(createOpsRouter({ db, redis: deps.redis, metrics: deps.metrics }));
  app.use(createQueuesBoardRouter({ queues: deps.queues ?? null }));

  if (clientDir) {
    const pageHtml = createPageHtml(clientDir);
    const firstScreens = createFirstScreens({
      db,
      ssrDir: path.join(clientDir, '..', 'dist-ssr'),
      onError: (err) => deps.logger.warn({ err }, 'first screen not drawn; the page is sent without it'),
    });
    app.use(clientAssets(clientDir));
    app.use(async (req, res, next) => {
      if (req.method !== 'GET' || API_PREFIXES.some((p) => req.path.startsWith(p))) return next();
      // The home, lot and catalogue pages come with their first screen when it is drawn in time (issue 17).
      const page = firstReadPage(req.path);
      const saveData = dataSaverOn((req.cookies as Record<string, string | undefined>)[DATA_SAVER_COOKIE], req.get('Save-Data') === 'on');
      const drawing = !page
        ? null
        : page.kind === 'home'
          ? firstScreens.home(saveData)
          : page.kind === 'item'
            ? firstScreens.item(page.id, saveData)
            : firstScreens.sale(page.id, saveData);
      const firstScreen = drawing ? await drawing : null;
      res.setHeader('Cache-Control', 'no-cache');
      // The client shows its not-found page for a path outside its routes: answer it as a 404.
      res
        .status(isClientRoute(req.path) ? 200 : 404)
        .type('html')
        .send(pageHtml(req.path, new URL(req.originalUrl, 'http://x').search, firstScreen));
    });
  }
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  const listener = withRetryAfter(
    withBidLane({ db, sequencer, tokenCache, securityHeaders, logger: deps.logger, metrics: deps.metrics, rateLimiter: bidRateLimiter }, app),
  );
  return Object.assign(withRequestContext({ trustProxy: app.get('trust proxy fn') as TrustProxyFn, metrics: deps.metrics }, listener), { expressApp: app });
}

import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { authenticate, createCsrf } from './auth/auth.middleware.js';
import { createAuthRouter } from './auth/auth.router.js';
import { createBidsRouter } from './bids/bids.router.js';
import type { Config } from './config.js';
import type { Database } from './db/types.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { createItemsRouter } from './items/items.router.js';
import type { EventBus } from './realtime/bus.js';
import { createAdvertsRouter } from './adverts/adverts.router.js';
import { createSubscriptionsRouter, type CaptchaCheck } from './subscriptions/subscriptions.router.js';

/** What the Express app is built from (composition root: server/server.ts). */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  bus: EventBus;
  logger: Logger;
  /** Folder of the built client (index.html); absent in API-only tests. */
  clientDir?: string;
  csrfSecret: string;
  /** Human verification of forms (register-bid). MERGE: replaced by issue 3's verifier. */
  captcha: CaptchaCheck;
}

const API_PREFIXES = ['/api/', '/ajax-', '/sanctum/', '/socket.io', '/uploads/', '/session/'];

/** Builds the Express app (no listen): security headers, logging, sessions, CSRF, routes, client. */
export function createApp(deps: AppDeps): Express {
  const { config, db } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'script-src': ["'self'"],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'frame-src': ["'self'", 'https://www.google.com', 'https://maps.google.com'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.COOKIE_SECURE,
    }),
  );
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

  const csrf = createCsrf({ secret: deps.csrfSecret, secure: config.COOKIE_SECURE });
  app.use(authenticate(db, { sessionMs: config.SESSION_TTL_HOURS * 3600_000, rememberMs: config.REMEMBER_TTL_DAYS * 86_400_000 }));
  app.use(csrf.protect);

  app.use(
    createAuthRouter({
      db,
      csrf,
      secureCookies: config.COOKIE_SECURE,
      sessionTtlMs: config.SESSION_TTL_HOURS * 3600_000,
      rememberTtlMs: config.REMEMBER_TTL_DAYS * 86_400_000,
      apiTokenTtlMs: config.API_TOKEN_TTL_DAYS * 86_400_000,
      authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    }),
  );
  app.use(createItemsRouter({ db }));
  app.use(createBidsRouter({ db, bus: deps.bus }));
  app.use(createSubscriptionsRouter({ db, bus: deps.bus, captcha: deps.captcha }));
  app.use(createAdvertsRouter({ db, bus: deps.bus, uploadsDir }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

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
  return app;
}

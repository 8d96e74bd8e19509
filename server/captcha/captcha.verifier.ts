import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Challenge } from 'altcha-lib';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';
import type { Config } from '../config.js';
import { AppError } from '../http/app-error.js';
import { checkAltchaPayload, createAltchaChallenge, deriveSecret, type AltchaSettings } from './altcha.service.js';
import { checkRecaptchaToken } from './recaptcha.service.js';
import { createMemoryReplayStore, createRedisReplayStore, type ReplayStore } from './replay-store.js';

/** Which human verification runs. Source: DESIGN.md "Human verification". */
export type CaptchaProvider = 'altcha' | 'recaptcha' | 'off';

/** The field every form sends the widget's token in, whatever the provider (DESIGN.md). */
export const CAPTCHA_FIELD = 'g-recaptcha-response';

/** What the client needs to render the widget (`GET /api/captcha/config`). */
export interface CaptchaPublicConfig {
  provider: CaptchaProvider;
  /** ALTCHA: where the widget fetches challenges. */
  challengeUrl?: string;
  /** reCAPTCHA: the site key. */
  siteKey?: string;
}

/**
 * The human-verification check routes call. Usage in a router:
 *
 * ```ts
 * await captcha.verify(req.body['g-recaptcha-response'], req.ip); // throws AppError 422
 * ```
 *
 * `verify` resolves when the token is valid and not used before (each token is accepted ONCE),
 * or when the provider is `off`. Otherwise it throws AppError 422
 * `{message, errors: {'g-recaptcha-response': [text]}}` with text:
 * - missing/empty token: 'Please complete the reCAPTCHA verification.'
 * - expired (ALTCHA past `expiresAt`, reCAPTCHA `timeout-or-duplicate`):
 *   'reCAPTCHA verification expired. Please complete it again.'
 * - wrong, tampered, replayed, or siteverify unreachable: 'reCAPTCHA verification failed. Please try again.'
 * Call it after validating the rest of the input (so a typo doesn't burn the token) and before
 * doing the work. Source: spec/accounts-and-shell.md §4-§5, §8.
 */
export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  verify(token: string | null | undefined, ip?: string): Promise<void>;
  /** A fresh ALTCHA challenge; throws AppError 404 when the provider is not altcha. */
  createChallenge(): Promise<Challenge>;
  publicConfig(): CaptchaPublicConfig;
}

/** What the verifier is built from: configuration, an optional Redis (replay store), a logger. */
export interface CaptchaDeps {
  /** Signs ALTCHA challenges when `ALTCHA_HMAC_SECRET` is unset (derived, never used as is). */
  fallbackSecret: string;
  redis?: Redis;
  logger?: Logger;
  /** Replaces `fetch` for siteverify (tests may pass their own). */
  fetchFn?: typeof fetch;
  /** Replaces the replay store (default: Redis when given, else a capped in-memory map). */
  replayStore?: ReplayStore;
}

/** The provider in force: `CAPTCHA_PROVIDER`, else recaptcha when both keys are set, else altcha. */
export function captchaProviderOf(config: Pick<Config, 'CAPTCHA_PROVIDER' | 'RECAPTCHA_SITE_KEY' | 'RECAPTCHA_SECRET'>): CaptchaProvider {
  if (config.CAPTCHA_PROVIDER) return config.CAPTCHA_PROVIDER;
  return config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET ? 'recaptcha' : 'altcha';
}

const fail = (text: string) => AppError.validation({ [CAPTCHA_FIELD]: [text] });

/**
 * Builds the verifier from configuration (see {@link CaptchaVerifier} for the contract).
 * Replay store: Redis (`SET NX EX`) when `deps.redis`, else a capped in-memory map.
 */
export function createCaptchaVerifier(config: Config, deps: CaptchaDeps): CaptchaVerifier {
  const provider = captchaProviderOf(config);
  const settings: AltchaSettings = {
    cost: config.ALTCHA_COST,
    counterMax: config.ALTCHA_COUNTER_MAX,
    expiresSeconds: config.ALTCHA_EXPIRES_SECONDS,
    hmacSecret: config.ALTCHA_HMAC_SECRET ?? deriveSecret(deps.fallbackSecret, 'altcha'),
  };
  const store = deps.replayStore ?? (deps.redis ? createRedisReplayStore(deps.redis) : createMemoryReplayStore());

  return {
    provider,
    async verify(token, ip) {
      if (provider === 'off') return;
      const value = typeof token === 'string' ? token.trim() : '';
      if (!value) throw fail(ACCOUNT_MESSAGES.captchaRequired);
      if (value.length > 20_000) throw fail(ACCOUNT_MESSAGES.captchaFailed);
      if (provider === 'recaptcha') {
        const result = await checkRecaptchaToken(value, {
          secret: config.RECAPTCHA_SECRET ?? '',
          verifyUrl: config.RECAPTCHA_VERIFY_URL,
          ip,
          fetchFn: deps.fetchFn,
        });
        if (result.ok) return;
        if (result.reason === 'unavailable') deps.logger?.warn('reCAPTCHA siteverify unavailable');
        throw fail(result.reason === 'expired' ? ACCOUNT_MESSAGES.captchaExpired : ACCOUNT_MESSAGES.captchaFailed);
      }
      const result = await checkAltchaPayload(value, settings);
      if (!result.ok) throw fail(result.reason === 'expired' ? ACCOUNT_MESSAGES.captchaExpired : ACCOUNT_MESSAGES.captchaFailed);
      const ttl = result.expiresAt - Math.floor(Date.now() / 1000) + 5;
      if (!(await store.claim(result.challengeId, ttl))) throw fail(ACCOUNT_MESSAGES.captchaFailed);
    },
    async createChallenge() {
      if (provider !== 'altcha') throw AppError.notFound();
      return createAltchaChallenge(settings);
    },
    publicConfig() {
      if (provider === 'altcha') return { provider, challengeUrl: '/api/captcha/challenge' };
      if (provider === 'recaptcha') return { provider, siteKey: config.RECAPTCHA_SITE_KEY };
      return { provider };
    },
  };
}

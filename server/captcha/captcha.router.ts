import { Router } from 'express';
import type { CaptchaVerifier } from './captcha.verifier.js';

/**
 * `GET /api/captcha/config` → `{provider: 'altcha'|'recaptcha'|'off', challengeUrl?, siteKey?}`;
 * `GET /api/captcha/challenge` → a signed ALTCHA PoW v2 challenge `{parameters, signature}`
 * (404 when the provider is not altcha). Both uncached. Source: DESIGN.md "Human verification".
 */
export function createCaptchaRouter(deps: { captcha: CaptchaVerifier }): Router {
  const router = Router();
  router.get('/api/captcha/config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(deps.captcha.publicConfig());
  });
  router.get('/api/captcha/challenge', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await deps.captcha.createChallenge());
  });
  return router;
}

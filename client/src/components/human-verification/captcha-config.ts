import { z } from 'zod';
import { apiGet } from '../../lib/api-client';

/** `GET /api/captcha/config`: which widget to show. Source: DESIGN.md "Human verification". */
export const captchaConfigSchema = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'off']),
  challengeUrl: z.string().optional(),
  siteKey: z.string().optional(),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;

/** Retry of the configuration call: at most 2 attempts, 2000 ms apart. Source: spec §9 "Verification". */
export const CONFIG_RETRY = { attempts: 2, delayMs: 2000 } as const;

let cached: Promise<CaptchaConfig> | null = null;

/** The verification configuration, fetched once per page (a failure is not cached). */
export function getCaptchaConfig(): Promise<CaptchaConfig> {
  cached ??= (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return captchaConfigSchema.parse(await apiGet('/api/captcha/config'));
      } catch (e) {
        if (attempt >= CONFIG_RETRY.attempts) throw e;
        await new Promise((r) => setTimeout(r, CONFIG_RETRY.delayMs));
      }
    }
  })().catch((e: unknown) => {
    cached = null;
    throw e;
  });
  return cached;
}

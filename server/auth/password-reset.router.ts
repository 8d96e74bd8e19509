import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';
import { isCommonPassword } from '@shared/rules/common-passwords.js';
import { forgotPasswordInputSchema, resetPasswordInputSchema } from '@shared/schemas/password-reset.schema.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { renderPasswordResetMail } from '../notifications/mail-templates.js';
import { sendAccountMail, type MailSender } from '../notifications/notification-delivery.js';
import { createAuthRateLimiters, type AuthRateLimitSettings } from './auth-rate-limit.js';
import { hashPassword } from './password.js';
import { requestPasswordReset, resetPassword } from './password-reset.commands.js';
import type { TokenCache } from './token-cache.js';

/** What the password reset routes run with. */
export interface PasswordResetRouterDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  logger: Logger;
  mail: MailSender;
  /** The app's public address, for the link in the mail. */
  appUrl: () => string;
  rateLimit: AuthRateLimitSettings;
  tokenCache?: TokenCache;
}

/**
 * Password reset by e-mail (issue 16 "Mail the product already promises"):
 * - `POST /api/password/forgot` `{email}` → 200 `{success, message: ACCOUNT_MESSAGES.resetLinkSent}`
 *   whether or not the address has an account (the mail goes after the answer, so its time
 *   tells nothing); 422 for a malformed address; rate limited per source address (429).
 * - `POST /api/password/reset` `{token, password, password_confirmation}` → 200 `{success,
 *   message: ACCOUNT_MESSAGES.passwordResetDone}`; the link works once, for 60 minutes; every
 *   session and API token of the account is revoked. 422 with `errors.token` for a bad link,
 *   `errors.password` for a weak or common password.
 */
export function createPasswordResetRouter(deps: PasswordResetRouterDeps): Router {
  const router = Router();
  const limiters = createAuthRateLimiters('password-reset', deps.rateLimit);

  router.post('/api/password/forgot', ...limiters, async (req, res) => {
    const input = parseInput(forgotPasswordInputSchema, req.body);
    const link = await deps.runner.run(requestPasswordReset, { type: 'guest' }, { email: input.email });
    res.json({ success: true, message: ACCOUNT_MESSAGES.resetLinkSent });
    if (!link) return;
    const base = deps.appUrl().replace(/\/$/, '');
    const mail = renderPasswordResetMail({ recipientName: link.name, url: `${base}/reset-password?token=${encodeURIComponent(link.token)}` });
    sendAccountMail(deps.db, deps.mail, { to: link.email, ...mail, headers: {} }).catch((err: unknown) =>
      deps.logger.error({ err, user_id: link.userId }, 'the password reset mail could not be sent'),
    );
  });

  router.post('/api/password/reset', ...limiters, async (req, res) => {
    const input = parseInput(resetPasswordInputSchema, req.body);
    if (isCommonPassword(input.password)) throw AppError.validation({ password: [ACCOUNT_MESSAGES.passwordTooCommon] });
    const passwordHash = await hashPassword(input.password);
    await deps.runner.run(resetPassword, { type: 'guest' }, { token: input.token, passwordHash });
    deps.tokenCache?.clear();
    res.json({ success: true, message: ACCOUNT_MESSAGES.passwordResetDone });
  });

  return router;
}

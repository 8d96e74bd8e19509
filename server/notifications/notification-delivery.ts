import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import { renderNotificationMail, renderReceiptMail } from './mail-templates.js';
import { formatMK } from '@shared/rules/money.js';
import { signUnsubscribe } from './unsubscribe-token.js';
import { SMS_LENGTH, malawiE164, toSingleSms } from '@shared/rules/sms.js';
import {
  claimDueDeliveries,
  claimDueReceipts,
  deletePushSubscriptionById,
  findPushTargets,
  findNotificationRecipient,
  findReceipt,
  keepMailInOutbox,
  keepSmsInOutbox,
  markDeliveryFailed,
  markDeliverySent,
  markReceipt,
} from './notifications.repository.js';
import type { PushSender } from './push-sender.js';
import type { SmsSender } from './sms-sender.js';

/** A mail ready to go. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * Where notification mails go: a mail server over SMTP (`SMTP_URL`, through nodemailer), or,
 * without one (the embedded default), the `message_outbox` table operators read at /admin/outbox.
 */
export type MailSender = { kind: 'smtp'; send(message: MailMessage): Promise<void>; close(): void } | { kind: 'outbox' };

/** The sender for `smtpUrl` (null: the outbox), mails from `from`. */
export function createMailSender(smtpUrl: string | undefined, from: string): MailSender {
  if (!smtpUrl) return { kind: 'outbox' };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (m) => {
      await transport.sendMail({ from, to: m.to, subject: m.subject, html: m.html, text: m.text, headers: m.headers });
    },
    close: () => transport.close(),
  };
}

/**
 * Sends one account mail (a password reset) now, outside the notification queue: over SMTP, or
 * into the outbox without a mail server. Errors are the caller's (it logs them).
 */
export async function sendAccountMail(db: Kysely<Database>, mail: MailSender, message: MailMessage): Promise<void> {
  if (mail.kind === 'outbox') await keepMailInOutbox(db, null, message);
  else await mail.send(message);
}

/** What delivering runs with. */
export interface DeliveryDeps {
  db: Kysely<Database>;
  logger: Logger;
  mail: MailSender;
  /** Where text messages go (default: the outbox). */
  sms?: SmsSender;
  /** Web push (absent: push deliveries fail as not configured). */
  push?: PushSender;
  /** The app's public address (links in mails), e.g. `https://gavel.mw`. */
  appUrl: () => string;
  /** Signs unsubscribe links. */
  secret: string;
}

/** Attempts a delivery gets before it stays `failed` (retried at 30 s, 1, 2, 4 … minutes). */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** How long a claimed delivery is held before another run may take it again (a worker that died mid-send). */
const CLAIM_MS = 120_000;

/**
 * Delivers due notification e-mails and SMS, then due payment receipts (pending, or claimed by
 * a run that died), at most `limit` of each:
 * each is claimed (`FOR UPDATE SKIP LOCKED`, so two workers never take the same one), rendered
 * and sent; into the outbox it is stored in the transaction that marks it sent (exactly once);
 * over SMTP it is marked sent after the server accepted it. A failure is retried with backoff,
 * then left `failed` with its error for operators. Source: issue 16 (idempotent per event, user
 * and channel; retried with backoff).
 * @returns how many were sent and how many failed this time.
 */
export async function deliverDueNotifications(deps: DeliveryDeps, limit = 50): Promise<{ sent: number; failed: number; errors: string[] }> {
  const out = { sent: 0, failed: 0, errors: [] as string[] };
  for (const delivery of await claimDueDeliveries(deps.db, limit, CLAIM_MS)) {
    try {
      const recipient = await findNotificationRecipient(deps.db, delivery.notificationId);
      if (delivery.channel === 'push') {
        const outcome = recipient ? await pushToDevices(deps, recipient) : { sent: false, final: true, error: 'no such notification' };
        if (outcome.sent) await markDeliverySent(deps.db, delivery.id);
        else if (outcome.final) await markDeliveryFailed(deps.db, delivery.id, { final: true, error: outcome.error, retryInSeconds: 0 });
        else throw new Error(outcome.error);
        if (outcome.sent) out.sent++;
        continue;
      }
      if (delivery.channel === 'sms') {
        const to = malawiE164(recipient?.phone);
        if (!recipient || !to) {
          await markDeliveryFailed(deps.db, delivery.id, { final: true, error: 'no valid phone number', retryInSeconds: 0 });
          continue;
        }
        const text = smsText(deps.appUrl(), recipient);
        const sms = deps.sms ?? { kind: 'outbox' };
        if (sms.kind === 'outbox') await keepSmsInOutbox(deps.db, delivery.id, { to, text });
        else {
          await sms.send(to, text);
          await markDeliverySent(deps.db, delivery.id);
        }
        out.sent++;
        continue;
      }
      const message = recipient?.email ? composeMail(deps, recipient) : null;
      if (!message) {
        await markDeliveryFailed(deps.db, delivery.id, { final: true, error: 'no e-mail address', retryInSeconds: 0 });
        continue;
      }
      if (deps.mail.kind === 'outbox') await keepMailInOutbox(deps.db, delivery.id, message);
      else {
        await deps.mail.send(message);
        await markDeliverySent(deps.db, delivery.id);
      }
      out.sent++;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const final = delivery.attempts >= MAX_DELIVERY_ATTEMPTS;
      await markDeliveryFailed(deps.db, delivery.id, { final, error, retryInSeconds: Math.min(30 * 2 ** (delivery.attempts - 1), 3600) }).catch((e: unknown) =>
        deps.logger.error({ err: e, delivery_id: delivery.id }, 'could not record a failed delivery'),
      );
      deps.logger.warn({ err, delivery_id: delivery.id, attempts: delivery.attempts, final }, 'notification e-mail failed');
      out.failed++;
      out.errors.push(error);
    }
  }
  for (const receipt of await claimDueReceipts(deps.db, limit, CLAIM_MS)) {
    try {
      const found = await findReceipt(deps.db, receipt.orderId);
      if (!found?.to) {
        await markReceipt(deps.db, receipt.orderId, { sent: false, final: true, error: 'no e-mail address', retryInSeconds: 0 });
        continue;
      }
      const base = deps.appUrl().replace(/\/$/, '');
      const mail = renderReceiptMail({
        recipientName: found.name ?? 'customer',
        reference: found.reference,
        lines: found.lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: formatMK(l.unitPrice), amount: formatMK(l.amount) })),
        total: formatMK(found.total),
        method: PAYMENT_METHOD_NAMES[found.method ?? ''] ?? 'cash',
        paymentReference: found.paymentReference,
        paidAt: (found.paidAt ?? new Date()).toLocaleString('en-GB', { timeZone: 'Africa/Blantyre', dateStyle: 'medium', timeStyle: 'short' }),
        url: `${base}/profile`,
      });
      const message = { to: found.to, ...mail, headers: {} };
      if (deps.mail.kind === 'outbox') await keepMailInOutbox(deps.db, null, message);
      else await deps.mail.send(message);
      await markReceipt(deps.db, receipt.orderId, { sent: true });
      out.sent++;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const final = receipt.attempts >= MAX_DELIVERY_ATTEMPTS;
      await markReceipt(deps.db, receipt.orderId, { sent: false, final, error, retryInSeconds: Math.min(30 * 2 ** (receipt.attempts - 1), 3600) }).catch(
        (e: unknown) => deps.logger.error({ err: e, order_id: receipt.orderId }, 'could not record a failed receipt'),
      );
      deps.logger.warn({ err, order_id: receipt.orderId, attempts: receipt.attempts, final }, 'receipt e-mail failed');
      out.failed++;
      out.errors.push(error);
    }
  }
  return out;
}

/**
 * Pushes a notification to every browser the user subscribed (title, text and the page to open).
 * A subscription the push service says is gone is deleted. Sent when one browser took it; final
 * when none is left; otherwise the error (retried).
 */
async function pushToDevices(deps: DeliveryDeps, r: Recipient): Promise<{ sent: true } | { sent: false; final: boolean; error: string }> {
  if (!deps.push) return { sent: false, final: true, error: 'web push is not configured' };
  const targets = await findPushTargets(deps.db, r.userId);
  const base = deps.appUrl().replace(/\/$/, '');
  let sent = false;
  let error: string | null = null;
  for (const target of targets) {
    const outcome = await deps.push.send(target, { title: r.title, body: r.body, url: r.link ? `${base}${r.link}` : base });
    if (outcome.ok) sent = true;
    else if (outcome.gone) await deletePushSubscriptionById(deps.db, target.id);
    else error = outcome.error;
  }
  if (sent) return { sent: true };
  if (error) return { sent: false, final: false, error };
  return { sent: false, final: true, error: 'no subscribed browser left' };
}

/** How receipts name a payment method. */
const PAYMENT_METHOD_NAMES: Record<string, string> = { dpopay: 'DPO Pay', cash: 'cash', bank: 'bank transfer', card: 'card' };

/** A notification's recipient as delivery reads it. */
type Recipient = NonNullable<Awaited<ReturnType<typeof findNotificationRecipient>>>;

/**
 * One SMS: the title and as much of the text as fits, then a short link to the lot (`/i/{id}`)
 * or the page, within 160 GSM-7 characters. Source: issue 16 "SMS".
 */
export function smsText(appUrl: string, r: Pick<Recipient, 'title' | 'body' | 'itemId' | 'link'>): string {
  const base = appUrl.replace(/\/$/, '');
  const link = r.itemId != null ? `${base}/i/${r.itemId}` : r.link ? `${base}${r.link}` : base;
  const room = SMS_LENGTH - link.length - 1;
  const text = toSingleSms(`${r.title}. ${r.body}`);
  return `${text.length <= room ? text : `${text.slice(0, room - 3).trimEnd()}...`} ${link}`;
}

/** The mail of a notification to its user. */
function composeMail(deps: DeliveryDeps, row: Recipient): MailMessage {
  const base = deps.appUrl().replace(/\/$/, '');
  const token = signUnsubscribe(deps.secret, { userId: row.userId, type: row.type });
  const unsubscribeUrl = `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  const rendered = renderNotificationMail({
    recipientName: row.name,
    title: row.title,
    body: row.body,
    url: row.link ? `${base}${row.link}` : null,
    unsubscribeUrl,
  });
  return {
    to: row.email,
    ...rendered,
    // One-click unsubscribe in mail clients (RFC 8058): they POST to the same address.
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

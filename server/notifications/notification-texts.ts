import { formatMK } from '@shared/rules/money.js';
import type { NotificationType } from '@shared/schemas/notification.schema.js';

/** What a notification says: a short title, a sentence or two, and the path it opens. */
export interface NotificationText {
  title: string;
  body: string;
  link: string | null;
}

/** Minutes before a lot's own close when its watchers and bidders are reminded, longest first. Source: issue 16. */
export const CLOSING_REMINDER_MINUTES = [30, 5] as const;

/** How long a winner has to pay, as the Terms of sale say ("within 3 working days"), for an order without a deadline of its own. */
export const PAYMENT_DEADLINE_TEXT = 'Please pay within 3 working days of the close.';

/**
 * The texts of each notification type, from the facts of its event. Amounts in MWK. They fit a
 * phone's lock screen (titles ≤ 60 characters with a long lot name cut). Source: issue 16.
 */
export const NOTIFICATION_TEXTS = {
  outbid: (lot: { id: number; name: string }, amount: number): NotificationText => ({
    title: `Outbid on ${short(lot.name)}`,
    body: `Someone bid ${formatMK(amount)}. Bid again before the lot closes.`,
    link: `/item/${lot.id}`,
  }),
  won: (
    lot: { id: number; name: string },
    amount: number | null,
    reference: string | null,
    invoice: { total: number; dueAt: Date | null } | null = null,
  ): NotificationText => ({
    title: `You won ${short(lot.name)}`,
    body: `${amount != null ? `Your winning bid: ${formatMK(amount)}. ` : ''}${reference ? `Invoice ${reference}. ` : ''}${
      invoice?.dueAt ? `Please pay ${formatMK(invoice.total)} by ${malawiDateTime(invoice.dueAt)}.` : PAYMENT_DEADLINE_TEXT
    }`,
    link: `/item/${lot.id}`,
  }),
  closingSoon: (lot: { id: number; name: string }, minutes: number, price: number | null, leading: boolean): NotificationText => ({
    title: `Closing in ${minutes} minutes: ${short(lot.name)}`,
    body:
      price == null
        ? 'No bids yet. Bid before it closes.'
        : leading
          ? `You are winning at ${formatMK(price)}. Keep an eye on it until it closes.`
          : `The current bid is ${formatMK(price)}. Bid before it closes.`,
    link: `/item/${lot.id}`,
  }),
  paymentReceived: (reference: string, amount: number): NotificationText => ({
    title: `Payment received: ${reference}`,
    body: `We received ${formatMK(amount)} for order ${reference}. Thank you.`,
    link: '/bid-dashboard',
  }),
  lotWithdrawn: (lot: { id: number; name: string }, reason: string): NotificationText => ({
    title: `Withdrawn: ${short(lot.name)}`,
    body: `A lot you were leading was withdrawn from the sale: ${reason}${/[.!?]$/.test(reason) ? '' : '.'} Your bid no longer stands.`,
    link: `/item/${lot.id}`,
  }),
  registrationDecided: (auctionName: string, approved: boolean, reason: string | null): NotificationText => ({
    title: approved ? `Registration approved: ${short(auctionName)}` : `Registration declined: ${short(auctionName)}`,
    body: approved
      ? `You can bid in ${auctionName}.`
      : `Your registration for ${auctionName} was declined${reason ? `: ${reason}` : '.'}${reason && !/[.!?]$/.test(reason) ? '.' : ''}`,
    link: '/auctions',
  }),
  savedSearch: (lot: { id: number; name: string }, searchNames: string[], price: number): NotificationText => ({
    title: `New lot for you: ${short(lot.name)}`,
    body: `${lot.name} (${formatMK(price)}) matches your saved search ${quoteList(searchNames)}.`,
    link: `/item/${lot.id}`,
  }),
  savedSearchDigest: (lots: { id: number; name: string; price: number }[], searchNames: string[]): NotificationText => ({
    title: lots.length === 1 ? `New lot for you: ${short(lots[0].name)}` : `${lots.length} new lots match your saved searches`,
    body: `New since yesterday for ${quoteList(searchNames)}: ${lots
      .slice(0, 10)
      .map((l) => `${l.name} (${formatMK(l.price)})`)
      .join('; ')}${lots.length > 10 ? `; and ${lots.length - 10} more` : ''}.`,
    link: lots.length === 1 ? `/item/${lots[0].id}` : '/profile#saved-searches',
  }),
} as const;

/** Outside channels each type uses unless the user chose otherwise (the app always shows it). Source: issue 16 "Preferences". */
export const DEFAULT_CHANNELS: Record<NotificationType, readonly ('email' | 'sms' | 'push')[]> = {
  outbid: ['push', 'sms'],
  closing_soon: ['push'],
  won: ['email', 'sms', 'push'],
  // The receipt mail (every paid order, guests' too) is the e-mail of a payment.
  payment_received: [],
  registration_decided: ['email'],
  saved_search: ['email', 'push'],
  lot_withdrawn: ['email', 'push'],
};

/** “a”, “a” and “b”, “a”, “b” and “c”. */
function quoteList(names: string[]): string {
  const quoted = names.map((n) => `“${n}”`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : (quoted[0] ?? '');
}

const MALAWI_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Blantyre',
});

/** 28 Nov 2026, 14:00 in Malawi's time. */
function malawiDateTime(d: Date): string {
  return MALAWI_DATE_TIME.format(d);
}

function short(name: string): string {
  return name.length > 40 ? `${name.slice(0, 39).trimEnd()}…` : name;
}

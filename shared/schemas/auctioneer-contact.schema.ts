import { z } from 'zod';

/**
 * The auctioneer's contact details and office hours, as the About page, the footer and invoices
 * show them (setting `auctioneer_contact`, changed on the Settings screen). Office hours are one
 * line per day group in the 24-hour clock (`08:00 - 17:00`, two ranges `08:00 - 12:00, 13:00 -
 * 17:00`) or `Closed`. `postal_address` is null when there is none. Source: issue 13 "Settlement
 * and results" (last bullet); the 24-hour clock: issue 20.
 */
export interface AuctioneerContact {
  company_name: string;
  physical_address: string;
  postal_address: string | null;
  phone: string;
  email: string;
  hours_weekdays: string;
  hours_saturday: string;
  hours_sunday: string;
}

/**
 * What the About page and the footer showed before the setting existed: the default until an
 * operator changes it. Source: client/src/features/about/about-content.ts (spec/accounts-and-shell.md
 * §9 business hours, in the 24-hour clock).
 */
export const DEFAULT_AUCTIONEER_CONTACT: AuctioneerContact = {
  company_name: 'Gavel',
  physical_address: 'Ginnery Corner, Masauko Chipembere Highway, Blantyre',
  postal_address: null,
  phone: '+265 1 820 000',
  email: 'info@gavel.mw',
  hours_weekdays: '08:00 - 17:00',
  hours_saturday: '09:00 - 15:00',
  hours_sunday: 'Closed',
};

const TIME = String.raw`([01]?\d|2[0-3]):([0-5]\d)`;
const RANGE = new RegExp(String.raw`^${TIME}\s*[-–]\s*${TIME}$`);
const HOURS_MESSAGE = 'Write the hours as 08:00 - 17:00 (24-hour clock), two ranges as 08:00 - 12:00, 13:00 - 17:00, or Closed.';

/**
 * Normalises a line of office hours to `HH:MM - HH:MM[, HH:MM - HH:MM]` or `Closed`; null when it
 * is neither, or a range does not end after it starts, or ranges overlap or are out of order.
 */
export function normaliseOfficeHours(input: string): string | null {
  const text = input.trim();
  if (/^closed$/i.test(text)) return 'Closed';
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 2) return null;
  const ranges: [number, number][] = [];
  for (const part of parts) {
    const m = RANGE.exec(part);
    if (!m) return null;
    const from = Number(m[1]) * 60 + Number(m[2]);
    const to = Number(m[3]) * 60 + Number(m[4]);
    if (to <= from) return null;
    if (ranges.length && from < ranges[ranges.length - 1][1]) return null;
    ranges.push([from, to]);
  }
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return ranges.map(([from, to]) => `${hhmm(from)} - ${hhmm(to)}`).join(', ');
}

const hoursLine = (days: string) =>
  z
    .string({ message: `Give the ${days} hours.` })
    .trim()
    .min(1, `Give the ${days} hours.`)
    .max(40, HOURS_MESSAGE)
    .transform((v, ctx) => {
      const normal = normaliseOfficeHours(v);
      if (normal === null) {
        ctx.addIssue({ code: 'custom', message: HOURS_MESSAGE });
        return z.NEVER;
      }
      return normal;
    });

/** Validates an {@link AuctioneerContact} (trimmed; hours normalised by {@link normaliseOfficeHours}). */
export const auctioneerContactSchema = z
  .object({
    company_name: z
      .string({ message: 'Give the company name.' })
      .trim()
      .min(2, 'Give the company name (at least 2 characters).')
      .max(120, 'The company name may be at most 120 characters.'),
    physical_address: z
      .string({ message: 'Give the office address.' })
      .trim()
      .min(5, 'Give the office address (at least 5 characters).')
      .max(300, 'The office address may be at most 300 characters.'),
    postal_address: z
      .string({ message: 'The postal address must be text.' })
      .trim()
      .max(200, 'The postal address may be at most 200 characters.')
      .nullable()
      .transform((v) => (v ? v : null)),
    phone: z
      .string({ message: 'Give a phone number.' })
      .trim()
      .max(30, 'The phone number may be at most 30 characters.')
      .refine((v) => /^\+?[\d\s()-]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15, {
        message: 'Give a phone number of 7 to 15 digits, e.g. +265 1 820 000.',
      }),
    email: z
      .string({ message: 'Give an email address.' })
      .trim()
      .max(254, 'The email address may be at most 254 characters.')
      .pipe(z.email('Give a valid email address, e.g. info@gavel.mw.')),
    hours_weekdays: hoursLine('Monday to Friday'),
    hours_saturday: hoursLine('Saturday'),
    hours_sunday: hoursLine('Sunday'),
  })
  .strict();

/** `GET /api/site/contact` answer's `data`: an {@link AuctioneerContact} as stored (no transforms, for readers and the API document). */
export const auctioneerContactViewSchema = z.object({
  company_name: z.string(),
  physical_address: z.string(),
  postal_address: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  hours_weekdays: z.string(),
  hours_saturday: z.string(),
  hours_sunday: z.string(),
}) satisfies z.ZodType<AuctioneerContact>;

/**
 * The office hours on one line, as the footer shows them: `Mon-Fri 08:00-17:00, Sat 09:00-15:00,
 * Sun closed`.
 */
export function officeHoursLine(contact: Pick<AuctioneerContact, 'hours_weekdays' | 'hours_saturday' | 'hours_sunday'>): string {
  const compact = (hours: string) => (/^closed$/i.test(hours.trim()) ? 'closed' : hours.replace(/\s*[-–]\s*/g, '-'));
  return `Mon-Fri ${compact(contact.hours_weekdays)}, Sat ${compact(contact.hours_saturday)}, Sun ${compact(contact.hours_sunday)}`;
}

/** The office hours as the About page's table rows: `{days, time}`, Monday to Friday first. */
export function officeHoursRows(contact: Pick<AuctioneerContact, 'hours_weekdays' | 'hours_saturday' | 'hours_sunday'>): { days: string; time: string }[] {
  return [
    { days: 'Monday - Friday', time: contact.hours_weekdays },
    { days: 'Saturday', time: contact.hours_saturday },
    { days: 'Sunday', time: contact.hours_sunday },
  ];
}

import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTimeGB, setDisplayTimeZone } from '../../client/src/lib/dates.js';

const GB = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

/** Instants across every month, hour and minute edge, and a few years. */
function instants(): Date[] {
  const out: Date[] = [];
  for (let month = 0; month < 12; month++)
    for (const [day, hour, minute] of [
      [1, 0, 0],
      [9, 9, 5],
      [15, 12, 30],
      [28, 23, 59],
    ])
      out.push(new Date(Date.UTC(2026 + (month % 3), month, day, hour, minute)));
  for (let i = 0; i < 100; i++) out.push(new Date(Date.UTC(2020, 0, 1) + Math.floor(Math.random() * 10 * 365 * 86_400_000)));
  return out;
}

describe("dates as the item area shows them (spec/shopping.md §1 'dates en-GB')", () => {
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zoneBefore;
    setDisplayTimeZone(undefined);
  });

  it("when a date is shown in the device's zone, then it reads exactly as en-GB formatting writes it, whatever the zone", () => {
    for (const zone of ['UTC', 'Africa/Blantyre', 'America/New_York', 'Asia/Kolkata']) {
      process.env.TZ = zone;
      const intl = new Intl.DateTimeFormat('en-GB', GB);
      for (const d of instants()) expect(formatDateTimeGB(d.toISOString()), `${zone} ${d.toISOString()}`).toBe(intl.format(d));
    }
  });

  it("when the drawing sets the auctioneer's zone, then dates are shown in that zone", () => {
    process.env.TZ = 'America/New_York';
    setDisplayTimeZone('Africa/Blantyre');
    expect(formatDateTimeGB('2026-09-01T10:05:00.000Z')).toBe('1 Sept 2026, 12:05');
    expect(formatDateTimeGB('2026-12-31T22:30:00.000Z')).toBe('1 Jan 2027, 00:30');
  });

  it('when the date is missing or unreadable, then nothing is shown', () => {
    expect(formatDateTimeGB(null)).toBe('');
    expect(formatDateTimeGB('not a date')).toBe('');
  });
});

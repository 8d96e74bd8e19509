import { describe, expect, it } from 'vitest';
import {
  auctioneerContactSchema,
  DEFAULT_AUCTIONEER_CONTACT,
  normaliseOfficeHours,
  officeHoursLine,
  officeHoursRows,
} from '../../../shared/schemas/auctioneer-contact.schema.js';

describe("the auctioneer's office hours (issue 13; the 24-hour clock of issue 20)", () => {
  it('when hours are typed loosely, then they are written one way: HH:MM - HH:MM, two ranges, or Closed', () => {
    expect(normaliseOfficeHours('8:00-17:00')).toBe('08:00 - 17:00');
    expect(normaliseOfficeHours(' 07:30 – 12:00 ,13:00-16:30 ')).toBe('07:30 - 12:00, 13:00 - 16:30');
    expect(normaliseOfficeHours('CLOSED')).toBe('Closed');
  });

  it('when hours are not a time range in the 24-hour clock, end before they start, overlap or are three ranges, then they are refused', () => {
    for (const bad of [
      '8am - 5pm',
      '5:00',
      '17:00 - 08:00',
      '09:00 - 09:00',
      '24:00 - 25:00',
      '08:00 - 13:00, 12:00 - 17:00',
      '08:00 - 09:00, 10:00 - 11:00, 12:00 - 13:00',
      '',
    ]) {
      expect(normaliseOfficeHours(bad), bad).toBeNull();
    }
  });

  it('when the defaults are shown, then the footer line and the About rows read as before the setting existed', () => {
    expect(officeHoursLine(DEFAULT_AUCTIONEER_CONTACT)).toBe('Mon-Fri 08:00-17:00, Sat 09:00-15:00, Sun closed');
    expect(officeHoursRows(DEFAULT_AUCTIONEER_CONTACT)).toEqual([
      { days: 'Monday - Friday', time: '08:00 - 17:00' },
      { days: 'Saturday', time: '09:00 - 15:00' },
      { days: 'Sunday', time: 'Closed' },
    ]);
    expect(auctioneerContactSchema.parse(DEFAULT_AUCTIONEER_CONTACT)).toEqual(DEFAULT_AUCTIONEER_CONTACT);
  });
});

import { describe, expect, it } from 'vitest';
import { malawiE164, SMS_LENGTH, toSingleSms } from '../../../shared/rules/sms.js';

describe('SMS rules (issue 16)', () => {
  it('when a Malawian mobile number is written any usual way, then it becomes E.164; anything else is refused', () => {
    for (const written of ['0888 123 456', '0888-123-456', '265888123456', '+265 888 123 456', '(0888) 123456'])
      expect(malawiE164(written), written).toBe('+265888123456');
    expect(malawiE164('0999123456')).toBe('+265999123456');
    // A landline takes no SMS.
    expect(malawiE164('01 820 000')).toBeNull();
    for (const bad of [null, '', '12345', '+44 20 7946 0000', '0888', 'call me', '+265088812345']) expect(malawiE164(bad), String(bad)).toBeNull();
  });

  it('when a text has characters outside GSM-7 or is long, then it fits one SMS of 160 characters', () => {
    expect(toSingleSms('Outbid on “Hilux”… now MK 1,200,000 – bid again')).toBe('Outbid on "Hilux"... now MK 1,200,000 - bid again');
    expect(toSingleSms('Lot 🚜 tractor')).toBe('Lot ? tractor');
    const long = toSingleSms('x'.repeat(400));
    expect(long).toHaveLength(SMS_LENGTH);
    expect(long.endsWith('...')).toBe(true);
  });
});

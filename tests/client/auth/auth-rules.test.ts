import { describe, expect, it } from 'vitest';
import { firstRegistrationError, nextErrorForVerification, pageValid, type RegisterValues } from '../../../client/src/features/auth/utils/auth-rules.js';

const valid: RegisterValues = {
  firstName: ' Chikondi ',
  lastName: 'Banda',
  email: 'chikondi@example.mw',
  phone: '0888123456',
  password: 'pass',
  passwordConfirmation: 'pass',
  acceptTerms: true,
  acceptMarketing: false,
};

describe('registration (modal) rules in the spec order (spec/accounts-and-shell.md §5)', () => {
  it.each([
    [{ firstName: '   ' }, 'First name is required.'],
    [{ lastName: '' }, 'Last name is required.'],
    [{ email: ' ' }, 'Email address is required.'],
    [{ phone: '' }, 'Phone number is required.'],
    [{ password: '', passwordConfirmation: '' }, 'Password is required.'],
    [{ password: 'abc', passwordConfirmation: 'abc' }, 'Password must be at least 4 characters long.'],
    [{ passwordConfirmation: 'pasS' }, 'Passwords do not match.'],
    [{ acceptTerms: false }, 'You must accept the terms and conditions.'],
  ])('when %o, then %s', (over, text) => {
    expect(firstRegistrationError({ ...valid, ...over }, 'token')).toBe(text);
  });

  it('when everything else holds but no verification token exists, then the reCAPTCHA text; with one, no error', () => {
    expect(firstRegistrationError(valid, null)).toBe('Please complete the reCAPTCHA verification.');
    expect(firstRegistrationError(valid, 'token')).toBeNull();
  });

  it('when several rules fail, then the first in the spec order is reported', () => {
    expect(firstRegistrationError({ ...valid, lastName: '', phone: '', acceptTerms: false }, null)).toBe('Last name is required.');
  });

  it('when the page form is checked, then one rule covers all fields, the length, the match and the terms', () => {
    expect(pageValid(valid)).toBe(true);
    expect(pageValid({ ...valid, password: 'abc', passwordConfirmation: 'abc' })).toBe(false);
    expect(pageValid({ ...valid, acceptTerms: false })).toBe(false);
  });
});

describe('verification texts on the forms (spec §8)', () => {
  it('when the widget expires or errs, then the form text; when verified again, then the verification text clears but others stay', () => {
    expect(nextErrorForVerification('expired', null)).toBe('reCAPTCHA verification expired. Please complete it again.');
    expect(nextErrorForVerification('error', null)).toBe('reCAPTCHA verification failed. Please try again.');
    expect(nextErrorForVerification('verified', 'reCAPTCHA verification failed. Please try again.')).toBeNull();
    expect(nextErrorForVerification('verified', 'Invalid login credentials. Please check your email and password.')).toBe(
      'Invalid login credentials. Please check your email and password.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  firstRegistrationError,
  loginFormErrors,
  nextErrorForVerification,
  pageRegistrationError,
  type RegisterValues,
} from '../../../client/src/features/auth/utils/auth-rules.js';

const valid: RegisterValues = {
  first_name: ' Chikondi ',
  last_name: 'Banda',
  email: 'chikondi@example.mw',
  phone: '0888123456',
  password: 'pass',
  password_confirmation: 'pass',
  accept_terms: true,
  accept_marketing: false,
};

describe('registration (modal) rules in the spec order (spec/accounts-and-shell.md §5)', () => {
  it.each([
    [{ first_name: '   ' }, 'First name is required.'],
    [{ last_name: '' }, 'Last name is required.'],
    [{ email: ' ' }, 'Email address is required.'],
    [{ email: 'chikondi' }, 'Please enter a valid email address'],
    [{ phone: '' }, 'Phone number is required.'],
    [{ password: '', password_confirmation: '' }, 'Password is required.'],
    [{ password: 'abc', password_confirmation: 'abc' }, 'Password must be at least 4 characters long.'],
    [{ password_confirmation: 'pasS' }, 'Passwords do not match.'],
    [{ accept_terms: false }, 'You must accept the terms and conditions.'],
  ])('when %o, then %s', (over, text) => {
    expect(firstRegistrationError({ ...valid, ...over }, 'token')).toBe(text);
  });

  it('when everything else holds but no verification token exists, then the reCAPTCHA text; with one, no error', () => {
    expect(firstRegistrationError(valid, null)).toBe('Please complete the reCAPTCHA verification.');
    expect(firstRegistrationError(valid, 'token')).toBeNull();
  });

  it('when several rules fail, then the first in the spec order is reported', () => {
    expect(firstRegistrationError({ ...valid, last_name: '', phone: '', accept_terms: false }, null)).toBe('Last name is required.');
    expect(firstRegistrationError({ ...valid, password_confirmation: 'x', accept_terms: false }, null)).toBe('Passwords do not match.');
  });

  it('when the page form is checked, then one message covers all fields, the length, the match and the terms', () => {
    const text = 'Please fill in all required fields and ensure passwords match.';
    expect(pageRegistrationError(valid)).toBeNull();
    expect(pageRegistrationError({ ...valid, password: 'abc', password_confirmation: 'abc' })).toBe(text);
    expect(pageRegistrationError({ ...valid, accept_terms: false })).toBe(text);
    expect(pageRegistrationError({ ...valid, email: '' })).toBe(text);
    expect(pageRegistrationError({ ...valid, email: 'chikondi' })).toBe('Please enter a valid email address');
  });
});

describe("sign-in rules (spec §5, checked with the server's sessionLoginInputSchema)", () => {
  it('when email or password is missing, then the modal texts under those fields; a good pair has none', () => {
    expect(loginFormErrors({ email: ' ', password: '' })).toEqual({ email: 'Email address is required.', password: 'Password is required.' });
    expect(loginFormErrors({ email: 'chikondi', password: 'x' })).toEqual({ email: 'Please enter a valid email address' });
    expect(loginFormErrors({ email: 'chikondi@example.mw', password: 'x' })).toEqual({});
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

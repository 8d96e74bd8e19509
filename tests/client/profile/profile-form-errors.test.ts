import { describe, expect, it } from 'vitest';
import { profileFormErrors, profileServerErrors } from '../../../client/src/features/profile/hooks/use-profile-form.js';

const saved = { name: 'Amara Gondwe', email: 'a@b.mw', password: '', password_confirmation: '', current_password: '' };

describe('profile form errors (spec/accounts-and-shell.md §5 "Profile", checked with the server\'s schema)', () => {
  it('when the name is cleared and a 2-character password typed, then the client errors sit under their fields in the spec words', () => {
    expect(profileFormErrors({ ...saved, name: ' ', password: 'ab', current_password: 'password' }, saved.email)).toEqual({
      name: 'Name is required.',
      password: 'Password must be at least 4 characters long.',
      password_confirmation: 'Passwords do not match.',
    });
    expect(profileFormErrors({ ...saved, email: '' }, saved.email)).toMatchObject({ email: 'Email address is required.' });
    expect(profileFormErrors(saved, saved.email)).toEqual({});
  });

  it('when the email or the password changes without the current password, then the current password is asked for (issue 18)', () => {
    const needed = 'Enter your current password to change your email address or password.';
    expect(profileFormErrors({ ...saved, email: 'new@b.mw' }, saved.email)).toEqual({ current_password: needed });
    expect(profileFormErrors({ ...saved, password: 'Zomba-7', password_confirmation: 'Zomba-7' }, saved.email)).toEqual({ current_password: needed });
    expect(profileFormErrors({ ...saved, email: ' A@B.MW ' }, saved.email)).toEqual({});
  });

  it('when the server refuses fields, then its texts go under those fields; unknown keys are left to the general message', () => {
    expect(profileServerErrors({ email: 'The email has already been taken.', current_password: 'The current password is incorrect.', phone: 'x' })).toEqual({
      email: 'The email has already been taken.',
      current_password: 'The current password is incorrect.',
    });
    expect(profileServerErrors({ phone: 'x' })).toEqual({});
  });
});

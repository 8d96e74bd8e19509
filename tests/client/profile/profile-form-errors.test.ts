import { describe, expect, it } from 'vitest';
import { profileErrors, visibleProfileErrors } from '../../../client/src/features/profile/hooks/use-profile-form.js';

describe('profile form errors (spec/accounts-and-shell.md §5 "Profile")', () => {
  it('when the name is cleared and a 2-character password typed, then both client errors show under their fields', () => {
    const client = profileErrors({ name: '', email: 'a@b.mw', password: 'ab', passwordConfirmation: '', currentPassword: '' });
    // Typing in a field clears its server error by leaving the key undefined.
    const server = { name: undefined, password: undefined };
    expect(visibleProfileErrors(client, server, true)).toEqual({
      name: 'Name is required.',
      password: 'Password must be at least 4 characters long.',
      passwordConfirmation: 'Passwords do not match.',
    });
  });

  it('when the server rejected a field, then its text replaces the client one; untouched forms show only server errors', () => {
    expect(visibleProfileErrors({ email: 'Email address is required.' }, { email: 'The email has already been taken.' }, true)).toEqual({
      email: 'The email has already been taken.',
    });
    expect(visibleProfileErrors({ name: 'Name is required.' }, {}, false)).toEqual({});
  });
});

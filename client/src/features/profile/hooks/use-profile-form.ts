import { useRef, useState } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { profileInputSchema } from '@shared/schemas/profile.schema';
import { ACCOUNT_MESSAGES as M } from '@shared/messages/accounts';
import { ProfileSaveError, useUpdateProfile } from '../api/account';

/** Values of the Account Information form, keyed as `POST /profile` and its 422 `errors` name them. */
export interface ProfileValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  /** Needed when the email or password changes (issue 18). */
  current_password: string;
}

/** Profile reload delay after a save. Source: spec §9 "profile reload 0.8 s". */
export const PROFILE_RELOAD_MS = 800;

/** Fields whose server errors show under them (spec §5 "Profile", and Current Password from issue 18). */
const PROFILE_FIELDS: readonly (keyof ProfileValues)[] = ['name', 'email', 'password', 'password_confirmation', 'current_password'];

const profileSchemaErrors = schemaResolver(profileInputSchema, { sync: true });

/** Whether saving `v` changes the email or the password, so the current password is needed (issue 18). */
export function needsCurrentPassword(v: Pick<ProfileValues, 'email' | 'password'>, initialEmail: string): boolean {
  return v.password !== '' || v.email.trim().toLowerCase() !== initialEmail.trim().toLowerCase();
}

/**
 * The form's rules: the server's `profileInputSchema` (name and email non-empty, a typed password
 * 4+ characters and matching; spec §5 "Profile"), plus the current password once the email or
 * password changes (issue 18; `initialEmail` is the saved one, which the schema cannot know).
 * @returns field → first message, keyed as {@link ProfileValues}; empty when it may be sent.
 */
export function profileFormErrors(v: ProfileValues, initialEmail: string): Record<string, React.ReactNode> {
  const errors = profileSchemaErrors(v);
  if (needsCurrentPassword(v, initialEmail) && !v.current_password) errors.current_password ??= M.currentPasswordRequired;
  return errors;
}

/**
 * A refused save's field messages to show under the fields: the keys of {@link ProfileValues}
 * only; empty when the server named none of them (its message then shows in the general area).
 */
export function profileServerErrors(fields: Record<string, string>): Partial<Record<keyof ProfileValues, string>> {
  const shown: Partial<Record<keyof ProfileValues, string>> = {};
  for (const key of PROFILE_FIELDS) if (fields[key]) shown[key] = fields[key];
  return shown;
}

/**
 * State of the Account Information form shared by the header (Reset, Save Changes) and the form
 * (Cancel, Update Profile): a `@mantine/form` form (`fields`) checked by {@link profileFormErrors}
 * as the user types (a new password or email also re-checks the fields that depend on it), a
 * general error and a success message. Save and Reset are disabled while saving or when nothing
 * changed; Save also when invalid. A 422 puts the server's texts under their fields. On success
 * the page reloads after 0.8 s. Source: spec §2, §4, §5, §7.
 */
export function useProfileForm(user: PublicUser) {
  const profileUpdate = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const reloadTimer = useRef<number | null>(null);
  const initialEmail = user.email;

  const fields = useForm<ProfileValues>({
    initialValues: { name: user.name, email: user.email, password: '', password_confirmation: '', current_password: '' },
    validate: (v) => profileFormErrors(v, initialEmail),
    validateInputOnChange: true,
    onValuesChange: () => setSuccess(null),
  });
  // The confirmation and the current password depend on the new password (and the email).
  fields.watch('password', () => {
    fields.validateField('password_confirmation');
    fields.validateField('current_password');
  });
  fields.watch('email', () => fields.validateField('current_password'));

  const { values } = fields;
  const changed = values.name.trim() !== user.name || values.email.trim() !== user.email || values.password !== '';
  const currentPasswordNeeded = needsCurrentPassword(values, initialEmail);
  const valid = fields.isValid();
  const saving = fields.submitting;

  const reset = () => {
    fields.reset();
    setError(null);
    setSuccess(null);
  };

  const send = async (v: ProfileValues) => {
    setError(null);
    setSuccess(null);
    try {
      const message = await profileUpdate.mutateAsync({
        name: v.name.trim(),
        email: v.email.trim(),
        ...(v.password ? { password: v.password, password_confirmation: v.password_confirmation } : {}),
        ...(needsCurrentPassword(v, initialEmail) ? { current_password: v.current_password } : {}),
      });
      setSuccess(message);
      reloadTimer.current = window.setTimeout(() => window.location.reload(), PROFILE_RELOAD_MS);
    } catch (e) {
      const err = e instanceof ProfileSaveError ? e : new ProfileSaveError(M.profileUpdateFailed, {});
      const shown = profileServerErrors(err.fields);
      fields.setErrors(shown);
      setError(Object.keys(shown).length ? null : err.message);
    }
  };

  /** Validates (showing every error) and sends when something changed and nothing is wrong. */
  const save = () => {
    if (saving || success) return;
    if (!changed) {
      fields.validate();
      return;
    }
    fields.onSubmit(send)();
  };

  return {
    fields,
    error,
    success,
    saving,
    changed,
    valid,
    needsCurrentPassword: currentPasswordNeeded,
    reset,
    save,
    canSave: changed && valid && !saving && !success,
    canReset: changed && !saving,
  };
}
export type ProfileForm = ReturnType<typeof useProfileForm>;

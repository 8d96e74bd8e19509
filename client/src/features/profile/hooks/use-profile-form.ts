import { useMemo, useRef, useState } from 'react';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { ACCOUNT_MESSAGES as M } from '@shared/messages/accounts';
import { ProfileSaveError, updateProfile } from '../api/account';

/** Values of the Account Information form. */
export interface ProfileValues {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  /** Needed when the email or password changes (issue 18). */
  currentPassword: string;
}

/** Profile reload delay after a save. Source: spec §9 "profile reload 0.8 s". */
export const PROFILE_RELOAD_MS = 800;

/**
 * Client rules: name and email non-empty; a typed password needs 4+ characters and must match
 * (spec §5 "Profile"); a changed email or a new password needs the current password (issue 18;
 * `initialEmail` is the saved one).
 */
export function profileErrors(v: ProfileValues, initialEmail?: string): Partial<Record<keyof ProfileValues, string>> {
  const errors: Partial<Record<keyof ProfileValues, string>> = {};
  if (!v.name.trim()) errors.name = 'Name is required.';
  if (!v.email.trim()) errors.email = M.emailRequired;
  if (v.password) {
    if (v.password.length < 4) errors.password = M.passwordTooShort;
    if (v.password !== v.passwordConfirmation) errors.passwordConfirmation = M.passwordsDoNotMatch;
  }
  if (initialEmail !== undefined && needsCurrentPassword(v, initialEmail) && !v.currentPassword) errors.currentPassword = M.currentPasswordRequired;
  return errors;
}

/** Whether saving `v` changes the email or the password, so the current password is needed (issue 18). */
export function needsCurrentPassword(v: ProfileValues, initialEmail: string): boolean {
  return v.password !== '' || v.email.trim().toLowerCase() !== initialEmail.trim().toLowerCase();
}

type FieldErrors = Partial<Record<keyof ProfileValues, string>>;

/**
 * The errors shown under the fields: the client rules once the form was touched, with a
 * server error of a field taking its place. A field whose server error was cleared (by typing)
 * shows its client error again. Source: spec §5 "Profile".
 */
export function visibleProfileErrors(client: FieldErrors, server: FieldErrors, touched: boolean): FieldErrors {
  const shown: FieldErrors = touched ? { ...client } : {};
  for (const key of Object.keys(server) as (keyof ProfileValues)[]) {
    const text = server[key];
    if (text) shown[key] = text;
  }
  return shown;
}

const SERVER_FIELD: Record<string, keyof ProfileValues> = {
  name: 'name',
  email: 'email',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
  current_password: 'currentPassword',
};

/**
 * State of the Account Information form shared by the header (Reset, Save Changes) and the form
 * (Cancel, Update Profile). Save and Reset are disabled while saving or when nothing changed;
 * Save also when invalid. On success the page reloads after 0.8 s. Source: spec §2, §4, §5, §7.
 */
export function useProfileForm(user: PublicUser) {
  const initial = useMemo<ProfileValues>(
    () => ({ name: user.name, email: user.email, password: '', passwordConfirmation: '', currentPassword: '' }),
    [user.name, user.email],
  );
  const [values, setValues] = useState<ProfileValues>(initial);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ProfileValues, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const reloadTimer = useRef<number | null>(null);

  const changed = values.name.trim() !== initial.name || values.email.trim() !== initial.email || values.password !== '';
  const clientErrors = profileErrors(values, initial.email);
  const currentPasswordNeeded = needsCurrentPassword(values, initial.email);
  const valid = Object.keys(clientErrors).length === 0;
  const errors = visibleProfileErrors(clientErrors, serverErrors, touched);

  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
    setTouched(true);
    setSuccess(null);
  };

  const reset = () => {
    setValues(initial);
    setServerErrors({});
    setError(null);
    setSuccess(null);
    setTouched(false);
  };

  const save = async () => {
    setTouched(true);
    if (!changed || !valid || saving) return;
    setSaving(true);
    setError(null);
    setSuccess(null);
    try {
      const message = await updateProfile({
        name: values.name.trim(),
        email: values.email.trim(),
        ...(values.password ? { password: values.password, password_confirmation: values.passwordConfirmation } : {}),
        ...(currentPasswordNeeded ? { current_password: values.currentPassword } : {}),
      });
      setSuccess(message);
      reloadTimer.current = window.setTimeout(() => window.location.reload(), PROFILE_RELOAD_MS);
    } catch (e) {
      const err = e instanceof ProfileSaveError ? e : new ProfileSaveError(M.profileUpdateFailed, {});
      const mapped: Partial<Record<keyof ProfileValues, string>> = {};
      for (const [k, v] of Object.entries(err.fields)) if (SERVER_FIELD[k]) mapped[SERVER_FIELD[k]] = v;
      setServerErrors(mapped);
      setError(Object.keys(mapped).length ? null : err.message);
      setSaving(false);
    }
  };

  return {
    values,
    set,
    errors,
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

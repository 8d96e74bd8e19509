import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiSend, ApiError } from '../../../lib/api-client';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import type { SavedBillingFields } from '@shared/rules/checkout';
import { profileKeys } from './query-keys';

/** Billing address as stored (address1, town, state, zip, country, email, phone). */
export const billingAddressSchema = z.object({
  address1: z.string(),
  town: z.string().nullable().catch(null),
  state: z.string().nullable().catch(null),
  zip: z.string().nullable().catch(null),
  country: z.string().nullable().catch(null),
  email: z.string().nullable().catch(null),
  phone: z.string().nullable().catch(null),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/** `GET /api/me/billing-address` (anti-forgery header, credentials) → the address or null. */
export async function getBillingAddress(): Promise<BillingAddress | null> {
  const body = z.object({ data: billingAddressSchema.nullable() }).parse(await apiGet('/api/me/billing-address', undefined, { withCsrf: true }));
  return body.data;
}

/** A refused billing address save: the general message and the first message of each field (saved-shape keys: address1, town, state, zip, country). */
export class BillingAddressSaveError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * `POST /api/me/billing-address` with the saved shape (town the region, state the district).
 * Resolves to the stored address. Rejects with {@link BillingAddressSaveError}: 422 → the
 * field messages; otherwise the server message, default 'Failed to save billing address.'.
 */
export async function saveBillingAddress(input: SavedBillingFields): Promise<BillingAddress> {
  try {
    return z.object({ data: billingAddressSchema }).parse(await apiSend('POST', '/api/me/billing-address', input)).data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 422 && e.body?.errors) {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(e.body.errors)) if (Array.isArray(v) && typeof v[0] === 'string') fields[k] = v[0];
      throw new BillingAddressSaveError(e.body.message || ACCOUNT_MESSAGES.billingAddressSaveFailed, fields);
    }
    throw new BillingAddressSaveError((e instanceof ApiError && !e.isNetworkError && e.body?.message) || ACCOUNT_MESSAGES.billingAddressSaveFailed, {});
  }
}

/** `GET /api/me/profile-summary` → order count, total paid and latest order date. */
export async function getProfileSummary(): Promise<{ order_count: number; total_spent: number; last_order_at: string | null }> {
  return z.object({ order_count: z.number(), total_spent: z.number(), last_order_at: z.string().nullable() }).parse(await apiGet('/api/me/profile-summary'));
}

/** Body of `POST /profile`. Source: spec §3 "Profile form". */
export interface ProfileUpdate {
  name: string;
  email: string;
  password?: string;
  password_confirmation?: string;
  /** When the email or password changes (issue 18). */
  current_password?: string;
}

/** A failed profile save: the general message and the field errors (name, email, password, password_confirmation). */
export class ProfileSaveError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * `POST /profile`. Resolves to the server's success message. Rejects with
 * {@link ProfileSaveError}: 422 → first message of each field (and the server message);
 * otherwise the server message, default 'Failed to update profile.'. Source: spec §7, §8.
 */
export async function updateProfile(input: ProfileUpdate): Promise<string> {
  try {
    const body = z
      .object({ message: z.string().optional() })
      .passthrough()
      .parse(await apiSend('POST', '/profile', input));
    return body.message ?? 'Profile updated successfully.';
  } catch (e) {
    if (e instanceof ApiError && e.status === 422 && e.body?.errors) {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(e.body.errors)) if (Array.isArray(v) && typeof v[0] === 'string') fields[k] = v[0];
      throw new ProfileSaveError(e.body.message || ACCOUNT_MESSAGES.profileUpdateFailed, fields);
    }
    throw new ProfileSaveError((e instanceof ApiError && !e.isNetworkError && e.body?.message) || ACCOUNT_MESSAGES.profileUpdateFailed, {});
  }
}

/** The stored billing address, null when none (`GET /api/me/billing-address`). */
export function useBillingAddress() {
  return useQuery({ queryKey: profileKeys.billingAddress, queryFn: getBillingAddress });
}

/** Saves the billing address ({@link saveBillingAddress}); the address the server stored replaces the cached one. */
export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingAddress,
    onSuccess: (stored) => queryClient.setQueryData(profileKeys.billingAddress, stored),
  });
}

/** Order count, total paid and latest order date (`GET /api/me/profile-summary`). */
export function useProfileSummary() {
  return useQuery({ queryKey: profileKeys.summary, queryFn: getProfileSummary });
}

/** Saves the account details ({@link updateProfile}); the page reloads afterwards, so nothing cached is changed here. */
export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

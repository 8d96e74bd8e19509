import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { accountQueryKey } from '../../../lib/account-queries';
import { apiGet, apiSend } from '../../../lib/api-client';

/** Saved billing address (server shape). Source: spec/shopping.md §3. */
export const savedBillingAddressSchema = z.object({
  address1: z.string().nullish(),
  town: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
});
export type SavedBillingAddress = z.infer<typeof savedBillingAddressSchema>;

/** `GET /api/me/billing-address` (signed in; CSRF header). Any failure resolves to null (ignored silently). Source: spec §7. */
export async function getBillingAddress(): Promise<SavedBillingAddress | null> {
  try {
    const raw = await apiGet('/api/me/billing-address', undefined, { withCsrf: true });
    const body = (raw && typeof raw === 'object' && 'data' in raw ? (raw as { data: unknown }).data : raw) ?? null;
    const parsed = savedBillingAddressSchema.safeParse(body);
    return parsed.success && parsed.data.address1 ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A billing address as the checkout saves it (the saved shape, email and phone left blank). */
export type BillingAddressSave = { address1: string; town: string; state: string; zip: string; country: string };

/** `POST /api/me/billing-address {address1, town, state, zip, country, email, phone}` after a billing save. Rejects with ApiError. */
export async function saveBillingAddress(a: BillingAddressSave): Promise<void> {
  await apiSend('POST', '/api/me/billing-address', { ...a, email: '', phone: '' });
}

/** Query keys of the checkout: the signed-in buyer's saved billing address. */
export const checkoutKeys = {
  billingAddress: accountQueryKey('checkout', 'billing-address'),
};

/** The signed-in buyer's saved billing address for the prefill, null when none or unreadable; read while `enabled`. */
export function useSavedBillingAddress(enabled: boolean) {
  return useQuery({ queryKey: checkoutKeys.billingAddress, queryFn: getBillingAddress, enabled });
}

/**
 * Saves the billing step's address to the profile ({@link saveBillingAddress}); once stored it
 * is the cached saved address. Its failures are ignored (spec §7).
 */
export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingAddress,
    onSuccess: (_none, sent) => queryClient.setQueryData<SavedBillingAddress | null>(checkoutKeys.billingAddress, sent),
  });
}

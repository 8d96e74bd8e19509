import { z } from 'zod';
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

/** `POST /api/me/billing-address {address1, town, state, zip, country, email, phone}` after a billing save; failures ignored. */
export async function saveBillingAddress(a: { address1: string; town: string; state: string; zip: string; country: string }): Promise<void> {
  try {
    await apiSend('POST', '/api/me/billing-address', { ...a, email: '', phone: '' });
  } catch {
    /* the spec ignores failures of this call */
  }
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { LIVE_AUCTION_MESSAGES as M } from '@shared/messages/live-auctions';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@shared/schemas/subscription.schema';
import { accountQueryKey } from '../../../lib/account-queries';
import { ApiError, apiGet, fieldMessages, readCookie, refreshCsrfCookie } from '../../../lib/api-client';

/**
 * A live auction open for registration, with where the signed-in user's registration for it
 * stands (`none` when never registered) and a decline's reason (issue 20).
 * Source: spec/shopping.md §3 "Auction type".
 */
export interface LiveAuction {
  id: number;
  name: string;
  description: string | null;
  date_from: string | null;
  date_to: string | null;
  registration_status: RegistrationStatus;
  decline_reason: string | null;
  /** The deposit the sale asks (MWK), null when not said (issue 13 "Sales"). */
  deposit_amount: number | null;
}

const auctionSchema = z.object({
  id: z.coerce.number(),
  name: z.string(),
  description: z.string().nullable().catch(null),
  date_from: z.string().nullable().catch(null),
  date_to: z.string().nullable().catch(null),
  registration_status: z.enum(REGISTRATION_STATUSES).catch('none'),
  decline_reason: z.string().nullable().catch(null),
  deposit_amount: z.number().nullable().catch(null),
});

/**
 * `GET /api/live-auctions-session` (data or array). A 401 is tolerated silently (empty list);
 * other failures reject with 'Failed to load available auctions'. Source: spec/shopping.md §7-8.
 */
export async function getLiveAuctions(): Promise<LiveAuction[]> {
  try {
    const body = await apiGet('/api/live-auctions-session');
    const list = Array.isArray(body) ? body : ((body as { data?: unknown[] } | null)?.data ?? []);
    return list.flatMap((entry) => {
      const parsed = auctionSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return [];
    // The status stays with the text: an answer the server gave is not asked again.
    if (e instanceof ApiError) throw new ApiError(e.status, M.failedToLoadAuctions, e.body);
    throw new Error(M.failedToLoadAuctions);
  }
}

/** What a registration attempt answered: success with the server's message, or the error text. */
export type RegisterBidResult = { ok: true; message: string } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/**
 * `POST /register-bid` as form data: `_token`, `reference_number`, `auction_type_id`,
 * `g-recaptcha-response` (plus the anti-forgery header). Texts per spec/shopping.md §8:
 * no token → 'Security token not found. Please refresh the page.'; the server's message or
 * error, default 'Registration failed. Please try again.'; network failure
 * 'Registration failed. Please check your connection and try again.'.
 */
export async function registerForLiveAuction(input: {
  referenceNumber: string;
  auctionTypeId: number;
  captchaToken: string | null;
}): Promise<RegisterBidResult> {
  if (!readCookie('XSRF-TOKEN')) await refreshCsrfCookie().catch(() => undefined);
  const token = readCookie('XSRF-TOKEN');
  if (!token) return { ok: false, message: M.securityTokenMissing, fieldErrors: {} };
  const form = new FormData();
  form.set('_token', token);
  form.set('reference_number', input.referenceNumber.trim());
  form.set('auction_type_id', String(input.auctionTypeId));
  form.set('g-recaptcha-response', input.captchaToken ?? '');
  let res: Response;
  try {
    res = await fetch('/register-bid', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest' },
    });
  } catch {
    return { ok: false, message: M.registrationNetworkFailed, fieldErrors: {} };
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string; error?: string; errors?: Record<string, string[]> } | null;
  if (res.ok && body?.success !== false) return { ok: true, message: body?.message ?? 'Registration submitted.' };
  const fields = fieldMessages(body);
  return {
    ok: false,
    message: (res.status === 422 && fields.length ? fields.join(' ') : body?.message || body?.error) || M.registrationFailed,
    fieldErrors: body?.errors ?? {},
  };
}

/** Query keys of the live-auction registration: the auctions open to register for, with the user's standing in each. */
export const liveRegistrationKeys = {
  auctions: accountQueryKey('live-registration', 'auctions'),
};

/** The live auctions open for registration ({@link getLiveAuctions}). */
export function useLiveAuctions() {
  return useQuery({ queryKey: liveRegistrationKeys.auctions, queryFn: getLiveAuctions });
}

/**
 * Sends a registration ({@link registerForLiveAuction}); when accepted, the auction shows as
 * pending approval in the cached list, as the server will answer it.
 */
export function useRegisterForLiveAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerForLiveAuction,
    onSuccess: (result, input) => {
      if (!result.ok) return;
      queryClient.setQueryData<LiveAuction[]>(liveRegistrationKeys.auctions, (list) =>
        list?.map((a) => (a.id === input.auctionTypeId ? { ...a, registration_status: 'pending' as const, decline_reason: null } : a)),
      );
    },
  });
}

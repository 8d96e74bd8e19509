import { z } from 'zod';
import { ApiError, apiGet } from '../../../lib/api-client';

/** Answer of the subscription check. Source: spec/shopping.md §3 "Subscription check result". */
export interface SubscriptionCheck {
  subscribed: boolean;
  auctionName: string | null;
  message: string | null;
}

const schema = z.object({
  subscribed: z.boolean(),
  auction_type: z.object({ name: z.string() }).partial().nullable().optional(),
  message: z.string().nullable().optional(),
});

/**
 * `GET /session/check-subscription/{auctionTypeId}` (cookies and anti-forgery header).
 * Never rejects: failures answer not subscribed with 'User not authenticated' (401),
 * 'Failed to check subscription' (other statuses) or 'Error checking subscription'.
 * Source: spec/shopping.md §7 and §8.
 */
export async function checkSubscription(auctionTypeId: number): Promise<SubscriptionCheck> {
  try {
    const body = schema.parse(await apiGet(`/session/check-subscription/${auctionTypeId}`, undefined, { withCsrf: true }));
    return { subscribed: body.subscribed, auctionName: body.auction_type?.name ?? null, message: body.message ?? null };
  } catch (e) {
    if (e instanceof ApiError) {
      if (e.status === 401) return { subscribed: false, auctionName: null, message: 'User not authenticated' };
      return { subscribed: false, auctionName: null, message: 'Failed to check subscription' };
    }
    return { subscribed: false, auctionName: null, message: 'Error checking subscription' };
  }
}

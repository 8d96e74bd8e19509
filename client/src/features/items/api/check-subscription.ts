import { subscriptionCheckSchema as schema, type RegistrationStatus } from '@shared/schemas/subscription.schema';
import { ApiError, apiGet } from '../../../lib/api-client';

/**
 * Answer of the subscription check: the spec's fields, plus where the viewer's registration
 * stands (`none`, `pending`, `active`, `declined`, `expired`) and a decline's reason (issue 20).
 * Source: spec/shopping.md §3 "Subscription check result".
 */
export interface SubscriptionCheck {
  subscribed: boolean;
  auctionName: string | null;
  message: string | null;
  status: RegistrationStatus;
  declineReason: string | null;
  /** The operator's decision as the bidder was told it on this page (`subscription:updated`), if any. */
  decision?: string;
}

/**
 * `GET /session/check-subscription/{auctionTypeId}` (cookies and anti-forgery header).
 * Never rejects: failures answer not subscribed with 'User not authenticated' (401),
 * 'Failed to check subscription' (other statuses) or 'Error checking subscription'.
 * Source: spec/shopping.md §7 and §8.
 */
export async function checkSubscription(auctionTypeId: number): Promise<SubscriptionCheck> {
  try {
    const body = schema.parse(await apiGet(`/session/check-subscription/${auctionTypeId}`, undefined, { withCsrf: true }));
    const status: RegistrationStatus = body.registration_status ?? (body.subscribed ? 'active' : body.pending ? 'pending' : 'none');
    return {
      subscribed: body.subscribed,
      auctionName: body.auction_type?.name ?? null,
      message: body.message ?? null,
      status,
      declineReason: body.decline_reason ?? null,
    };
  } catch (e) {
    const failed = (message: string): SubscriptionCheck => ({ subscribed: false, auctionName: null, message, status: 'none', declineReason: null });
    if (e instanceof ApiError) return failed(e.status === 401 ? 'User not authenticated' : 'Failed to check subscription');
    return failed('Error checking subscription');
  }
}

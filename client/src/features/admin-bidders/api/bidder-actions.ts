import { bidderActionResultSchema, type BidderSummary } from '@shared/schemas/bidder.schema';
import { apiSend } from '../../../lib/api-client';

const result = async (answer: Promise<unknown>): Promise<BidderSummary> => bidderActionResultSchema.parse(await answer).data;

/**
 * `POST /api/admin/users/{id}/block {reason}`: the bidder's bids are refused from now on, their
 * leads stand. Rejects with the api client's error (422 `errors.reason`, 409 already blocked).
 * Source: issue 13 "Bidders".
 */
export function blockBidder(id: number, reason: string): Promise<BidderSummary> {
  return result(apiSend('POST', `/api/admin/users/${id}/block`, { reason }));
}

/** `POST /api/admin/users/{id}/unblock`: the bidder may bid again. Rejects with 409 when not blocked. */
export function unblockBidder(id: number): Promise<BidderSummary> {
  return result(apiSend('POST', `/api/admin/users/${id}/unblock`));
}

/**
 * `PATCH /api/admin/users/{id} {bid_limit}`: the spending limit in whole MWK (digits, commas
 * allowed), or null for none. Rejects with 422 `errors.bid_limit`. Source: issue 13 "Bidders".
 */
export function setBidLimit(id: number, bidLimit: number | string | null): Promise<BidderSummary> {
  return result(apiSend('PATCH', `/api/admin/users/${id}`, { bid_limit: bidLimit }));
}

/** `POST /api/admin/users/{id}/roles {role: 'admin', grant}`. Rejects with 409 for the last admin. */
export function setAdminRole(id: number, grant: boolean): Promise<BidderSummary> {
  return result(apiSend('POST', `/api/admin/users/${id}/roles`, { role: 'admin', grant }));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidderActionResultSchema, type BidderSummary } from '@shared/schemas/bidder.schema';
import { apiSend } from '../../../lib/api-client';
import { bidderKeys } from './query-keys';

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

/** One change an operator makes to a bidder (see the calls above). */
export type BidderChange =
  { kind: 'block'; reason: string } | { kind: 'unblock' } | { kind: 'limit'; value: number | string | null } | { kind: 'role'; grant: boolean };

/**
 * The bidder's changes as one mutation: each sends its call above; on success the bidder's page
 * and the lists are read again (figures such as "committed" are the server's). Rejects as the
 * call does.
 */
export function useBidderChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BidderChange): Promise<BidderSummary> => {
      switch (change.kind) {
        case 'block':
          return blockBidder(id, change.reason);
        case 'unblock':
          return unblockBidder(id);
        case 'limit':
          return setBidLimit(id, change.value);
        case 'role':
          return setAdminRole(id, change.grant);
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bidderKeys.all }),
  });
}

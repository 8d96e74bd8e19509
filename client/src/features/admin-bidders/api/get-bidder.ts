import { queryOptions } from '@tanstack/react-query';
import { bidderDetailSchema, type BidderDetail } from '@shared/schemas/bidder.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { bidderKeys } from './query-keys';

/**
 * `GET /api/admin/users/{id}` → the bidder's page: profile, roles, block, spending limit and what
 * counts against it, registrations, recent bids, wins, unpaid orders and audit links. Rejects with
 * the api client's error (404 'User not found'). Source: issue 13 "Bidders".
 */
export async function getBidder(id: number, signal?: AbortSignal): Promise<BidderDetail> {
  return bidderDetailSchema.parse(await apiGet(`/api/admin/users/${id}`, undefined, { signal }));
}

/** A bidder's page as a query. */
export const bidderQuery = (id: number) =>
  queryOptions({
    ...operatorReadOptions,
    queryKey: bidderKeys.detail(id),
    queryFn: ({ signal }) => getBidder(id, signal),
  });

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiSend } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { biddingKeys } from './query-keys';

const amount = z.coerce.number();
const bandSchema = z.object({ from: amount, increment: amount });

/** One band of an increment table: from price `from` (MWK) bids rise by `increment` (MWK). */
export type IncrementBand = z.infer<typeof bandSchema>;

const tablesSchema = z.object({
  global: z.array(bandSchema),
  sales: z.array(z.object({ auction_type_id: z.number(), name: z.string(), type: z.string(), bands: z.array(bandSchema) })),
});

/** The operators' increment tables: the global one and each bidding sale's own (empty: none set). */
export type IncrementTables = z.infer<typeof tablesSchema>;

/**
 * `GET /api/admin/bid-increments` → `{global, sales: [{auction_type_id, name, type, bands}]}`.
 * Rejects with the api client's error (403 for non-operators). Source: issue "Bidding engine".
 */
export async function getIncrementTables(): Promise<IncrementTables> {
  return tablesSchema.parse(await apiGet('/api/admin/bid-increments'));
}

/**
 * `PUT /api/admin/bid-increments {auction_type_id, bands}`: replaces the global table
 * (`auctionTypeId` null) or a sale's; an empty list removes it. Rejects with ApiError, a 422
 * naming fields as `bands.{i}.from` / `bands.{i}.increment` / `bands`. Source: issue "Bidding engine".
 */
export async function saveIncrementTable(auctionTypeId: number | null, bands: IncrementBand[]): Promise<void> {
  await apiSend('PUT', '/api/admin/bid-increments', { auction_type_id: auctionTypeId, bands });
}

const lotBidsSchema = z.object({
  data: z.array(
    z.object({
      id: z.coerce.number(),
      user_id: z.coerce.number(),
      user_name: z.string().nullable(),
      bid_amount: amount,
      automatic: z.boolean(),
      max_amount: amount.nullable(),
      created_at: z.string(),
    }),
  ),
  maximums: z.array(
    z.object({ user_id: z.coerce.number(), user_name: z.string().nullable(), max_amount: amount, updated_at: z.string().nullable().catch(null) }),
  ),
  retracted: z.array(
    z.object({ id: z.coerce.number(), user_id: z.coerce.number(), bid_amount: amount, automatic: z.boolean(), retracted_at: z.string(), reason: z.string() }),
  ),
});

/** A lot's bids as operators see them: every stored bid (newest first), the standing maximums, the retracted bids. */
export type LotBidsForOperators = z.infer<typeof lotBidsSchema>;

/** `GET /api/admin/items/{id}/bids`. Rejects with the api client's error. Source: issue "Bidding engine" (retraction). */
export async function getLotBidsForOperators(itemId: number, signal?: AbortSignal): Promise<LotBidsForOperators> {
  return lotBidsSchema.parse(await apiGet(`/api/admin/items/${itemId}/bids`, undefined, { signal }));
}

/**
 * `POST /api/admin/bids/{id}/retract {reason}`: the bid (and automatic answers made for it) is
 * retracted, the lot's price and leader recomputed and pushed live. Rejects with ApiError (422
 * `errors.reason`, 404 unknown bid). Source: issue "Bidding engine" (retraction).
 */
export async function retractBid(bidId: number, reason: string): Promise<void> {
  await apiSend('POST', `/api/admin/bids/${bidId}/retract`, { reason });
}

/** The increment tables as a query. */
export const incrementTablesQuery = () => queryOptions({ ...operatorReadOptions, queryKey: biddingKeys.increments, queryFn: getIncrementTables });

/** Saves an increment table ({@link saveIncrementTable}); the tables are read again. */
export function useSaveIncrementTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ auctionTypeId, bands }: { auctionTypeId: number | null; bands: IncrementBand[] }) => saveIncrementTable(auctionTypeId, bands),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: biddingKeys.increments }),
  });
}

/** A lot's bids as operators see them, as a query. */
export const lotBidsQuery = (itemId: number) =>
  queryOptions({ ...operatorReadOptions, queryKey: biddingKeys.lotBids(itemId), queryFn: ({ signal }) => getLotBidsForOperators(itemId, signal) });

/** Retracts a bid ({@link retractBid}); every lot's bids read here are read again. */
export function useRetractBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bidId, reason }: { bidId: number; reason: string }) => retractBid(bidId, reason),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: biddingKeys.lotBidsAll }),
  });
}

import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { DEFAULT_BID_INCREMENT, DEFAULT_MAX_BID_FACTOR, normaliseBidFactor, normaliseIncrement } from '@shared/rules/bidding';

/** The bid form's settings: the increment (MWK) and the bid ceiling's factor. */
export interface BidSettings {
  increment: number;
  maxBidFactor: number;
}

/** What the form uses until the settings arrive, or when they can't be read. */
export const DEFAULT_BID_SETTINGS: BidSettings = { increment: DEFAULT_BID_INCREMENT, maxBidFactor: DEFAULT_MAX_BID_FACTOR };

/**
 * `GET /api/settings/auction-bid-increment`: `value`, the bid increment in MWK (minimum 1,
 * default 1), and `max_bid_factor`, how many times the minimum next bid a bid may be (at least
 * 1, default 10); the defaults on any failure. Source: spec/shopping.md §7 and §9; the factor
 * from the fault-hardening review.
 */
export async function getBidSettings(): Promise<BidSettings> {
  try {
    return parseBidSettings(await apiGet('/api/settings/auction-bid-increment'));
  } catch {
    return DEFAULT_BID_SETTINGS;
  }
}

/** The bid settings of an answer of `GET /api/settings/auction-bid-increment` (the defaults when it has another shape). */
export function parseBidSettings(answer: unknown): BidSettings {
  const body = z.object({ value: z.unknown(), max_bid_factor: z.unknown().optional() }).safeParse(answer);
  if (!body.success) return DEFAULT_BID_SETTINGS;
  return { increment: normaliseIncrement(body.data.value), maxBidFactor: normaliseBidFactor(body.data.max_bid_factor) };
}

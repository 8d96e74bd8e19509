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
    const body = z.object({ value: z.unknown(), max_bid_factor: z.unknown().optional() }).parse(await apiGet('/api/settings/auction-bid-increment'));
    return { increment: normaliseIncrement(body.value), maxBidFactor: normaliseBidFactor(body.max_bid_factor) };
  } catch {
    return DEFAULT_BID_SETTINGS;
  }
}

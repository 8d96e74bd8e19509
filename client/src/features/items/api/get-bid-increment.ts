import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { DEFAULT_BID_INCREMENT, normaliseIncrement } from '@shared/rules/bidding';

/**
 * `GET /api/settings/auction-bid-increment`: the bid increment in MWK (minimum 1, default 1
 * on any failure). Source: spec/shopping.md §7 and §9.
 */
export async function getBidIncrement(): Promise<number> {
  try {
    const body = z.object({ value: z.unknown() }).parse(await apiGet('/api/settings/auction-bid-increment'));
    return normaliseIncrement(body.value);
  } catch {
    return DEFAULT_BID_INCREMENT;
  }
}

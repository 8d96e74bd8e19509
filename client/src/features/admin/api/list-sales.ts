import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { advertKeys } from './query-keys';

/** A sale an advert can announce: a live auction type with its dates (ISO, or null). */
export interface SaleOption {
  id: number;
  name: string;
  date_from: string | null;
  date_to: string | null;
}

const saleSchema = z.object({
  id: z.coerce.number(),
  name: z.string(),
  date_from: z.string().nullable().catch(null),
  date_to: z.string().nullable().catch(null),
});

/**
 * `GET /ajax-auction-types?type=live` → the live sales, for the advert form's sale select.
 * Rejects with the api client's error. Source: spec/shopping.md §7; issue 20 item 4.
 */
export async function listSales(): Promise<SaleOption[]> {
  const body = await apiGet('/ajax-auction-types', { type: 'live' });
  const list = Array.isArray(body) ? body : ((body as { data?: unknown[] } | null)?.data ?? []);
  return list.flatMap((entry) => {
    const parsed = saleSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The live sales for the advert form's sale select, as a query. */
export const liveSalesQuery = () => queryOptions({ ...operatorReadOptions, queryKey: advertKeys.liveSales, queryFn: listSales });

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { lotKeys } from './query-keys';

/** `GET /api/admin/lots/{id}` → the lot with every field and its pictures. Rejects with the api client's error (404 'Lot not found'). */
export async function getLot(id: number, signal?: AbortSignal): Promise<LotView> {
  return z.object({ data: lotViewSchema }).parse(await apiGet(`/api/admin/lots/${id}`, undefined, { signal })).data;
}

/** A lot's page as a query. */
export const lotQuery = (id: number) => queryOptions({ ...operatorReadOptions, queryKey: lotKeys.detail(id), queryFn: ({ signal }) => getLot(id, signal) });

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { branchSchema, type Branch } from '@shared/schemas/item.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { saleKeys } from './query-keys';

/** `GET /ajax-branches` → the branches a sale may belong to (`{id, name}`). Rejects with the api client's error. */
export async function listBranches(): Promise<Branch[]> {
  const body = await apiGet('/ajax-branches');
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return z.array(branchSchema).parse(list);
}

/** The branches a sale may belong to, as a query. */
export const branchesQuery = () => queryOptions({ ...operatorReadOptions, queryKey: saleKeys.branches(), queryFn: listBranches });

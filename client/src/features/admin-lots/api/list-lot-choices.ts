import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { branchSchema, type Branch } from '@shared/schemas/item.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { lotKeys } from './query-keys';

/** A sale a lot may be put in, as the lot screens offer it. */
export interface SaleChoice {
  id: number;
  name: string;
  kind: 'cash' | 'online' | 'live';
  status: 'draft' | 'published';
}

const saleChoiceSchema = z.object({ id: z.number(), name: z.string(), kind: z.enum(['cash', 'online', 'live']), status: z.enum(['draft', 'published']) });

/** `GET /api/admin/sales` → every sale (drafts too), newest first, as choices. Rejects with the api client's error. */
export async function listSaleChoices(): Promise<SaleChoice[]> {
  return z.object({ data: z.array(saleChoiceSchema) }).parse(await apiGet('/api/admin/sales')).data;
}

/** `GET /ajax-branches` → the branches a lot may be at. Rejects with the api client's error. */
export async function listBranchChoices(): Promise<Branch[]> {
  const body = await apiGet('/ajax-branches');
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return z.array(branchSchema).parse(list);
}

/** The sales a lot may be put in, as a query. */
export const saleChoicesQuery = () => queryOptions({ ...operatorReadOptions, queryKey: lotKeys.saleChoices(), queryFn: listSaleChoices });

/** The branches a lot may be at, as a query. */
export const branchChoicesQuery = () => queryOptions({ ...operatorReadOptions, queryKey: lotKeys.branchChoices(), queryFn: listBranchChoices });

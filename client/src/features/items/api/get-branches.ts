import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import type { Branch } from '@shared/schemas/item.schema';

/** Branches shown until the server answers. Source: spec/shopping.md §9 "Default branches". */
export const DEFAULT_BRANCHES: Branch[] = [
  { id: 1, name: 'Blantyre' },
  { id: 2, name: 'Lilongwe' },
];

const branchesSchema = z.array(z.object({ id: z.coerce.number(), name: z.string() }));

/** `GET /ajax-branches`: the branches (locations) of the auctioneer. */
export async function getBranches(): Promise<Branch[]> {
  const body = await apiGet('/ajax-branches');
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return branchesSchema.parse(list);
}

/** The branches in the server-state cache, read every 10 minutes at most (they change rarely). */
export const branchesQueryOptions = () => queryOptions({ queryKey: ['branches'], queryFn: getBranches, staleTime: 10 * 60_000 });

/**
 * The branches for the listing's filters, read once a session at most (they change rarely); the
 * defaults until they arrive, and when the server has none or cannot be reached.
 */
export function useBranches(): Branch[] {
  const { data } = useQuery(branchesQueryOptions());
  return data?.length ? data : DEFAULT_BRANCHES;
}

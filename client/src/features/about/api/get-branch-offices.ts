import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { branchOfficeSchema, type BranchOffice } from '@shared/schemas/item.schema';
import { apiGet } from '../../../lib/api-client';
import { aboutKeys } from './query-keys';

/**
 * `GET /ajax-branches`: every branch with its office's address and phone, by id. Throws when
 * the call fails or answers another shape. Source: spec/shopping.md §6 "calls"; offices: issue 20.
 */
export async function getBranchOffices(): Promise<BranchOffice[]> {
  const body = await apiGet('/ajax-branches');
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return z.array(branchOfficeSchema).parse(list);
}

/** The branches' offices: the server's list once it answers with one, `fallback` until then (or if it fails or is empty). */
export function useBranchOffices(fallback: readonly BranchOffice[]): readonly BranchOffice[] {
  const { data } = useQuery({ queryKey: aboutKeys.branchOffices, queryFn: getBranchOffices });
  return data && data.length > 0 ? data : fallback;
}

import { z } from 'zod';
import { branchOfficeSchema, type BranchOffice } from '@shared/schemas/item.schema';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /ajax-branches`: every branch with its office's address and phone, by id. Throws when
 * the call fails or answers another shape. Source: spec/shopping.md §6 "calls"; offices: issue 20.
 */
export async function getBranchOffices(): Promise<BranchOffice[]> {
  const body = await apiGet('/ajax-branches');
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return z.array(branchOfficeSchema).parse(list);
}

import { z } from 'zod';
import { branchSchema, type Branch } from '@shared/schemas/item.schema';
import { apiGet } from '../../../lib/api-client';

/** `GET /ajax-branches` → the branches a sale may belong to (`{id, name}`). Rejects with the api client's error. */
export async function listBranches(): Promise<Branch[]> {
  const body = await apiGet('/ajax-branches');
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return z.array(branchSchema).parse(list);
}

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

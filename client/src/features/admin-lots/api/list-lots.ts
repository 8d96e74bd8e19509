import { lotsPageSchema, type LotsPage } from '@shared/schemas/lot.schema';
import { apiGet } from '../../../lib/api-client';

/** Filters of the lots list (empty: any), and the page. */
export interface LotsFilter {
  search?: string;
  auction_type_id?: string | null;
  kind?: string | null;
  branch_id?: string | null;
  status?: string | null;
  has_pictures?: string | null;
  page?: number;
  per_page?: number;
}

/**
 * `GET /api/admin/lots?search=&auction_type_id=&kind=&branch_id=&status=&has_pictures=&page=&per_page=`
 * → one page of lots (every status), newest first, with `meta` (the spec's pagination). Rejects
 * with the api client's error. Source: issue 13 "Lots (items)".
 */
export async function listLots(filter: LotsFilter): Promise<LotsPage> {
  const body = await apiGet('/api/admin/lots', {
    search: filter.search?.trim(),
    auction_type_id: filter.auction_type_id,
    kind: filter.kind,
    branch_id: filter.branch_id,
    status: filter.status,
    has_pictures: filter.has_pictures,
    page: filter.page,
    per_page: filter.per_page,
  });
  return lotsPageSchema.parse(body);
}

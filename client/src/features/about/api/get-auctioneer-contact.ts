import { queryOptions, useQuery } from '@tanstack/react-query';
import { auctioneerContactViewSchema, DEFAULT_AUCTIONEER_CONTACT, type AuctioneerContact } from '@shared/schemas/auctioneer-contact.schema';
import { apiGet } from '../../../lib/api-client';
import { aboutKeys } from './query-keys';

/**
 * `GET /api/site/contact`: the auctioneer's contact details and office hours. Throws when the
 * call fails or answers another shape. Source: issue 13 "Settlement and results".
 */
export async function getAuctioneerContact(): Promise<AuctioneerContact> {
  const body = await apiGet('/api/site/contact');
  return auctioneerContactViewSchema.parse((body as { data?: unknown } | null)?.data);
}

/** The contact details in the server-state cache: read once a page load (the footer of every page shows them). */
export const auctioneerContactQueryOptions = () => queryOptions({ queryKey: aboutKeys.contact, queryFn: getAuctioneerContact, staleTime: Infinity });

/**
 * The auctioneer's contact details and office hours as operators set them; until the server
 * answers (or if it fails) the defaults the pages always showed, so nothing moves while loading
 * unless an operator changed them. One lookup per page load, shared by the footer and the About
 * page (never stale; a failure is tried again by a later mount). Source: issue 13 "Settlement and results".
 */
export function useAuctioneerContact(): AuctioneerContact {
  const { data } = useQuery(auctioneerContactQueryOptions());
  return data ?? DEFAULT_AUCTIONEER_CONTACT;
}

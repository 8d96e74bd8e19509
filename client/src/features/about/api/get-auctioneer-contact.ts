import { useEffect, useState } from 'react';
import { auctioneerContactViewSchema, DEFAULT_AUCTIONEER_CONTACT, type AuctioneerContact } from '@shared/schemas/auctioneer-contact.schema';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /api/site/contact`: the auctioneer's contact details and office hours. Throws when the
 * call fails or answers another shape. Source: issue 13 "Settlement and results".
 */
export async function getAuctioneerContact(): Promise<AuctioneerContact> {
  const body = await apiGet('/api/site/contact');
  return auctioneerContactViewSchema.parse((body as { data?: unknown } | null)?.data);
}

let known: AuctioneerContact | null = null;
let lookup: Promise<AuctioneerContact | null> | null = null;

/** One lookup per page load, shared by the footer and the About page (a failure may be retried by a later mount). */
function loadAuctioneerContact(): Promise<AuctioneerContact | null> {
  lookup ??= getAuctioneerContact().then(
    (contact) => (known = contact),
    () => {
      lookup = null;
      return null;
    },
  );
  return lookup;
}

/**
 * The auctioneer's contact details and office hours as operators set them; until the server
 * answers (or if it fails) the defaults the pages always showed, so nothing moves while loading
 * unless an operator changed them. Source: issue 13 "Settlement and results".
 */
export function useAuctioneerContact(): AuctioneerContact {
  const [contact, setContact] = useState<AuctioneerContact>(() => known ?? DEFAULT_AUCTIONEER_CONTACT);
  useEffect(() => {
    let cancelled = false;
    void loadAuctioneerContact().then((c) => {
      if (c && !cancelled) setContact(c);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return contact;
}

import { useParams } from 'react-router';
import { BidderPage } from './bidder-page';
import { BiddersList } from './bidders-list';

/** The Bidders section of /admin: the search list at `/admin/bidders`, one bidder's page at `/admin/bidders/{id}`. Source: issue 13 "Bidders". */
export function BiddersSection() {
  const { id } = useParams();
  const userId = Number(id);
  if (id !== undefined && Number.isInteger(userId) && userId > 0) return <BidderPage key={userId} userId={userId} />;
  return <BiddersList />;
}

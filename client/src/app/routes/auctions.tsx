import { usePageTitle } from '../../lib/page-title';
import { ItemListing } from '../../features/items/components/item-listing';
import { WatchButton } from '../../features/watchlist/components/watch-button';
import { CardCartButton } from '../../features/cart/components/item-cart-buttons';

/** /shop and /auctions: the same listing as the home page, without the hero. Source: spec/shopping.md §2. */
export default function AuctionsRoute() {
  usePageTitle('Auctions');
  return (
    <ItemListing
      title="Auctions & Daily Sales"
      renderWatch={(item) => <WatchButton item={item} />}
      renderCartAction={(item) => <CardCartButton item={item} />}
      renderWatchAction={(item) => <WatchButton item={item} variant="button" />}
    />
  );
}

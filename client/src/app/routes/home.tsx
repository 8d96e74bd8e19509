import { Stack } from '@mantine/core';
import { openAuthModal } from '../../lib/auth-modal';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../features/auth/hooks/use-session';
import { AdvertBanner } from '../../features/items/components/advert-banner';
import { HomeHero } from '../../features/items/components/home-hero';
import { ItemListing } from '../../features/items/components/item-listing';
import { CardCartButton } from '../../features/cart/components/item-cart-buttons';
import { SellingPoints } from '../../features/items/components/selling-points';
import { useAdverts, useAdvertsReady } from '../../features/items/hooks/use-adverts';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button';
import { WatchButton } from '../../features/watchlist/components/watch-button';

/**
 * Home page (/ and /homepage): hero when there are no adverts (else the adverts area), the
 * listing, selling points and, for guests, the sign-up invitation. Source: spec/shopping.md §2.
 */
export default function HomeRoute() {
  usePageTitle('Home');
  const { isAuthenticated } = useSession();
  useAdvertsReady();
  const { adverts } = useAdverts();

  return (
    <Stack gap="xl">
      {adverts.length === 0 ? (
        <HomeHero
          onMyBids={() => {
            if (isAuthenticated) window.location.assign('/bid-dashboard');
            else openAuthModal('login', 'Sign in to access your bid dashboard');
          }}
        />
      ) : (
        <AdvertBanner adverts={adverts} />
      )}
      <ItemListing
        titleOrder={adverts.length === 0 ? 2 : 1}
        renderWatch={(item) => <WatchButton item={item} />}
        renderCartAction={(item) => <CardCartButton item={item} />}
        renderWatchAction={(item) => <WatchButton item={item} variant="button" />}
        renderSaveSearch={({ query, name }) => (
          <SaveSearchButton
            query={query}
            suggestedName={name}
            signedIn={isAuthenticated}
            onSignIn={() => openAuthModal('login', 'Sign in to save this search')}
          />
        )}
      />
      <SellingPoints signedIn={isAuthenticated} onSignUp={() => openAuthModal('register')} />
    </Stack>
  );
}

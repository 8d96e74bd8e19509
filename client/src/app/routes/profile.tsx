import { PAGE_TITLES, usePageTitle } from '../../lib/page-title';
import { useSession } from '../../features/auth/hooks/use-session';
import { PayOrder } from '../../features/dashboard/components/pay-won-lot';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { NotificationPreferencesCard } from '../../features/notifications/components/notification-preferences-card';
import { describeSavedQuery, listingPathOf } from '../../features/items/utils/listing-query';
import { SavedSearchesCard } from '../../features/saved-searches/components/saved-searches-card';

/** /profile and /spa/profile (sign-in required): My Profile. Title 'My Profile | Gavel'. */
export default function ProfileRoute() {
  usePageTitle(PAGE_TITLES.profile);
  const { user, status } = useSession();
  return (
    <ProfilePage
      user={user}
      status={status}
      renderPay={(invoice) => <PayOrder order={invoice} size="sm" />}
      settings={
        user ? (
          <>
            <SavedSearchesCard pathOf={listingPathOf} describe={(query) => describeSavedQuery(query)} />
            <NotificationPreferencesCard />
          </>
        ) : null
      }
    />
  );
}

import { usePageTitle } from '../../lib/page-title';
import { DASHBOARD_MESSAGES } from '@shared/messages/dashboard';
import { AuthGuard } from '../../features/auth/components/auth-guard';
import { WatchlistPage } from '../../features/watchlist/components/watchlist-page';

/** /bid-dashboard/watchlist (sign-in required). Source: accounts-and-shell §2. */
export default function BidDashboardWatchlistRoute() {
  usePageTitle('My Watchlist');
  return (
    <AuthGuard modalTitle={DASHBOARD_MESSAGES.signInTitle}>
      <WatchlistPage />
    </AuthGuard>
  );
}

import { useAtomValue } from 'jotai';
import { usePageTitle } from '../../lib/page-title';
import { DASHBOARD_MESSAGES } from '@shared/messages/dashboard';
import { AuthGuard } from '../../features/auth/components/auth-guard';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { LiveIndicator } from '../../features/realtime/components/live-indicator';
import { watchlistCountAtom } from '../../features/watchlist/atoms/watchlist-atoms';
import { WatchlistPanel } from '../../features/watchlist/components/watchlist-panel';

/** /bid-dashboard (sign-in required): the dashboard with the watchlist panel. Source: accounts-and-shell §2. */
export default function BidDashboardRoute() {
  usePageTitle('Bid Dashboard');
  return (
    <AuthGuard modalTitle={DASHBOARD_MESSAGES.signInTitle}>
      <SignedInDashboard />
    </AuthGuard>
  );
}

function SignedInDashboard() {
  const { user } = useSession();
  const watchlistCount = useAtomValue(watchlistCountAtom);
  if (!user) return null;
  return <DashboardPage userId={user.id} watchlistPanel={<WatchlistPanel />} watchlistCount={watchlistCount} liveIndicator={<LiveIndicator />} />;
}

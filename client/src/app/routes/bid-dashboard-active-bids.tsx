import { usePageTitle } from '../../lib/page-title';
import { DASHBOARD_MESSAGES } from '@shared/messages/dashboard';
import { AuthGuard } from '../../features/auth/components/auth-guard';
import { useSession } from '../../features/auth/hooks/use-session';
import { ActiveBidsPage } from '../../features/dashboard/components/active-bids-page';

/** /bid-dashboard/active-bids (sign-in required). Source: accounts-and-shell §2. */
export default function BidDashboardActiveBidsRoute() {
  usePageTitle('Active Bids');
  const { user } = useSession();
  return <AuthGuard modalTitle={DASHBOARD_MESSAGES.signInTitle}>{user && <ActiveBidsPage userId={user.id} />}</AuthGuard>;
}

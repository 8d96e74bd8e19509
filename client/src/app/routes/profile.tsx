import { PAGE_TITLES, usePageTitle } from '../../lib/page-title';
import { useSession } from '../../features/auth/hooks/use-session';
import { ProfilePage } from '../../features/profile/components/profile-page';

/** /profile and /spa/profile (sign-in required): My Profile. Title 'My Profile | Gavel'. */
export default function ProfileRoute() {
  usePageTitle(PAGE_TITLES.profile);
  const { user, status } = useSession();
  return <ProfilePage user={user} status={status} />;
}

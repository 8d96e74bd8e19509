import { usePageTitle } from '../../lib/page-title';
import { LoginPage } from '../../features/auth/components/login-page';

/** /login: the sign-in page. Title 'Sign In | Gavel'. */
export default function LoginRoute() {
  usePageTitle('Sign In');
  return <LoginPage />;
}

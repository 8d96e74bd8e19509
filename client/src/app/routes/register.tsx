import { usePageTitle } from '../../lib/page-title';
import { RegisterPage } from '../../features/auth/components/register-page';

/** /register: the registration page. Title 'Create Account | Gavel'. */
export default function RegisterRoute() {
  usePageTitle('Create Account');
  return <RegisterPage />;
}

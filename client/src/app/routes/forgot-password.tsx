import { usePageTitle } from '../../lib/page-title';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';

/** /forgot-password: ask for a link to choose a new password. Title 'Forgot Password | Gavel'. Source: issue 16. */
export default function ForgotPasswordRoute() {
  usePageTitle('Forgot Password');
  return <ForgotPasswordPage />;
}

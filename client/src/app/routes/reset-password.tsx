import { usePageTitle } from '../../lib/page-title';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';

/** /reset-password?token=…: choose a new password from a mailed link. Title 'Reset Password | Gavel'. Source: issue 16. */
export default function ResetPasswordRoute() {
  usePageTitle('Reset Password');
  return <ResetPasswordPage />;
}

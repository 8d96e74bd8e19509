import { useNavigate } from 'react-router';
import { useSetAtom } from 'jotai';
import { refreshSessionAtom } from '../atoms/session-atoms';
import { AuthPageFrame } from './auth-page-frame';
import { RegisterForm } from './register-form';

/**
 * The /register page: registration form; on success the browser is signed in (the server starts
 * a session with the account, remember false), then home after 1 s. Source: spec/accounts-and-shell.md §2 "/register page" and §4.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const refreshSession = useSetAtom(refreshSessionAtom);

  return (
    <AuthPageFrame page="register">
      <RegisterForm
        variant="page"
        onSuccess={async () => {
          // The server started the session with the account (start_session, remember false).
          await refreshSession({ reconnect: true });
          window.setTimeout(() => navigate('/', { replace: true }), 1000);
        }}
      />
    </AuthPageFrame>
  );
}

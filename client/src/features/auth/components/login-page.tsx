import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSetAtom } from 'jotai';
import { refreshSessionAtom } from '../atoms/session-atoms';
import { AuthPageFrame } from './auth-page-frame';
import { LoginForm } from './login-form';
import { peekAuthRedirect, safeRedirect, takeAuthRedirect } from '../../../lib/auth-redirect';

/**
 * The /login page: sign-in form, 'Login successful! Redirecting...', then the `redirect` query
 * value, else the stored redirect, else / after 1 s. Source: spec/accounts-and-shell.md §2 "/login page".
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refreshSession = useSetAtom(refreshSessionAtom);
  const redirect = safeRedirect(params.get('redirect') ?? peekAuthRedirect());
  const done = useRef(false);

  return (
    <AuthPageFrame page="login">
      <LoginForm
        variant="page"
        redirect={redirect}
        onSuccess={() => {
          if (done.current) return;
          done.current = true;
          takeAuthRedirect();
          void refreshSession({ reconnect: true });
          window.setTimeout(() => navigate(redirect, { replace: true }), 1000);
        }}
      />
    </AuthPageFrame>
  );
}

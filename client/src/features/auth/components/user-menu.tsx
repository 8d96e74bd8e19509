import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { useLocation } from 'react-router';
import { openAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../hooks/use-session';

// The signed-in menu (Menu, Avatar) is not needed to paint a guest's page.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

/** Header control: 'Sign in' for guests, otherwise the user's menu (dashboard, profile, Logout). */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user, status } = useSession();
  const { pathname } = useLocation();

  if (!user) {
    // The sign-in and registration pages carry their own form.
    if (/^(\/(spa|home-vue))?\/(login|register)\/?$/.test(pathname)) return null;
    return <SignInButton compact={compact} loading={status === 'loading'} />;
  }

  return (
    <Suspense fallback={<SignInButton compact={compact} loading />}>
      <AccountMenu user={user} compact={compact} />
    </Suspense>
  );
}

function SignInButton({ compact, loading }: { compact: boolean; loading: boolean }) {
  return (
    <Button variant="filled" color="gold" c="dark.9" size={compact ? 'xs' : 'sm'} loading={loading} onClick={() => openAuthModal('login')}>
      Sign in
    </Button>
  );
}

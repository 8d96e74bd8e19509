import { Center, Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { SignInCard } from '../../../components/sign-in-card';
import { openAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../hooks/use-session';

/**
 * Shows `children` when signed in. Otherwise a card titled 'Authentication Required' with
 * 'Please sign in to continue with this action.', Sign In and Create Account, and opens the
 * sign-in modal once (with `modalTitle` when given, e.g. the dashboard variant).
 * Source: spec/shopping.md §2 "Authentication guard", spec/accounts-and-shell.md §2.
 */
export function AuthGuard({ children, modalTitle }: { children: ReactNode; modalTitle?: string }) {
  const { status } = useSession();

  useEffect(() => {
    if (status === 'guest') openAuthModal('login', modalTitle);
  }, [status, modalTitle]);

  if (status === 'loading') {
    return (
      <Center py={80}>
        <Loader color="gavel" />
      </Center>
    );
  }
  if (status === 'authenticated') return <>{children}</>;
  return <SignInCard title="Authentication Required" message="Please sign in to continue with this action." modalTitle={modalTitle} testId="auth-guard" />;
}

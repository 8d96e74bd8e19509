import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { storeAuthRedirect } from '../../../lib/auth-redirect';
import { useSession } from '../hooks/use-session';

/** Route flags. Source: spec/accounts-and-shell.md §2 "Navigation guard". */
export interface RouteFlags {
  /** Sign-in required (profile, bid dashboard). */
  requiresAuth?: boolean;
  /** Role named admin required; others are sent home. Used by the admin area. */
  requiresAdmin?: boolean;
}

/** True for in-app paths where a protected page shows its own sign-in prompt (`/spa/...`). */
export function isInAppPath(pathname: string): boolean {
  return pathname === '/spa' || pathname.startsWith('/spa/');
}

/**
 * The navigation guard. Signed out on a `requiresAuth` route: under `/spa` the page renders
 * (it shows its own sign-in prompt); elsewhere the visitor goes to `/login?redirect={target}`
 * and the target is stored for after sign-in. `requiresAdmin` without the admin role → `/`.
 * Waits (loader) while the session is being looked up. Source: spec §2 "Navigation guard", §6.
 */
export function RouteGuard({ requiresAuth, requiresAdmin, children }: RouteFlags & { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (!requiresAuth && !requiresAdmin) return <>{children}</>;
  if (status === 'loading') {
    return (
      <Center py={80}>
        <Loader color="gavel" />
      </Center>
    );
  }
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (!user) {
    if (isInAppPath(location.pathname) && !requiresAdmin) return <>{children}</>;
    storeAuthRedirect(target);
    return <Navigate to={`/login?redirect=${encodeURIComponent(target)}`} replace />;
  }
  if (requiresAdmin && !user.roles.some((r) => r.name === 'admin')) return <Navigate to="/" replace />;
  return <>{children}</>;
}

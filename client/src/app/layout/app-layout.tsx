import { Suspense, useEffect } from 'react';
import { Loader, Stack } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { CartSync } from '../../features/cart/components/cart-sync';
import { FloatingCartButton } from '../../features/cart/components/floating-cart-button';
import { useSession } from '../../features/auth/hooks/use-session';
import { OfflineBanner } from '../../components/offline-banner';
import { useBootScreenRelease } from '../../lib/boot-screen';
import { registerServiceWorker } from '../../lib/service-worker';
import { AppFooter, footerVariantFor } from './app-footer';
import { AppHeader } from './app-header';
import { DeferredAuthModal, DeferredCartDrawer } from './deferred-overlays';
import { PageContainer } from './page-container';

/** Page frame: the offline banner, header, the routed page (lazy, with a loader), footer, auth modal, floating cart, cart drawer and cart sync; registers the service worker. */
export function AppLayout() {
  const { user, status } = useSession();
  const { pathname } = useLocation();
  useEffect(registerServiceWorker, []);
  return (
    <>
      <CartSync userId={status === 'loading' ? undefined : (user?.id ?? null)} />
      <OfflineBanner />
      <AppHeader />
      <PageContainer>
        <Suspense
          fallback={
            <Stack align="center" py={80}>
              <Loader color="gavel" />
            </Stack>
          }
        >
          <Outlet />
          <BootScreenRelease />
        </Suspense>
      </PageContainer>
      <AppFooter variant={footerVariantFor(pathname)} />
      <DeferredAuthModal />
      <FloatingCartButton />
      <DeferredCartDrawer />
      <ScrollRestoration />
    </>
  );
}

/** Inside the page's Suspense boundary, after the page: commits with the routed page (after its own layout effects, so a page's hold counts), and only then removes the first screen. */
function BootScreenRelease() {
  useBootScreenRelease();
  return null;
}

import { Suspense, useEffect } from 'react';
import { Box, Container, Loader, Stack } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { CartSync } from '../../features/cart/components/cart-sync';
import { FloatingCartButton } from '../../features/cart/components/floating-cart-button';
import { useSession } from '../../features/auth/hooks/use-session';
import { OfflineBanner } from '../../components/offline-banner';
import { registerServiceWorker } from '../../lib/service-worker';
import { AppFooter, footerVariantFor } from './app-footer';
import { AppHeader } from './app-header';
import { DeferredAuthModal, DeferredCartDrawer } from './deferred-overlays';

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
      {/* At least a screen tall, so the footer starts below the fold and cannot jump when a
          page's data arrives (issue 17 "No layout shift"). */}
      <Box component="main" style={{ flex: 1, minHeight: '100vh' }}>
        <Container size={1400} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
          <Suspense
            fallback={
              <Stack align="center" py={80}>
                <Loader color="gavel" />
              </Stack>
            }
          >
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <AppFooter variant={footerVariantFor(pathname)} />
      <DeferredAuthModal />
      <FloatingCartButton />
      <DeferredCartDrawer />
      <ScrollRestoration />
    </>
  );
}

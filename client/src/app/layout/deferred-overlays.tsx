import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_AUTH_MODAL_EVENT, type OpenAuthModalDetail } from '../../lib/auth-modal';
import { cartDrawerOpenAtom } from '../../features/cart/atoms/cart-atoms';
import { useOnceTrue } from '../../lib/use-once-true';

const AuthModal = lazy(() => import('../../features/auth/components/auth-modal').then((m) => ({ default: m.AuthModal })));
const CartDrawer = lazy(() => import('../../features/cart/components/cart-drawer').then((m) => ({ default: m.CartDrawer })));

/**
 * The sign-in/register modal, loaded only when first asked for (the `open-auth-modal` window
 * event), so its forms and the human-verification widget stay out of the first page's
 * JavaScript (the home route's budget is ≤ 250 KB gzip). It then stays mounted and listens itself.
 */
export function DeferredAuthModal() {
  const [first, setFirst] = useState<OpenAuthModalDetail | null>(null);
  useEffect(() => {
    const onOpen = (e: Event) => setFirst((prev) => prev ?? (e as CustomEvent<OpenAuthModalDetail | undefined>).detail ?? { tab: 'login' });
    window.addEventListener(OPEN_AUTH_MODAL_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_AUTH_MODAL_EVENT, onOpen);
  }, []);
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal initial={first} />
    </Suspense>
  );
}

/** The cart drawer, loaded the first time it opens, then kept mounted. */
export function DeferredCartDrawer() {
  const wanted = useOnceTrue(useAtomValue(cartDrawerOpenAtom));
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}

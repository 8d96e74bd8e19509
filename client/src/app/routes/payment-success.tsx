import { useSetAtom } from 'jotai';
import { PAGE_TITLES, usePageTitle } from '../../lib/page-title';
import { HumanVerification } from '../../components/human-verification/human-verification';
import { refreshSessionAtom } from '../../features/auth/atoms/session-atoms';
import { useSession } from '../../features/auth/hooks/use-session';
import { clearCart, forgetLocalCart } from '../../features/cart/lib/cart-store';
import { PaymentSuccessPage } from '../../features/payments/components/payment-success-page';

/**
 * /payment-success: composes the result page with the session (sign-up offer), the cart (cleared
 * on arrival) and the human-verification widget for the guest sign-up. Source: spec/shopping.md §2, §4.
 */
export default function PaymentSuccessRoute() {
  usePageTitle(PAGE_TITLES.paymentSuccess);
  const { isAuthenticated, status } = useSession();
  const refreshSession = useSetAtom(refreshSessionAtom);
  if (status === 'loading') return null;
  return (
    <PaymentSuccessPage
      isAuthenticated={isAuthenticated}
      onArrive={async () => {
        forgetLocalCart();
        await clearCart({ silent: true });
      }}
      onRegistered={() => void refreshSession({ reconnect: true })}
      verificationSlot={(onToken) => <HumanVerification onToken={onToken} />}
      verificationRequired
    />
  );
}

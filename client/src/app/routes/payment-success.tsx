import { useSetAtom } from 'jotai';
import { usePageTitle } from '../../lib/page-title';
import { refreshSessionAtom } from '../../features/auth/atoms/session-atoms';
import { HUMAN_VERIFICATION_REQUIRED, HumanVerificationSlot } from '../../features/auth/components/human-verification-slot';
import { useSession } from '../../features/auth/hooks/use-session';
import { clearCart, forgetLocalCart } from '../../features/cart/lib/cart-store';
import { PaymentSuccessPage } from '../../features/payments/components/payment-success-page';

/**
 * /payment-success: composes the result page with the session (sign-up offer), the cart (cleared
 * on arrival) and the human-verification widget for the guest sign-up. Source: spec/shopping.md §2, §4.
 */
export default function PaymentSuccessRoute() {
  usePageTitle('Order confirmation');
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
      verificationSlot={(onToken) => <HumanVerificationSlot onToken={onToken} />}
      verificationRequired={HUMAN_VERIFICATION_REQUIRED}
    />
  );
}

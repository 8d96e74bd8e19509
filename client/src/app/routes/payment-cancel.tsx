import { usePageTitle } from '../../lib/page-title';
import { PaymentCancelPage } from '../../features/payments/components/payment-cancel-page';

/** /payment-cancel. Source: spec/shopping.md §2 "Payment cancel page". */
export default function PaymentCancelRoute() {
  usePageTitle('Payment Not Completed');
  return <PaymentCancelPage />;
}

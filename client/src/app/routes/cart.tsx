import { usePageTitle } from '../../lib/page-title';
import { CartPage } from '../../features/cart/components/cart-page';

/** /cart: the cart page. Source: spec/shopping.md §2 "Cart page". */
export default function CartRoute() {
  usePageTitle('Shopping Cart');
  return <CartPage />;
}

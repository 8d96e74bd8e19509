import type { ComponentProps } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * Link to /cart: in-app navigation when the current path is /cart or starts with /spa or
 * /home-vue, otherwise a plain link (full page load). Source: spec/shopping.md §2.
 * Every other anchor prop (class, style, data attributes) is passed through.
 */
export function CartLink({ label, ...props }: Omit<ComponentProps<'a'>, 'href'> & { label: string }) {
  const { pathname } = useLocation();
  const inApp = pathname === '/cart' || pathname.startsWith('/spa') || pathname.startsWith('/home-vue');
  return inApp ? <Link to="/cart" aria-label={label} {...props} /> : <a href="/cart" aria-label={label} {...props} />;
}

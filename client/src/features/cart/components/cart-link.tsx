import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * Link to /cart: in-app navigation when the current path is /cart or starts with /spa or
 * /home-vue, otherwise a plain link (full page load). Source: spec/shopping.md §2.
 */
export function CartLink({ children, className, label }: { children: ReactNode; className?: string; label: string }) {
  const { pathname } = useLocation();
  const inApp = pathname === '/cart' || pathname.startsWith('/spa') || pathname.startsWith('/home-vue');
  return inApp ? (
    <Link to="/cart" className={className} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a href="/cart" className={className} aria-label={label}>
      {children}
    </a>
  );
}

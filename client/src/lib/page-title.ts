import { useEffect } from 'react';

/** Product name every page title ends with. Source: spec/accounts-and-shell.md §2. */
export const PRODUCT_NAME = 'Gavel';

/** Sets `document.title` to `{title} | Gavel` while the calling page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

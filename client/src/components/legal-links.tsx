import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** Where the site's legal pages live (operators edit them at /admin/pages). Source: issue 20 item 5. */
export const LEGAL_PAGES = { terms: '/terms', privacy: '/privacy' } as const;

/**
 * A link to the Terms of sale (`page` terms) or the Privacy notice inside a consent label; it
 * opens in a new tab so a half-filled form is not lost. Source: issue 20 item 5.
 */
export function LegalLink({ page, children }: { page: keyof typeof LEGAL_PAGES; children: ReactNode }) {
  return (
    <Anchor href={LEGAL_PAGES[page]} target="_blank" inherit data-testid={`${page}-link`}>
      {children}
    </Anchor>
  );
}

/** "I accept the terms and conditions and the privacy notice", both linked: the sign-up forms' consent label. */
export function SignUpConsentLabel() {
  return (
    <>
      I accept the <LegalLink page="terms">terms and conditions</LegalLink> and the <LegalLink page="privacy">privacy notice</LegalLink>
    </>
  );
}

import { Container } from '@mantine/core';
import { PAGE_TITLES, usePageTitle } from '../../lib/page-title';
import { AuthGuard } from '../../features/auth/components/auth-guard';
import { HumanVerification } from '../../components/human-verification/human-verification';
import { RegisterBidPage } from '../../features/live-registration/components/register-bid-page';

/** /register-bid: live-auction registration, sign-in required. Title 'Register for Auction | Gavel'. */
export default function RegisterBidRoute() {
  usePageTitle(PAGE_TITLES.registerBid);
  return (
    <Container size={1200} py="xl">
      <AuthGuard>
        <RegisterBidPage verification={(onToken, resetKey) => <HumanVerification onToken={onToken} resetKey={resetKey} />} />
      </AuthGuard>
    </Container>
  );
}

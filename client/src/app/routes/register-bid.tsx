import { Container } from '@mantine/core';
import { usePageTitle } from '../../lib/page-title';
import { AuthGuard } from '../../features/auth/components/auth-guard';
import { HumanVerificationSlot } from '../../features/auth/components/human-verification-slot';
import { RegisterBidPage } from '../../features/live-registration/components/register-bid-page';

/** /register-bid: live-auction registration, sign-in required. Title 'Register for Auction | Gavel'. */
export default function RegisterBidRoute() {
  usePageTitle('Register for Auction');
  return (
    <Container size={1200} py="xl">
      <AuthGuard>
        <RegisterBidPage verification={(onToken) => <HumanVerificationSlot onToken={onToken} />} />
      </AuthGuard>
    </Container>
  );
}

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconLock, IconX } from '@tabler/icons-react';
import { LIVE_AUCTION_MESSAGES as M } from '@shared/messages/live-auctions';
import type { SubscriptionCheck } from '../api/check-subscription';

/**
 * The address of the registration page for a lot: the lot's id (so the page comes back to it
 * after submitting) and its auction (chosen in the selector). Issue 20.
 */
export function registerBidHref(itemId: number, auctionTypeId: number | null): string {
  const q = new URLSearchParams({ item_id: String(itemId) });
  if (auctionTypeId) q.set('auction_type_id', String(auctionTypeId));
  return `/register-bid?${q.toString()}`;
}

/**
 * Where the viewer stands with a live lot's auction, above its bid form:
 * - no registration (or an expired one): the spec's 'Subscription Required' notice with
 *   `message` and the 'Subscribe to Live Auction' link to /register-bid;
 * - pending: 'Registration pending approval' (no link: the auction can't be asked for twice);
 * - declined: 'Registration declined' with the operator's reason and a link to register again;
 * - approved: a short 'Registration approved' line.
 * The links carry the lot ({@link registerBidHref}) so registering comes back to it.
 * Source: spec/shopping.md §2 "Item detail" (Subscription Required), §6; issue 20.
 */
export function RegistrationNotice({
  subscription,
  message,
  auctionName,
  itemId,
  auctionTypeId,
}: {
  subscription: SubscriptionCheck | null;
  /** The not-subscribed text (the server's message, else the spec's). */
  message: string;
  auctionName: string;
  itemId: number;
  auctionTypeId: number | null;
}) {
  const href = registerBidHref(itemId, auctionTypeId);
  const status = subscription?.subscribed ? 'active' : (subscription?.status ?? 'none');
  if (status === 'active') {
    return (
      <Group gap={6} wrap="nowrap" data-testid="registration-approved">
        <IconCircleCheck size={18} color="var(--mantine-color-green-7)" style={{ flexShrink: 0 }} />
        <Text size="sm" c="green.8" fw={600}>
          Registration approved: you can bid in {auctionName}.
        </Text>
      </Group>
    );
  }
  if (status === 'pending') {
    return (
      <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} />} title="Registration pending approval" data-testid="registration-pending">
        <Text size="sm">
          Your registration for “{auctionName}” is waiting for our check of your deposit, usually within one working day. Bidding unlocks on this page as soon
          as it is approved.
        </Text>
      </Alert>
    );
  }
  if (status === 'declined') {
    const text = subscription?.decision ?? M.declined(auctionName, subscription?.declineReason ?? null);
    return (
      <Alert color="red" variant="light" icon={<IconX size={18} />} title="Registration declined" data-testid="registration-declined">
        <Stack gap="xs">
          <Text size="sm">{text}</Text>
          <Text size="sm">You may register again with the reference of a new deposit.</Text>
          <Button component="a" href={href} color="red" variant="light" size="xs" w="fit-content">
            Register again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={18} />} title="Subscription Required" data-testid="subscription-required">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Button component="a" href={href} color="orange" size="xs" w="fit-content">
          Subscribe to Live Auction
        </Button>
      </Stack>
    </Alert>
  );
}

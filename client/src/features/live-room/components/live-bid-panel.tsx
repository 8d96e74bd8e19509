import { Alert, Badge, Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconGavel, IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import { LIVE_MESSAGES, type LiveState } from '@shared/schemas/live-sale.schema';
import type { LiveBidStatus, LiveViewer } from '../hooks/use-live-room';
import { bidBlock, bidderKindText, livePosition } from '../utils/live-room-display';
import classes from './live-room.module.css';

const POSITION_COLORS = { Winning: 'green', Outbid: 'red', Won: 'green' } as const;

/**
 * The bidding panel of the live room (issue 15): the high bid and who holds it (Room, with its
 * paddle, or Online), the viewer's Winning/Outbid badge, the asking price and one large
 * "Bid MK {asking}" button, disabled while a press is in flight. Where the viewer cannot bid it
 * says why instead: sign in (guests), register (not approved), paused, online bidding locked,
 * reconnecting. A refused press shows the room's text under the button.
 */
export function LiveBidPanel({
  state,
  viewer,
  live,
  bid,
  fresh,
  onBid,
}: {
  state: LiveState;
  viewer: LiveViewer | null;
  live: boolean;
  bid: LiveBidStatus;
  /** New bids just arrived: the high bid flashes. */
  fresh: boolean;
  onBid: () => void;
}) {
  const userId = viewer?.user_id ?? null;
  const position = livePosition(state, userId);
  const block = bidBlock(state, viewer, live);
  const lotId = state.lot?.id;
  const error = bid.error && bid.error.lot_id === lotId ? bid.error.message : null;
  const answered = bid.accepted && bid.accepted.lot_id === lotId && !bid.accepted.leading && position === 'Outbid' ? bid.accepted : null;
  const offered = state.status === 'open' || state.status === 'fair_warning' || state.status === 'paused';
  const showButton = viewer?.can_bid === true && offered && state.asking != null;
  const here = `/live/${state.sale_id}`;

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <div>
          <Group justify="space-between" wrap="nowrap" gap="xs" mih={26}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
              {state.status === 'sold' ? 'Hammer price' : state.status === 'passed' ? 'Highest bid (not sold)' : 'High bid'}
            </Text>
            {position && (
              <Badge
                size="lg"
                color={POSITION_COLORS[position]}
                variant={position === 'Won' ? 'light' : 'filled'}
                style={{ flexShrink: 0 }}
                data-testid="live-position"
              >
                {position}
              </Badge>
            )}
          </Group>
          {state.high_bid != null ? (
            <Text
              key={state.high_bid}
              className={classes.amount}
              c={state.status === 'passed' ? 'gray.6' : 'gavel.8'}
              data-flash={fresh}
              data-testid="live-high-bid"
            >
              {formatMK(state.high_bid)}
            </Text>
          ) : (
            <Text className={classes.amount} c="gray.6" data-testid="live-high-bid">
              No bids yet
            </Text>
          )}
          {state.high_bidder && (
            <Text fw={600} size="sm" data-testid="live-high-bidder">
              {bidderKindText(state.high_bidder)}
            </Text>
          )}
        </div>

        {offered && state.asking != null && (
          <>
            <Divider />
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
                Asking
              </Text>
              <Text fw={800} size="xl" data-testid="live-asking">
                {formatMK(state.asking)}
              </Text>
            </Group>
          </>
        )}

        {showButton && (
          <Button
            size="xl"
            fullWidth
            radius="md"
            className={classes.bidButton}
            color={state.status === 'fair_warning' ? 'orange' : 'gavel'}
            leftSection={<IconGavel size={24} />}
            disabled={block !== null}
            loading={bid.pending !== null && !bid.waitingForConnection}
            onClick={onBid}
            data-testid="live-bid-button"
          >
            {block === 'offline' ? 'Reconnecting…' : `Bid ${formatMK(state.asking)}`}
          </Button>
        )}

        {bid.pending && bid.waitingForConnection && (
          <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} />} p="xs" data-testid="live-bid-waiting">
            Connection lost: your bid of {formatMK(bid.pending.amount)} will be sent again as soon as the connection is back.
          </Alert>
        )}

        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="xs" role="alert" data-testid="live-bid-error">
            <Text size="sm" fw={600} c="red.9">
              {error}
            </Text>
          </Alert>
        )}

        {answered && (
          <Text size="sm" c="dimmed" data-testid="live-bid-answered">
            Your bid of {formatMK(answered.amount)} was taken, and an absentee bid answered it.
          </Text>
        )}

        <BlockReason
          block={block === 'offline' && bid.pending ? null : block}
          saleId={state.sale_id}
          registration={viewer?.registration ?? 'none'}
          loginPath={`/login?redirect=${encodeURIComponent(here)}`}
        />
      </Stack>
    </Card>
  );
}

/** The words (and link) shown where the viewer cannot bid now. */
function BlockReason({
  block,
  saleId,
  registration,
  loginPath,
}: {
  block: ReturnType<typeof bidBlock>;
  saleId: number;
  registration: string;
  loginPath: string;
}) {
  switch (block) {
    case 'guest':
      return (
        <Stack gap={6} data-testid="live-bid-reason">
          <Button component={Link} to={loginPath} size="lg" fullWidth variant="filled" data-testid="live-sign-in">
            Sign in to bid
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Anyone may watch. Bidding needs an account approved for this sale.
          </Text>
        </Stack>
      );
    case 'not_approved':
      return (
        <Stack gap={6} data-testid="live-bid-reason">
          <Text size="sm" fw={600}>
            {LIVE_MESSAGES.notRegistered}
          </Text>
          {registration === 'pending' && (
            <Text size="sm" c="dimmed">
              Your registration for this sale is waiting for approval.
            </Text>
          )}
          <Button component={Link} to={`/register-bid?auction_type_id=${saleId}`} variant="light" fullWidth data-testid="live-register">
            {registration === 'pending' ? 'See your registration' : 'Register for this sale'}
          </Button>
        </Stack>
      );
    case 'paused':
      return (
        <Text size="sm" fw={600} c="yellow.9" data-testid="live-bid-reason">
          {LIVE_MESSAGES.paused}
        </Text>
      );
    case 'locked':
      return (
        <Text size="sm" fw={600} c="orange.9" data-testid="live-bid-reason">
          {LIVE_MESSAGES.onlineLocked}
        </Text>
      );
    case 'offline':
      return (
        <Text size="sm" c="dimmed" data-testid="live-bid-reason">
          The connection to the room was lost. Reconnecting…
        </Text>
      );
    case 'leading':
      return (
        <Text size="sm" fw={600} c="green.8" data-testid="live-bid-reason">
          You hold the high bid. The button comes back when someone bids over you.
        </Text>
      );
    case 'waiting':
      return (
        <Text size="sm" c="dimmed" data-testid="live-bid-reason">
          Waiting for the auctioneer to open the first lot
        </Text>
      );
    case 'closed':
      return (
        <Text size="sm" c="dimmed" data-testid="live-bid-reason">
          Bidding on this lot has ended. Stay here for the next lot.
        </Text>
      );
    default:
      return null;
  }
}

import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useLiveRoom } from '../hooks/use-live-room';
import { statusBanner } from '../utils/live-room-display';
import { LiveBidPanel } from './live-bid-panel';
import { LiveBidStream } from './live-bid-stream';
import { LiveLotBlock } from './live-lot-block';
import { LiveNextLots } from './live-next-lots';
import { LiveWebcast } from './live-webcast';
import classes from './live-room.module.css';

/**
 * `/live/{id}`: the bidder's live room of sale `saleId` (issue 15 "The bidder's live room"). Anyone
 * may watch; the page follows the room over the socket: the sale's name, whether the page is live,
 * the clerk's message, the status banner (waiting, fair warning, sold, passed, paused), the sale's
 * webcast, the lot on the block, the high bid and the bid button, the lot's bids (newest first)
 * and the next lots. Laid out for a 390 px phone first (the button in view), two columns from a laptop up.
 */
export function LiveRoomPage({ saleId }: { saleId: number }) {
  const room = useLiveRoom(saleId);
  const { state, viewer } = room;
  usePageTitle(state ? `Live: ${state.sale.name}` : room.joinError === 'Sale not found' ? 'Sale Not Found' : 'Live auction');

  if (!state) {
    if (room.joinError) {
      return (
        <Stack align="center" py={80} gap="md" data-testid="live-room-unavailable">
          <Title order={2} ta="center">
            {room.joinError}
          </Title>
          <Button component={Link} to="/auctions">
            All auctions
          </Button>
        </Stack>
      );
    }
    return (
      <Stack align="center" py={80} gap="sm">
        <Loader color="gavel" />
        <Text c="dimmed">Joining the live room…</Text>
      </Stack>
    );
  }

  const banner = statusBanner(state, viewer?.user_id ?? null);
  const fairWarning = state.status === 'fair_warning';
  return (
    <Stack gap="md" data-testid="live-room" data-status={state.status} data-seq={state.seq}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Breadcrumbs separator="›" style={{ minWidth: 0 }}>
            <Anchor component={Link} to="/auctions" size="sm">
              Auctions
            </Anchor>
            <Anchor component={Link} to={`/auctions/${saleId}`} size="sm">
              Catalogue
            </Anchor>
          </Breadcrumbs>
          <Badge
            variant="dot"
            color={room.live ? 'red' : 'gray'}
            size="md"
            style={{ flexShrink: 0 }}
            data-testid="live-connection"
            data-connected={room.live ? 'true' : 'false'}
          >
            {room.live ? 'Live' : 'Reconnecting…'}
          </Badge>
        </Group>
        <Title order={1} fz={{ base: 20, sm: 28 }} lh={1.2} data-testid="live-sale-name">
          {state.sale.name}
        </Title>
      </Stack>

      {room.joinError && (
        <Alert color="yellow" variant="light" p="xs">
          {room.joinError}
        </Alert>
      )}

      {state.message && (
        <Alert color="blue" variant="light" icon={<IconSpeakerphone size={18} />} p="xs" data-testid="live-message">
          <Text size="sm" fw={700}>
            {state.message}
          </Text>
        </Alert>
      )}

      {banner && (
        <Alert
          color={banner.color}
          variant={fairWarning ? 'filled' : 'light'}
          title={banner.title}
          role="status"
          p="sm"
          data-testid="live-status-banner"
          styles={{ title: { fontSize: fairWarning ? '1.5rem' : '1.1rem', fontWeight: 800, marginBottom: banner.text ? 2 : 0 } }}
        >
          {banner.text}
        </Alert>
      )}

      {state.lot && (
        <div className={classes.layout}>
          <Stack gap="md" className={classes.lot}>
            {state.webcast && <LiveWebcast webcast={state.webcast} />}
            <LiveLotBlock key={state.lot.id} lot={state.lot} />
          </Stack>
          <div className={classes.panel}>
            <LiveBidPanel state={state} viewer={viewer} live={room.live} bid={room.bid} fresh={room.freshBidIds.size > 0} onBid={room.placeBid} />
          </div>
          <div className={classes.bids}>
            <LiveBidStream bids={state.bids} fresh={room.freshBidIds} userId={viewer?.user_id ?? null} />
          </div>
          <div className={classes.next}>
            <LiveNextLots lots={state.next_lots} />
          </div>
        </div>
      )}
      {!state.lot && state.webcast && <LiveWebcast webcast={state.webcast} />}
      {!state.lot && <LiveNextLots lots={state.next_lots} />}
    </Stack>
  );
}

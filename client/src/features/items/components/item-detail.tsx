import { useDataSaver } from '../../../lib/data-saver';
import { useEffect } from 'react';
import { Anchor, Badge, Box, Breadcrumbs, Button, Grid, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PublicUser } from '@shared/schemas/auth.schema';
import type { Item } from '@shared/schemas/item.schema';
import { detailTiming, displayStatus, itemKind, standingChanges } from '@shared/rules/item-status';
import { bidRefusal, needsRegistration } from '@shared/rules/bid-refusal';
import { lotOutcome } from '@shared/rules/lot-outcome';
import { useBootScreenHold } from '../../../lib/boot-screen';
import { usePageTitle } from '../../../lib/page-title';
import { useNowAround } from '../../../lib/server-clock';
import { useBidSettings, useSubscriptionCheck } from '../hooks/use-bid-support';
import { useLiveItem } from '../hooks/use-live-item';
import { itemImages, itemName, referenceCode } from '../utils/item-display';
import { BidForm, effectiveMinimum } from './bid-form';
import { BidHistory } from './bid-history';
import { ItemGallery } from './item-gallery';
import { ItemBadges } from './item-type-badge';
import { PricePanel } from './price-panel';

function goBack(navigate: ReturnType<typeof useNavigate>, hasHistory: boolean) {
  if (hasHistory) navigate(-1);
  else navigate('/');
}

/**
 * The item page (/item/{id}): breadcrumb, gallery with lightbox, badges, description, live
 * price panel, bid form (or cart buttons), bid history; 'Loading item details...' while loading
 * and 'Item Not Found' with Go Back on failure. `user` is the signed-in viewer or null.
 * Source: spec/shopping.md §2 "Item detail".
 */
export function ItemDetail({
  itemId,
  user,
  liveIndicator,
  renderWatch,
  renderCartActions,
  renderWonActions,
}: {
  itemId: number;
  user: PublicUser | null;
  liveIndicator?: React.ReactNode;
  /** Optional control beside the title (the app puts the watch button here). */
  renderWatch?: (item: Item) => React.ReactNode;
  /** Cart buttons of a daily-sale item (composed by the app layer). */
  renderCartActions?: (item: Item) => React.ReactNode;
  /** The winner's actions on a lot they won (the app puts the Pay button here; issue 13 "Settlement"). */
  renderWonActions?: (item: Item) => React.ReactNode;
}) {
  const live = useLiveItem(itemId, user?.id ?? null);
  const { increment, maxBidFactor } = useBidSettings();
  const [saveData] = useDataSaver();
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  const item = live.item;
  // What the page shows of the lot's standing changes only at its opening, its last 24 hours and
  // its close; the countdown (PricePanel's TimeLeft) and the bids' times tick apart.
  const now = useNowAround(item ? standingChanges(item) : []);
  // Live sales, and sales that ask a deposit (issue 13), need the bidder's registration.
  const registrationNeeded = item ? needsRegistration(item) : false;
  const sub = useSubscriptionCheck(item?.auction_type_id ?? null, !!user && registrationNeeded);

  usePageTitle(item ? itemName(item) : live.error ? 'Item Not Found' : 'Loading item');
  // The lot as the server drew it stays until this page can show the lot itself (issue 17).
  useBootScreenHold(live.loading && !item);

  useEffect(() => {
    if (item && location.hash === '#bid') document.getElementById('bid')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [item?.id, location.hash]);

  if (live.loading && !item) {
    return (
      <Stack align="center" py={80} gap="sm" data-testid="item-loading">
        <Loader color="gavel" />
        <Text c="dimmed">Loading item details...</Text>
      </Stack>
    );
  }

  if (!item) {
    return (
      <Stack align="center" py={80} gap="md" data-testid="item-error">
        <ThemeIcon size={72} radius="xl" color="red" variant="light">
          <IconAlertCircle size={38} />
        </ThemeIcon>
        <Title order={2}>Item Not Found</Title>
        <Text c="dimmed" ta="center">
          {live.error}
        </Text>
        <Button leftSection={<IconArrowLeft size={16} />} onClick={() => goBack(navigate, hasHistory)}>
          Go Back
        </Button>
      </Stack>
    );
  }

  const name = itemName(item);
  // A lot that has not started yet is not Active: the shared bid rule says it cannot take a bid.
  const timing = bidRefusal(item, now)?.reason === 'not_started' ? 'Upcoming' : detailTiming(item.date_to, now);
  const min = effectiveMinimum(item, increment);
  // An ended lot still waiting for its close is already unsold when its reserve was not reached.
  const endedBelowReserve = bidRefusal(item, now)?.reason === 'ended' && item.status === 'available' && item.closed_by == null && item.reserve_met === false;
  const viewerId = user?.id ?? null;
  const outcome = lotOutcome(
    endedBelowReserve ? { ...item, status: 'unsold' } : item,
    viewerId,
    viewerId !== null && (item.viewer?.leading ?? live.position === 'Winning'),
  );
  const operator = user?.roles.some((r) => r.name === 'admin') ?? false;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Breadcrumbs separator="›" style={{ minWidth: 0, flex: 1 }} styles={{ root: { flexWrap: 'nowrap', overflow: 'hidden' } }}>
          <Anchor component={Link} to="/" size="sm">
            Portal
          </Anchor>
          <Anchor component={Link} to="/auctions" size="sm">
            Auctions
          </Anchor>
          <Text size="sm" c="dimmed" truncate maw={{ base: 140, sm: 480 }}>
            {name}
          </Text>
        </Breadcrumbs>
        <Group gap="sm" wrap="nowrap">
          <Box visibleFrom="sm">{liveIndicator}</Box>
          <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={() => goBack(navigate, hasHistory)}>
            Back
          </Button>
        </Group>
      </Group>

      <Stack gap={6}>
        <Group gap={6}>
          <ItemBadges item={item} now={now} />
          {/* The timing badge (spec §"Item timing on the detail page") says nothing new when the status badge already reads ENDING SOON. */}
          {itemKind(item) !== 'cash' && timing && timing.toUpperCase() !== displayStatus(item, now) && (
            <Badge
              variant="light"
              color={timing === 'Ended' ? 'gray' : timing === 'Ending Soon' ? 'orange' : timing === 'Upcoming' ? 'blue' : 'green'}
              data-testid="timing-badge"
            >
              {timing}
            </Badge>
          )}
          {item.is_reserved && (
            <Badge color="grape" variant="filled" data-testid="reserved-badge">
              Reserved (COD)
            </Badge>
          )}
          {item.featured && (
            <Badge color="gold" c="dark.9" variant="filled">
              Featured
            </Badge>
          )}
          <Box hiddenFrom="sm">{liveIndicator}</Box>
        </Group>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.2}>
            {name}
          </Title>
          {renderWatch?.(item)}
        </Group>
        <Group gap="md" style={{ rowGap: 2 }}>
          <Text size="sm" c="dimmed" ff="monospace">
            Ref: {referenceCode(item)}
          </Text>
          {item.branch?.name && (
            <Group gap={4}>
              <IconMapPin size={14} color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                {item.branch.name}
              </Text>
            </Group>
          )}
          {item.auction_type.name && (
            <Text size="sm" c="dimmed">
              {item.auction_type.name}
            </Text>
          )}
        </Group>
      </Stack>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ItemGallery images={itemImages(item, saveData)} name={name} />
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} visibleFrom="md">
              <Description text={item.description} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: 84 }}>
            <PricePanel item={item} now={now} minNextBid={min} position={live.position} outcome={outcome} />
            {outcome === 'won' && renderWonActions?.(item)}
            <BidForm
              item={item}
              user={user}
              now={now}
              increment={increment}
              maxBidFactor={maxBidFactor}
              subscription={sub.check}
              subscriptionChecking={sub.checking}
              reloadItem={live.reloadItem}
              onPlaced={live.applyOwnBid}
              cartActions={renderCartActions?.(item)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={12} hiddenFrom="md">
          <Paper withBorder radius="md" p="md">
            <Description text={item.description} />
          </Paper>
        </Grid.Col>
        {itemKind(item) !== 'cash' && (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <BidHistory
              bids={live.bids}
              pagination={live.pagination}
              page={live.bidPage}
              loading={live.bidsLoading}
              error={live.bidsError}
              closedBy={item.closed_by}
              winningAmount={item.bid_amount}
              meId={user?.id ?? null}
              onPage={live.setBidPage}
              onRetry={live.retryBids}
            />
            {operator && (
              <Anchor component={Link} to={`/admin/bidding?item=${item.id}`} size="sm" mt="xs" display="inline-block" data-testid="manage-bids">
                Manage bids (retract)
              </Anchor>
            )}
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

function Description({ text }: { text: string | null }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Description
      </Title>
      {text ? (
        <Text style={{ whiteSpace: 'pre-line' }} lh={1.65} data-testid="item-description">
          {text}
        </Text>
      ) : (
        <Text c="dimmed">No description provided.</Text>
      )}
    </Stack>
  );
}

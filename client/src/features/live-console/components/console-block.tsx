import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconMessage, IconPhoto } from '@tabler/icons-react';
import { formatMK } from '@shared/rules/money';
import type { LiveState } from '@shared/schemas/live-sale.schema';
import { STATUS_BADGES, highBidderText } from '../utils/console-display';
import { liveLotLabel as lotLabel } from '../../../components/live-bids-card';
import classes from './live-console.module.css';

/** The reserve line: "No reserve", "Reserve met (MK …)" or "Reserve not met (MK …)"; operators see the amount. */
function ReserveLine({ state }: { state: LiveState }) {
  const lot = state.lot;
  if (!lot) return null;
  const amount = lot.reserve_price != null ? ` (${formatMK(lot.reserve_price)})` : '';
  if (lot.reserve_met == null && lot.reserve_price == null)
    return (
      <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
        No reserve
      </Badge>
    );
  return lot.reserve_met ? (
    <Badge variant="light" color="green" style={{ textTransform: 'none' }} data-testid="console-reserve">
      Reserve met{amount}
    </Badge>
  ) : (
    <Badge variant="light" color="red" style={{ textTransform: 'none' }} data-testid="console-reserve">
      Reserve not met{amount}
    </Badge>
  );
}

/**
 * The lot on the block (issue 15 "The clerk's console"): its picture, "Lot {n}" and name, the room's
 * status (Open, Fair warning, Sold, Passed, Paused, Waiting), whether online bidding is locked, the
 * asking price (big), the high bid and who holds it ("Room, paddle 12" or "Online — name"), the
 * reserve (met or not, with its amount) and the message the room shows bidders.
 */
export function ConsoleBlock({ state, fresh }: { state: LiveState; fresh: boolean }) {
  const lot = state.lot;
  const status = STATUS_BADGES[state.status];
  return (
    <Card withBorder padding="md" radius="md" className={classes.blockCard}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge size="lg" color={status.color} variant="filled" data-testid="console-status" data-status={state.status}>
            {status.label}
          </Badge>
          {state.online_locked && (
            <Badge size="lg" color="red" variant="light" leftSection={<IconLock size={14} />} data-testid="console-online-locked">
              Online bidding locked
            </Badge>
          )}
          {lot && <ReserveLine state={state} />}
        </Group>

        {lot ? (
          <Group gap="md" align="flex-start" wrap="nowrap">
            {lot.picture ? (
              <img className={classes.picture} src={lot.picture} alt={lot.name} />
            ) : (
              <Group className={classes.picture} justify="center" align="center">
                <IconPhoto size={36} color="var(--mantine-color-gray-5)" />
              </Group>
            )}
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
                {lotLabel(lot)}
              </Text>
              <Text fw={700} size="lg" lh={1.2} lineClamp={3} data-testid="console-block-lot-name">
                {lot.name}
              </Text>
              <Text size="xs" c="dimmed">
                Starting at {formatMK(lot.target_amount)}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Text c="dimmed" data-testid="console-block-lot-name">
            No lot on the block: open the next lot to start.
          </Text>
        )}

        <Group align="flex-end" wrap="wrap" style={{ rowGap: 6, columnGap: 32 }}>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
              Asking
            </Text>
            <Text className={classes.asking} data-testid="console-asking">
              {state.asking != null ? formatMK(state.asking) : '—'}
            </Text>
          </div>
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
              High bid
            </Text>
            <Text fw={800} fz="xl" data-testid="console-high-bid">
              {state.high_bid != null ? formatMK(state.high_bid) : '—'}
            </Text>
            <Text
              size="sm"
              fw={600}
              c={state.high_bidder?.kind === 'online' ? 'violet.8' : undefined}
              bg={fresh ? 'yellow.2' : undefined}
              px={fresh ? 4 : 0}
              style={{ borderRadius: 4 }}
              data-testid="console-high-bidder"
            >
              {highBidderText(state.high_bidder)}
            </Text>
          </div>
        </Group>

        {state.message && (
          <Alert variant="light" color="blue" icon={<IconMessage size={18} />} p="xs" data-testid="console-current-message">
            <Text size="sm">
              <Text span fw={700} size="sm">
                Message to bidders:
              </Text>{' '}
              {state.message}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

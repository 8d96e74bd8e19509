import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { formatMK } from '@shared/rules/money';
import type { LiveConsoleLot } from '@shared/schemas/live-sale.schema';
import { lotStatusBadge } from '../utils/console-display';
import { liveLotLabel as lotLabel } from '../../../components/live-bids-card';
import classes from './live-console.module.css';

/**
 * The sale's lots in order (issue 15 "The clerk's console"): lot number, picture, name, starting
 * amount and status (Available, Sold to …, Unsold); the lot on the block highlighted (and scrolled
 * into view inside the list); every available lot not on the block has an Open button that puts it
 * on the block (`onOpen(lotId)`), disabled when `canOpen` is false (a lot still open for bids).
 */
export function ConsoleLotList({
  lots,
  blockLotId,
  canOpen,
  busy,
  onOpen,
}: {
  lots: LiveConsoleLot[];
  blockLotId: number | null;
  canOpen: boolean;
  busy: boolean;
  onOpen: (lotId: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = scroller.current;
    if (!box || blockLotId == null || box.scrollHeight <= box.clientHeight) return;
    const row = box.querySelector<HTMLElement>(`[data-lot-id="${blockLotId}"]`);
    if (!row) return;
    const top = row.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + row.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTo({ top: Math.max(0, top - 8), behavior: 'smooth' });
  }, [blockLotId, lots.length]);

  const left = lots.filter((l) => l.status === 'available').length;

  return (
    <Card withBorder padding="sm" radius="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          Lots
        </Title>
        <Text size="xs" c="dimmed">
          {left} of {lots.length} to offer
        </Text>
      </Group>
      <div ref={scroller} className={classes.lotsScroll} style={{ position: 'relative' }}>
        <Stack gap={6}>
          {lots.length === 0 && (
            <Text size="sm" c="dimmed">
              This sale has no lots.
            </Text>
          )}
          {lots.map((lot) => {
            const onBlock = lot.id === blockLotId;
            const badge = lotStatusBadge(lot);
            return (
              <Group
                key={lot.id}
                className={classes.lotRow}
                data-on-block={onBlock}
                data-lot-id={lot.id}
                data-testid="console-lot-row"
                gap="sm"
                wrap="nowrap"
                align="flex-start"
              >
                {lot.picture ? (
                  <img className={classes.thumb} src={lot.picture} alt="" loading="lazy" />
                ) : (
                  <Group className={classes.thumb} justify="center" align="center">
                    <IconPhoto size={20} color="var(--mantine-color-gray-5)" />
                  </Group>
                )}
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap" justify="space-between" mih={lot.status === 'available' && !onBlock ? 32 : undefined}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="xs" fw={700} c={onBlock ? 'blue.8' : 'dimmed'} style={{ flexShrink: 0 }}>
                        {lotLabel(lot)}
                      </Text>
                      {onBlock && (
                        <Badge size="xs" color="blue" variant="filled">
                          On the block
                        </Badge>
                      )}
                    </Group>
                    {lot.status === 'available' && !onBlock && (
                      <Button
                        size="compact-sm"
                        h={32}
                        px="md"
                        variant="light"
                        disabled={!canOpen || busy}
                        onClick={() => onOpen(lot.id)}
                        aria-label={`Open ${lotLabel(lot)}`}
                      >
                        Open
                      </Button>
                    )}
                  </Group>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {lot.name}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <Text size="xs" c="dimmed">
                      From {formatMK(lot.target_amount)}
                    </Text>
                    <Badge size="xs" variant="light" color={badge.color} style={{ textTransform: 'none', maxWidth: '100%' }}>
                      {badge.label}
                    </Badge>
                  </Group>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      </div>
    </Card>
  );
}

import { ActionIcon, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import type { SaleLot } from '@shared/schemas/sale.schema';
import { formatCloseTime } from '../utils/sale-display';
import classes from './sale-lots-order.module.css';

/** A lot's state in words and colour: open, sold, unsold, withdrawn. */
function lotState(lot: SaleLot): { label: string; color: string } {
  if (lot.status === 'withdrawn') return { label: 'Withdrawn', color: 'gray' };
  if (lot.status === 'sold') return { label: 'Sold', color: 'green' };
  if (lot.status === 'unsold') return { label: 'Unsold', color: 'orange' };
  return lot.closed ? { label: 'Closed', color: 'gray' } : { label: 'Open', color: 'blue' };
}

/** `list` with the lot `id` moved to index `to`. */
function moved(list: SaleLot[], id: number, to: number): SaleLot[] {
  const from = list.findIndex((l) => l.id === id);
  if (from < 0 || from === to) return list;
  const next = [...list];
  const [lot] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, lot);
  return next;
}

/**
 * A sale's lots in lot order, to put in a new order: drag a lot by its handle (mouse) or move it
 * with its up and down buttons (touch, keyboard). Each new order is saved at once through
 * `onReorder` (every lot id, lot 1 first), which answers the lots as the server numbered them (and,
 * in a staggered sale, their new ends); a refused order puts the list back. Lot numbers shown are
 * the saved ones. Source: issue 13 "Sales" (drag to reorder; lot numbers follow).
 */
export function SaleLotsOrder({ lots, onReorder }: { lots: SaleLot[]; onReorder: (ids: number[]) => Promise<SaleLot[] | null> }) {
  const [order, setOrder] = useState(lots);
  const [saving, setSaving] = useState(false);
  const dragging = useRef<number | null>(null);
  const saved = useRef(lots);

  useEffect(() => {
    setOrder(lots);
    saved.current = lots;
  }, [lots]);

  const save = async (next: SaleLot[]) => {
    if (next.every((l, i) => l.id === saved.current[i]?.id)) {
      setOrder(saved.current);
      return;
    }
    setOrder(next);
    setSaving(true);
    const answer = await onReorder(next.map((l) => l.id));
    setSaving(false);
    if (answer) {
      saved.current = answer;
      setOrder(answer);
    } else {
      setOrder(saved.current);
    }
  };

  if (order.length === 0) {
    return (
      <Card withBorder radius="lg">
        <Text c="dimmed">No lots in this sale yet.</Text>
      </Card>
    );
  }

  return (
    <Stack gap={6} data-testid="sale-lots" aria-busy={saving}>
      {order.map((lot, index) => {
        const state = lotState(lot);
        return (
          <Card
            key={lot.id}
            withBorder
            radius="md"
            padding="xs"
            className={classes.row}
            data-testid="sale-lot"
            data-lot-id={lot.id}
            draggable={!saving}
            onDragStart={(e) => {
              dragging.current = lot.id;
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(lot.id));
            }}
            onDragOver={(e) => {
              e.preventDefault();
              if (dragging.current != null && dragging.current !== lot.id) setOrder((list) => moved(list, dragging.current!, index));
            }}
            onDrop={(e) => e.preventDefault()}
            onDragEnd={() => {
              dragging.current = null;
              void save(order);
            }}
          >
            <Group gap="sm" wrap="nowrap" align="center">
              <IconGripVertical size={18} className={classes.handle} aria-hidden="true" />
              <Text fw={700} w={42} ta="right" ff="monospace" data-testid="lot-number">
                {lot.lot_number ?? '—'}
              </Text>
              {lot.image ? (
                <Image src={lot.image} alt="" w={48} h={48} radius="sm" fit="cover" />
              ) : (
                <Stack w={48} h={48} align="center" justify="center" bg="gray.1" style={{ borderRadius: 4, flexShrink: 0 }}>
                  <IconPhoto size={18} color="gray" />
                </Stack>
              )}
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text component={Link} to={`/item/${lot.id}`} fw={600} size="sm" lineClamp={2} data-testid="lot-name">
                  {lot.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {lot.code ?? `Lot #${lot.id}`} · closes {formatCloseTime(lot.date_to)}
                </Text>
                <Group gap={6} hiddenFrom="sm">
                  <Badge size="xs" color={state.color} variant="light">
                    {state.label}
                  </Badge>
                  <Text size="xs">{formatMK(lot.bid_amount ?? lot.target_amount)}</Text>
                </Group>
              </Stack>
              <Stack gap={0} align="flex-end" visibleFrom="sm" w={150}>
                <Badge color={state.color} variant="light" data-testid="lot-state">
                  {state.label}
                </Badge>
                <Text size="sm" fw={600}>
                  {formatMK(lot.bid_amount ?? lot.target_amount)}
                </Text>
                <Text size="xs" c="dimmed">
                  {lot.bid_count} {lot.bid_count === 1 ? 'bid' : 'bids'}
                </Text>
              </Stack>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move lot ${lot.lot_number ?? index + 1} up`}
                  disabled={index === 0 || saving}
                  onClick={() => void save(moved(order, lot.id, index - 1))}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move lot ${lot.lot_number ?? index + 1} down`}
                  disabled={index === order.length - 1 || saving}
                  onClick={() => void save(moved(order, lot.id, index + 1))}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

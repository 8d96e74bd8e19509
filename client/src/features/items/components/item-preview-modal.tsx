import { Badge, Button, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Item } from '@shared/schemas/item.schema';
import { formatMK } from '@shared/rules/money';
import { itemKind } from '@shared/rules/item-status';
import { lotCountdown } from '@shared/rules/time-left';
import { formatDateTimeGB } from '../../../lib/dates';
import { cardImage, itemName, referenceCode } from '../utils/item-display';
import { priceBlock } from './item-card';
import { ItemBadges } from './item-type-badge';

/**
 * Quick view of an item from the listing, with a link to its page: picture, badges, price, bid
 * count and its countdown (to the opening, with 'opens {date}', while it has not started).
 */
export function ItemPreviewModal({ item, now, onClose }: { item: Item | null; now: Date; onClose: () => void }) {
  const image = item ? cardImage(item) : null;
  return (
    <Modal opened={item !== null} onClose={onClose} size="lg" centered title={item ? itemName(item) : ''} radius="md">
      {item && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {image ? (
            <Image src={image} alt={itemName(item)} radius="md" fit="cover" h={260} />
          ) : (
            <Stack h={260} align="center" justify="center" bg="gray.1" style={{ borderRadius: 8 }} c="gray.5">
              <IconPhoto size={40} />
              <Text fw={600}>No Image</Text>
            </Stack>
          )}
          <Stack gap="sm">
            <Group gap={6}>
              <ItemBadges item={item} now={now} />
              {item.is_reserved && <Badge color="grape">Reserved (COD)</Badge>}
            </Group>
            <Text size="xs" c="dimmed" ff="monospace">
              {referenceCode(item)}
            </Text>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {priceBlock(item).label}
              </Text>
              <Text fw={800} fz={26} c="gavel.8">
                {formatMK(priceBlock(item).amount)}
              </Text>
            </div>
            {itemKind(item) !== 'cash' && <PreviewTiming item={item} now={now} />}
            {item.description && (
              <Text size="sm" c="dimmed" lineClamp={5}>
                {item.description}
              </Text>
            )}
            <Button component={Link} to={`/item/${item.id}`} onClick={onClose} mt="auto">
              View Details
            </Button>
          </Stack>
        </SimpleGrid>
      )}
    </Modal>
  );
}

function PreviewTiming({ item, now }: { item: Item; now: Date }) {
  const countdown = lotCountdown(item, now, 'card');
  return (
    <Text size="sm" data-testid="preview-timing">
      {item.bid_count} bids · {countdown.label} <b>{countdown.text}</b>
      {countdown.opensAt ? <> · opens {formatDateTimeGB(countdown.opensAt)}</> : item.date_to && <> · ends {formatDateTimeGB(item.date_to)}</>}
    </Text>
  );
}

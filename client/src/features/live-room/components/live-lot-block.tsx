import { useState } from 'react';
import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { formatMK } from '@shared/rules/money';
import type { LiveLot } from '@shared/schemas/live-sale.schema';
import { liveLotLabel as lotLabel } from '../../../components/live-bids-card';
import classes from './live-room.module.css';

/** The lot's pictures: `pictures` when it has several, else `picture`. */
function lotPictures(lot: LiveLot): string[] {
  if (lot.pictures && lot.pictures.length > 0) return lot.pictures;
  return lot.picture ? [lot.picture] : [];
}

/**
 * The lot on the block (issue 15 "The bidder's live room"): its picture, "Lot {n}", name, a short
 * description and the starting amount. On a phone a square picture beside the name (a tap shows
 * the next picture) and two lines of description, so the bid button stays in view; from a laptop
 * up a large picture with thumbnails to switch between several.
 */
export function LiveLotBlock({ lot }: { lot: LiveLot }) {
  const pictures = lotPictures(lot);
  const [chosen, setChosen] = useState(0);
  const wide = useMediaQuery('(min-width: 62em)');
  const index = chosen < pictures.length ? chosen : 0;
  return (
    <Card withBorder radius="md" padding="sm">
      <div className={classes.lotGrid}>
        <div>
          {pictures.length > 0 ? (
            <button
              type="button"
              className={classes.pictureButton}
              onClick={() => !wide && setChosen((index + 1) % pictures.length)}
              aria-label={pictures.length > 1 ? `Picture ${index + 1} of ${pictures.length}: show the next` : lot.name}
            >
              <img key={pictures[index]} src={pictures[index]} alt={lot.name} className={classes.picture} fetchPriority="high" />
              {pictures.length > 1 && (
                <span className={classes.pictureCount}>
                  {index + 1}/{pictures.length}
                </span>
              )}
            </button>
          ) : (
            <div className={classes.noPicture}>
              <IconPhoto size={32} stroke={1.4} />
              <Text size="xs" fw={600}>
                No Image
              </Text>
            </div>
          )}
          {pictures.length > 1 && (
            <div className={classes.thumbs}>
              {pictures.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  className={classes.thumb}
                  data-active={i === index}
                  onClick={() => setChosen(i)}
                  aria-label={`Picture ${i + 1} of ${pictures.length}`}
                >
                  <img src={src} alt="" loading="lazy" />
                </button>
              ))}
            </div>
          )}
        </div>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <div>
            <Badge variant="filled" color="dark" size="md" data-testid="live-lot-number">
              {lotLabel(lot)}
            </Badge>
          </div>
          <Title order={2} fz={{ base: 18, md: 24 }} lh={1.2} data-testid="live-lot-name">
            {lot.name}
          </Title>
          <Text size="sm" c="dimmed">
            Starting at{' '}
            <Text span fw={700} c="dark" data-testid="live-starting-amount">
              {formatMK(lot.target_amount)}
            </Text>
          </Text>
          {lot.description && (
            <Text size="sm" c="dimmed" lineClamp={wide ? 5 : 2} style={{ whiteSpace: 'pre-line' }}>
              {lot.description}
            </Text>
          )}
        </Stack>
      </div>
    </Card>
  );
}

import { AspectRatio, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { advertCountdown, advertHref } from '@shared/rules/advert-countdown';
import type { MediaVariantView } from '@shared/schemas/lot.schema';
import { Picture } from '../../../components/picture';
import { useDataSaver } from '../../../lib/data-saver';
import { pictureSource } from '../../../lib/picture-srcset';
import { useServerNow } from '../../../lib/server-clock';
import type { Advert } from '../api/get-adverts';
import classes from './advert-countdown.module.css';

/** Days, hours, minutes and seconds left until `dateTo` (all zero once past). */
function countdownParts(dateTo: string | null, now: Date): { label: string; value: number }[] | null {
  if (!dateTo) return null;
  const left = Math.max(0, new Date(dateTo).getTime() - now.getTime());
  if (!Number.isFinite(left)) return null;
  const s = Math.floor(left / 1000);
  return [
    { label: 'days', value: Math.floor(s / 86400) },
    { label: 'hours', value: Math.floor((s % 86400) / 3600) },
    { label: 'min', value: Math.floor((s % 3600) / 60) },
    { label: 'sec', value: s % 60 },
  ];
}

/** The widest a banner is drawn (CSS px): the page's width. */
const BANNER_WIDTH = 1400;

/** What a countdown counts to, said above it. */
const COUNTS_TO_LABEL = { starts: 'Starts in', ends: 'Ends in', advert: null } as const;

/**
 * Adverts area: each shown advert as a banner (its picture whole, then its text) with a
 * countdown in days, hours, minutes and seconds, ticking each second on the server's clock
 * (`time:sync`), zero once past, linking to /register-bid. The countdown runs to `date_to`; an
 * advert linked to a sale counts to the sale's start (its end while live) and links to that
 * sale's registration (shared/rules/advert-countdown.ts).
 * Source: spec/accounts-and-shell.md §4 "Banner countdown", spec/shopping.md §2; issue 20 item 4.
 */
export function AdvertBanner({ adverts }: { adverts: Advert[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: adverts.length > 1 ? 2 : 1 }} spacing="md" data-testid="adverts">
      {adverts.map((a, index) => (
        <Paper
          key={a.id}
          component="a"
          href={advertHref(a)}
          radius="lg"
          withBorder
          style={{ overflow: 'hidden', textDecoration: 'none' }}
          bg="gavel.9"
          data-testid="advert-banner"
        >
          {a.image && (
            <AspectRatio ratio={3}>
              <BannerPicture image={a.image} sizes={a.image_variants} twoColumns={adverts.length > 1} first={index === 0} />
            </AspectRatio>
          )}
          <Stack p="md" gap="sm" c="white">
            <Text fw={600} lineClamp={2}>
              {a.description || 'Upcoming live auction'}
            </Text>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <AdvertCountdown advert={a} />
              <Button component="span" color="gold" c="dark.9" size="sm" rightSection={<IconArrowRight size={16} />}>
                Register to bid
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * A banner's picture: AVIF, else WebP, at the stored width the screen needs (a phone takes 480 or
 * 800 px of the 1200, a third of the bytes: issue 17 "Pictures: srcset"); with data saver on, the
 * narrowest stored width alone, whatever the screen (issue 17 "A data saver switch"); a banner
 * stored without sizes shows its one file. The first banner is the home page's largest picture:
 * fetched first.
 */
function BannerPicture({ image, sizes, twoColumns, first }: { image: string; sizes: MediaVariantView[]; twoColumns: boolean; first: boolean }) {
  const [saveData] = useDataSaver();
  // Two banners side by side from `md` (62em) up, in a page at most 1400 px wide.
  const shown = twoColumns ? `(min-width: 62em) min(50vw, ${BANNER_WIDTH / 2}px), 100vw` : `min(100vw, ${BANNER_WIDTH}px)`;
  return (
    <div className={classes.picture}>
      <Picture
        source={pictureSource({ url: image, original_url: image, variants: sizes }, BANNER_WIDTH, image, saveData)}
        sizes={shown}
        alt=""
        fetchPriority={first ? 'high' : undefined}
      />
    </div>
  );
}

/**
 * One advert's countdown, ticking each second on the server's clock; only it renders again each
 * second, not the banner with its picture (issue 17: little work on a cheap phone).
 */
function AdvertCountdown({ advert }: { advert: Advert }) {
  const now = useServerNow(1000);
  const countdown = advertCountdown(advert, now);
  const parts = countdownParts(countdown.target, now);
  const label = COUNTS_TO_LABEL[countdown.counts_to];
  if (!parts) return null;
  // Plain elements with a stylesheet: this part is drawn again every second, and each styled
  // component would add its own work to it on a cheap phone (issue 17).
  return (
    <div className={classes.root} aria-label={label ?? 'Time left'} data-testid="advert-countdown" data-counts-to={countdown.counts_to}>
      {label && (
        <span className={classes.label} data-testid="advert-countdown-label">
          {label}
        </span>
      )}
      {parts.map((p) => (
        <span key={p.label} className={classes.part}>
          <span className={classes.value}>{String(p.value).padStart(2, '0')}</span>
          <span className={classes.unit}>{p.label}</span>
        </span>
      ))}
    </div>
  );
}

import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconGavel } from '@tabler/icons-react';
import classes from './home-hero.module.css';

/**
 * Home hero, shown only when there are no adverts: two actions, view my bids and watchlist
 * (`onMyBids`: sign-in dialog for guests) and learn more. Source: spec/shopping.md §2.
 */
export function HomeHero({ onMyBids }: { onMyBids: () => void }) {
  return (
    <Box className={classes.hero} data-testid="home-hero">
      <Stack gap="md" maw={640} pos="relative" style={{ zIndex: 1 }}>
        <Text size="xs" fw={700} tt="uppercase" className={classes.eyebrow}>
          Malawi's trusted auctioneers
        </Text>
        <Title order={1} fz={{ base: 28, sm: 44 }} className={classes.title}>
          Bid live, buy today, <span className={classes.accent}>win with confidence</span>.
        </Title>
        <Text fz={{ base: 15, sm: 18 }} c="gray.2" maw={560} visibleFrom="sm">
          Vehicles, property, equipment and household lots from our Blantyre and Lilongwe branches: daily sales at a fixed price, online auctions and live
          auction days with real-time bidding.
        </Text>
        <Text fz={15} c="gray.2" hiddenFrom="sm">
          Daily sales, online auctions and live auction days with real-time bidding.
        </Text>
        <Group gap="sm" mt="xs">
          <Button size="md" color="gold" c="dark.9" leftSection={<IconGavel size={18} />} onClick={onMyBids}>
            View my bids &amp; watchlist
          </Button>
          <Button size="md" variant="outline" color="white" component="a" href="/about" rightSection={<IconArrowRight size={16} />}>
            Learn more
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconCertificate, IconShieldCheck } from '@tabler/icons-react';

const POINTS = [
  { icon: IconShieldCheck, title: 'Secure bidding', text: 'Every bid is checked and recorded by our server; no two bids can both win.' },
  { icon: IconBolt, title: 'Real-time updates', text: 'Prices, bids and countdowns update live on every screen, without reloading.' },
  { icon: IconCertificate, title: 'A trusted platform', text: 'Over 34 years of auctioneering, valuation and estate services in Malawi.' },
];

/** Selling points strip and, for guests, the sign-up invitation. Source: spec/shopping.md §1–§2. */
export function SellingPoints({ signedIn, onSignUp }: { signedIn: boolean; onSignUp: () => void }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {POINTS.map((p) => (
          <Paper key={p.title} withBorder radius="md" p="lg">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" color="gavel" variant="light">
                <p.icon size={24} />
              </ThemeIcon>
              <div>
                <Text fw={700}>{p.title}</Text>
                <Text size="sm" c="dimmed">
                  {p.text}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      {!signedIn && (
        <Paper
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          bg="gold.0"
          withBorder
          style={{ borderColor: 'var(--mantine-color-gold-3)' }}
          data-testid="signup-invite"
        >
          <Group justify="space-between" gap="md">
            <div>
              <Title order={2} size="h3">
                Ready to bid?
              </Title>
              <Text c="dimmed">Create a free account to bid on online auctions, keep a watchlist and follow your bids.</Text>
            </div>
            <Button size="md" onClick={onSignUp}>
              Create an account
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconGavel, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';

/** Footer links. Source: spec/shopping.md §2 "Footer variants" and accounts-and-shell §2. */
const LINKS = [
  { href: '/', label: 'Home' },
  { href: '/register-bid', label: 'Register Bid' },
  { href: '/cart', label: 'Cart' },
  { href: '/checkout', label: 'Checkout' },
  { href: '/bid-dashboard', label: 'Bid Dashboard' },
  { href: '/spa/profile', label: 'Profile' },
];

/** The global footer: company blurb, the six links, contact details and one external credit link. */
export function AppFooter() {
  return (
    <Box component="footer" bg="#05301b" c="gray.3" mt="xl" data-testid="site-footer">
      <Container size={1400} py={40}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Group gap={8}>
              <IconGavel size={22} color="var(--mantine-color-gold-5)" />
              <Text fw={800} size="xl" c="white">
                Gavel
              </Text>
            </Group>
            <Text size="sm" c="gray.4" maw={320}>
              Auctioneers, valuers and estate agents serving Malawi for over 34 years. Secure bidding, real-time updates, a
              trusted platform.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white" size="sm" tt="uppercase" lts={1}>
              Quick links
            </Text>
            <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
              {LINKS.map((l) => (
                <Anchor key={l.href} href={l.href} c="gray.3" size="sm">
                  {l.label}
                </Anchor>
              ))}
            </SimpleGrid>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white" size="sm" tt="uppercase" lts={1}>
              Contact
            </Text>
            <Group gap={8} wrap="nowrap">
              <IconMapPin size={16} />
              <Text size="sm">Blantyre and Lilongwe branches</Text>
            </Group>
            <Group gap={8} wrap="nowrap">
              <IconPhone size={16} />
              <Text size="sm">Mon-Fri 8:00-5:00, Sat 9:00-3:00</Text>
            </Group>
            <Group gap={8} wrap="nowrap">
              <IconMail size={16} />
              <Anchor href="/about" c="gray.3" size="sm">
                Contact us
              </Anchor>
            </Group>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" color="rgba(255,255,255,0.12)" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="gray.5">
            © {new Date().getFullYear()} Gavel. All rights reserved.
          </Text>
          <Text size="xs" c="gray.5">
            Icons by{' '}
            <Anchor href="https://tabler.io/icons" target="_blank" rel="noopener noreferrer" c="gold.4" size="xs">
              Tabler Icons
            </Anchor>
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

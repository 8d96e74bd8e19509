import { DataSaverSwitch } from '../../components/data-saver-switch';
import { ActionIcon, Anchor, Badge, Box, Button, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandWhatsapp, IconClock, IconGavel, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { officeHoursLine } from '@shared/schemas/auctioneer-contact.schema';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';
import { useAuctioneerContact } from '../../features/about/api/get-auctioneer-contact';

/** Footer variants. Source: spec/shopping.md §2 "Footer variants". */
export type FooterVariant = 'default' | 'dark' | 'brand' | 'brandLight' | 'customer' | 'minimal';

/** The global footer links (spec/accounts-and-shell.md §2, spec/shopping.md §2). */
export const FOOTER_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/register-bid', label: 'Register Bid' },
  { href: '/cart', label: 'Cart' },
  { href: '/checkout', label: 'Checkout' },
  { href: '/bid-dashboard', label: 'Bid Dashboard' },
  { href: '/spa/profile', label: 'Profile' },
];

const BROWSE_LINKS = [
  { href: '/auctions', label: 'All auctions' },
  { href: '/shop', label: 'Daily sales' },
  { href: '/about', label: 'About us' },
];

/** The legal pages operators keep at /admin/pages (issue 20 item 5). */
const LEGAL_LINKS = [
  { href: '/terms', label: 'Terms of sale' },
  { href: '/privacy', label: 'Privacy' },
];

const SOCIAL = [
  { href: 'https://www.facebook.com/', label: 'Facebook', icon: IconBrandFacebook },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', icon: IconBrandLinkedin },
  { href: 'https://wa.me/2651820000', label: 'WhatsApp', icon: IconBrandWhatsapp },
];

const PAYMENT_METHODS = ['DPO Pay', 'Visa', 'Mastercard', 'Airtel Money', 'TNM Mpamba', 'Cash on Delivery'];

const PALETTE: Record<Exclude<FooterVariant, 'minimal' | 'customer'>, { bg: string; text: string; dim: string; head: string; dark: boolean }> = {
  default: { bg: '#05301b', text: 'var(--mantine-color-gray-3)', dim: 'var(--mantine-color-gray-5)', head: 'white', dark: true },
  dark: { bg: '#141517', text: 'var(--mantine-color-gray-4)', dim: 'var(--mantine-color-gray-6)', head: 'white', dark: true },
  brand: {
    bg: 'linear-gradient(120deg, #053a20 0%, #0f6a3a 100%)',
    text: 'var(--mantine-color-gray-2)',
    dim: 'var(--mantine-color-gray-4)',
    head: 'white',
    dark: true,
  },
  brandLight: { bg: '#e8f5ee', text: 'var(--mantine-color-dark-6)', dim: 'var(--mantine-color-dark-3)', head: '#064526', dark: false },
};

/** Which footer a path gets: sign-in pages minimal, account and shopping pages customer, About brand. */
export function footerVariantFor(pathname: string): FooterVariant {
  const p = pathname.replace(/^\/(spa|home-vue)(?=\/|$)/, '') || '/';
  if (/^\/(login|register|logout)$/.test(p)) return 'minimal';
  if (/^\/(profile|bid-dashboard|cart|checkout|payment-success|payment-cancel|register-bid)(\/|$)/.test(p)) return 'customer';
  if (/^\/about/.test(p)) return 'brand';
  if (/^\/item\//.test(p)) return 'brandLight';
  if (/^\/(auctions|shop)$/.test(p)) return 'dark';
  return 'default';
}

function CreditLink({ color, linkColor = 'gold.5' }: { color: string; linkColor?: string }) {
  return (
    <Text size="xs" c={color}>
      Icons by{' '}
      <Anchor href="https://tabler.io/icons" target="_blank" rel="noopener noreferrer" c={linkColor} size="xs">
        Tabler Icons
      </Anchor>
    </Text>
  );
}

function Copyright({ color }: { color: string }) {
  const { company_name } = useAuctioneerContact();
  return (
    <Text size="xs" c={color}>
      © {new Date().getFullYear()} {company_name}. All rights reserved.
    </Text>
  );
}

function LinkList({ links, color }: { links: { href: string; label: string }[]; color: string }) {
  return (
    <Stack gap={6}>
      {links.map((l) => (
        <Anchor key={l.label} href={l.href} c={color} size="sm">
          {l.label}
        </Anchor>
      ))}
    </Stack>
  );
}

/**
 * The bottom bar of the minimal and customer footers: the global links (small, `linkColor`) on the
 * left, the copyright line and the credit link (`textColor`, its link `creditLinkColor`) on the right.
 */
function FooterBottomBar({ linkColor, textColor, creditLinkColor }: { linkColor: string; textColor: string; creditLinkColor?: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="md" component="nav" aria-label="Footer" style={{ rowGap: 4 }}>
        {[...FOOTER_LINKS, ...LEGAL_LINKS].map((l) => (
          <Anchor key={l.href} href={l.href} size="xs" c={linkColor}>
            {l.label}
          </Anchor>
        ))}
      </Group>
      <Group gap="md">
        <Copyright color={textColor} />
        <DataSaverSwitch color={textColor} />
        <CreditLink color={textColor} linkColor={creditLinkColor} />
      </Group>
    </Group>
  );
}

/**
 * The site footer in one of six variants (default, dark, brand, brandLight, customer, minimal).
 * Every variant carries the global links (Home, Register Bid, Cart, Checkout, Bid Dashboard,
 * Profile) and the external credit link; the full variants add company info, social links,
 * navigation columns, the newsletter form, legal links and the copyright line; customer adds a
 * help banner, three contact blocks and payment methods. The office hours, phone, email and
 * address are the operators' setting `auctioneer_contact` (its defaults until it answers).
 * Source: spec/shopping.md §2; the setting: issue 13.
 */
export function AppFooter({ variant = 'default', newsletter = true }: { variant?: FooterVariant; newsletter?: boolean }) {
  const contact = useAuctioneerContact();
  if (variant === 'minimal') {
    return (
      <Box
        component="footer"
        py="md"
        mt="xl"
        bg="gray.0"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        data-testid="site-footer"
        data-variant="minimal"
      >
        <Container size={1400}>
          <FooterBottomBar linkColor="dimmed" textColor="dimmed" creditLinkColor="gavel.7" />
        </Container>
      </Box>
    );
  }
  if (variant === 'customer') return <CustomerFooter />;
  const c = PALETTE[variant];
  return (
    <Box component="footer" mt="xl" style={{ background: c.bg, color: c.text }} data-testid="site-footer" data-variant={variant}>
      <Container size={1400} py={40}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: newsletter ? 4 : 3 }} spacing="xl">
          <Stack gap="xs">
            <Group gap={8}>
              <IconGavel size={22} color="var(--mantine-color-gold-5)" />
              <Text fw={800} size="xl" c={c.head}>
                Gavel
              </Text>
            </Group>
            <Text size="sm" c={c.text} maw={320}>
              Auctioneers, valuers and estate agents serving Malawi for over 34 years. Secure bidding, real-time updates, a trusted platform.
            </Text>
            <Group gap={6} mt={4}>
              {SOCIAL.map((s) => (
                <ActionIcon
                  key={s.label}
                  component="a"
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={s.label}
                  variant={c.dark ? 'subtle' : 'light'}
                  color={c.dark ? 'gray.3' : 'gavel'}
                  radius="xl"
                >
                  <s.icon size={18} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c={c.head} size="sm" tt="uppercase" lts={1}>
              Quick links
            </Text>
            <SimpleGrid cols={2} spacing={6} verticalSpacing={6} component="nav" aria-label="Footer">
              {FOOTER_LINKS.map((l) => (
                <Anchor key={l.href} href={l.href} c={c.text} size="sm">
                  {l.label}
                </Anchor>
              ))}
            </SimpleGrid>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c={c.head} size="sm" tt="uppercase" lts={1}>
              Browse
            </Text>
            <LinkList links={BROWSE_LINKS} color={c.text} />
            <Group gap={8} wrap="nowrap" mt={6}>
              <IconClock size={16} />
              <Text size="sm" data-testid="footer-hours">
                {officeHoursLine(contact)}
              </Text>
            </Group>
          </Stack>
          {newsletter && <NewsletterForm dark={c.dark} />}
        </SimpleGrid>
        <Divider my="lg" color={c.dark ? 'rgba(255,255,255,0.12)' : 'gray.3'} />
        <Group justify="space-between" gap="xs">
          <Group gap="md" style={{ rowGap: 4 }}>
            <Copyright color={c.dim} />
            {LEGAL_LINKS.map((l) => (
              <Anchor key={l.label} href={l.href} size="xs" c={c.dim}>
                {l.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="md">
            <DataSaverSwitch color={c.dim} />
            <CreditLink color={c.dim} linkColor={c.dark ? 'gold.5' : 'gavel.7'} />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

function CustomerFooter() {
  const contact = useAuctioneerContact();
  const blocks = [
    { icon: IconPhone, title: 'Call us', lines: [contact.phone, '+265 1 750 000 (Lilongwe)'] },
    { icon: IconMail, title: 'Email', lines: [contact.email, 'We answer within one working day.'] },
    { icon: IconMapPin, title: 'Address', lines: [contact.physical_address, officeHoursLine(contact)] },
  ];
  return (
    <Box component="footer" mt="xl" data-testid="site-footer" data-variant="customer">
      <Box bg="gold.1" py="md">
        <Container size={1400}>
          <Group justify="space-between" gap="sm">
            <Text fw={600} c="dark.7">
              {ACCOUNT_MESSAGES.customerFooterBanner}
            </Text>
            <Button component="a" href={`mailto:${contact.email}`} color="gavel" size="sm" leftSection={<IconMail size={16} />}>
              Contact us
            </Button>
          </Group>
        </Container>
      </Box>
      <Box bg="#05301b" c="gray.3">
        <Container size={1400} py={32}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
            {blocks.map((b) => (
              <Group key={b.title} gap="sm" align="flex-start" wrap="nowrap">
                <Box mt={2}>
                  <b.icon size={22} color="var(--mantine-color-gold-5)" />
                </Box>
                <Stack gap={2}>
                  <Text fw={700} c="white">
                    {b.title}
                  </Text>
                  {b.lines.map((line) => (
                    <Text key={line} size="sm">
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
          <Group gap={6} mt="lg" aria-label="Payment methods">
            {PAYMENT_METHODS.map((m) => (
              <Badge key={m} variant="outline" color="gray.4" radius="sm" size="md" c="gray.2">
                {m}
              </Badge>
            ))}
          </Group>
          <Divider my="lg" color="rgba(255,255,255,0.12)" />
          <FooterBottomBar linkColor="gray.4" textColor="gray.5" />
        </Container>
      </Box>
    </Box>
  );
}

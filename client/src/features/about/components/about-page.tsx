import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingEstate,
  IconClock,
  IconGavel,
  IconMail,
  IconMailbox,
  IconMapPin,
  IconPhone,
  IconReceipt2,
  IconScale,
  IconTruckReturn,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { officeHoursRows, type AuctioneerContact } from '@shared/schemas/auctioneer-contact.schema';
import { useAuctioneerContact } from '../api/get-auctioneer-contact';
import { useBranchOffices } from '../api/get-branch-offices';
import { ABOUT } from '../about-content';
import { OfficeMap } from './office-map';
import classes from './about-page.module.css';

const SERVICE_ICONS = { auctioneering: IconGavel, estate: IconBuildingEstate, valuation: IconScale, repossession: IconTruckReturn } as const;

/** A `tel:` link's target: the number without spaces or brackets. */
const telHref = (phone: string) => `tel:${phone.replace(/[\s()-]/g, '')}`;

/** The auctioneer's own contact card: company, office and postal address, phone and email (setting `auctioneer_contact`). */
function ContactCard({ contact }: { contact: AuctioneerContact }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="auctioneer-contact">
      <Text fw={700} mb={6}>
        {contact.company_name}
      </Text>
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{contact.physical_address}</Text>
        </Group>
        {contact.postal_address && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMailbox size={16} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">{contact.postal_address}</Text>
          </Group>
        )}
        <Group gap="md" style={{ rowGap: 6 }}>
          <Group gap={6} wrap="nowrap">
            <IconPhone size={16} style={{ flexShrink: 0 }} />
            <Text size="sm" component="a" href={telHref(contact.phone)} c="gavel.8" style={{ whiteSpace: 'nowrap' }}>
              {contact.phone}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconMail size={16} style={{ flexShrink: 0 }} />
            <Text size="sm" component="a" href={`mailto:${contact.email}`} c="gavel.8" style={{ overflowWrap: 'anywhere' }}>
              {contact.email}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The About Us page: hero, services, stats, office visit (map, the auctioneer's contact card,
 * every branch's office with its address and phone, hours) and a call to action (contact by
 * email, view current auctions → /). The contact details and hours are the operators' setting,
 * the defaults shown until it answers.
 * Source: spec/accounts-and-shell.md §1, §2; every branch: issue 20; the setting: issue 13.
 */
export function AboutPage() {
  const offices = useBranchOffices(ABOUT.offices);
  const contact = useAuctioneerContact();
  return (
    <Stack gap={48}>
      <Box className={classes.hero} data-testid="about-hero">
        <Stack gap="md" maw={720}>
          <Badge color="gold" variant="filled" c="dark.9" size="lg" w="fit-content">
            {ABOUT.yearsInBusiness} years in business
          </Badge>
          <Title order={1} className={classes.heroTitle}>
            Malawi&apos;s trusted auctioneers, valuers and estate agents
          </Title>
          <Text size="lg" className={classes.heroText}>
            For over three decades we have helped families, banks, businesses and courts buy and sell with confidence: secure bidding, real-time updates and a
            trusted platform.
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/" size="md" color="gold" c="dark.9">
              View current auctions
            </Button>
            <Button component="a" href={`mailto:${contact.email}`} size="md" variant="white" color="gavel" leftSection={<IconMail size={18} />}>
              Contact us by email
            </Button>
          </Group>
        </Stack>
      </Box>

      <Stack gap="lg" component="section" aria-labelledby="services-title">
        <Stack gap={4} align="center">
          <Title order={2} id="services-title" ta="center">
            Our services
          </Title>
          <Text c="dimmed" ta="center" maw={560}>
            One firm for the whole life of an asset: valuing it, selling it, and recovering it when needed.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {ABOUT.services.map((s) => {
            const Icon = SERVICE_ICONS[s.key];
            return (
              <Card key={s.key} withBorder radius="lg" padding="lg" className={classes.service}>
                <ThemeIcon size={48} radius="md" variant="light" color="gavel" mb="sm">
                  <Icon size={26} />
                </ThemeIcon>
                <Text fw={700} size="lg">
                  {s.title}
                </Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {s.text}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="section" aria-label="Our record" className={classes.stats}>
        {ABOUT.stats.map((s) => (
          <Stack key={s.label} gap={0} align="center" py="lg">
            <Text className={classes.statValue}>{s.value}</Text>
            <Text fw={600} c="gray.2">
              {s.label}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>

      <Stack gap="lg" component="section" aria-labelledby="visit-title">
        <Title order={2} id="visit-title">
          Visit our offices
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <OfficeMap address={contact.physical_address} />
          <Stack gap="md">
            <ContactCard contact={contact} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {offices.map((o) => (
                <Card key={o.id} withBorder radius="md" padding="md" data-testid="branch-office">
                  <Text fw={700}>
                    {o.name}
                    {o.name === ABOUT.headOfficeBranch ? ' (head office)' : ''}
                  </Text>
                  {o.address && (
                    <Text size="sm" c="dimmed">
                      {o.address}
                    </Text>
                  )}
                  {o.phone && (
                    <Group gap={6} mt={6} wrap="nowrap">
                      <IconPhone size={16} style={{ flexShrink: 0 }} />
                      <Text size="sm" component="a" href={`tel:${o.phone.replace(/\s/g, '')}`} c="gavel.8" style={{ whiteSpace: 'nowrap' }}>
                        {o.phone}
                      </Text>
                    </Group>
                  )}
                </Card>
              ))}
            </SimpleGrid>
            <Card withBorder radius="md" padding="md" data-testid="business-hours">
              <Group gap={8} mb="xs">
                <IconClock size={18} />
                <Text fw={700}>Business hours</Text>
              </Group>
              <Table verticalSpacing={4} withRowBorders={false}>
                <Table.Tbody>
                  {officeHoursRows(contact).map((h) => (
                    <Table.Tr key={h.days}>
                      <Table.Td>{h.days}</Table.Td>
                      <Table.Td ta="right" fw={600} c={h.time === 'Closed' ? 'red.9' : undefined}>
                        {h.time}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </Stack>
        </SimpleGrid>
      </Stack>

      <Card radius="lg" padding="xl" className={classes.cta} component="section">
        <Group justify="space-between" gap="lg">
          <Stack gap={4} maw={560}>
            <Title order={2} c="white">
              Ready to bid, buy or sell?
            </Title>
            <Text c="gray.2">Browse what is under the hammer today, or write to us about valuing or selling your assets.</Text>
          </Stack>
          <Group gap="sm">
            <Button component="a" href={`mailto:${contact.email}`} variant="white" color="gavel" leftSection={<IconMail size={18} />}>
              Contact by email
            </Button>
            <Button component={Link} to="/" color="gold" c="dark.9" leftSection={<IconReceipt2 size={18} />}>
              View current auctions
            </Button>
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}

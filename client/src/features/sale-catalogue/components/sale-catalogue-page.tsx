import { Alert, Anchor, Badge, Breadcrumbs, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import type { PublicSale } from '@shared/schemas/sale.schema';
import { useBootScreenHold } from '../../../lib/boot-screen';
import { formatDateTimeGB } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { useSaleCatalogue } from '../hooks/use-sale-catalogue';
import { CatalogueLot } from './catalogue-lot';

/** How the sale's lots close, in the bidders' words. */
function closingText(sale: PublicSale): string | null {
  if (sale.kind === 'live') return 'Lots are sold under the hammer in the live sale.';
  if (sale.kind !== 'online') return null;
  if (sale.stagger_seconds == null) return 'Each lot closes at its own time.';
  if (sale.stagger_seconds === 0) return 'Every lot closes when the sale ends.';
  return `Lots close one after another, ${sale.stagger_seconds} seconds apart, from ${formatDateTimeGB(sale.date_to)}.`;
}

/**
 * `/auctions/{id}`: a published sale's catalogue: what, where and when, the deposit to register
 * (with the registration link) and the buyer's premium, then its lots in lot order with their
 * live price, where each stands and the countdown to each lot's own close (server-synchronised
 * clock; soft close and staggered closes move it live). "Load more" reads the next lots.
 * Source: issue 13 "Sales".
 */
export function SaleCataloguePage({ saleId, liveIndicator }: { saleId: number; liveIndicator?: React.ReactNode }) {
  const catalogue = useSaleCatalogue(saleId);
  const { sale, lots } = catalogue;
  usePageTitle(sale ? sale.name : catalogue.error === 'Sale not found' ? 'Sale Not Found' : 'Loading sale');
  // The catalogue as the server drew it stays until this page can show the sale and its lots (issue 17).
  useBootScreenHold(catalogue.loading);

  if (catalogue.loading && !sale) {
    return (
      <Stack align="center" py={80} gap="sm">
        <Loader color="gavel" />
        <Text c="dimmed">Loading the sale…</Text>
      </Stack>
    );
  }
  if (!sale) {
    return (
      <Stack align="center" py={80} gap="md" data-testid="sale-not-found">
        <Title order={2}>{catalogue.error ?? 'Sale not found'}</Title>
        <Button component={Link} to="/auctions">
          All auctions
        </Button>
      </Stack>
    );
  }

  const closing = closingText(sale);
  return (
    <Stack gap="lg" data-testid="sale-catalogue">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        {/* The sale's name gives way on a phone; the live badge keeps its whole label. */}
        <Breadcrumbs separator="›" style={{ minWidth: 0, flex: 1 }} styles={{ root: { flexWrap: 'nowrap', overflow: 'hidden' } }}>
          <Anchor component={Link} to="/" size="sm">
            Portal
          </Anchor>
          <Anchor component={Link} to="/auctions" size="sm">
            Auctions
          </Anchor>
          <Text size="sm" c="dimmed" truncate maw={{ base: 160, sm: 480 }}>
            {sale.name}
          </Text>
        </Breadcrumbs>
        <div style={{ flexShrink: 0 }}>{liveIndicator}</div>
      </Group>
      <Stack gap={6}>
        <Group gap="xs">
          <Title order={1} size="h2" data-testid="catalogue-sale-name">
            {sale.name}
          </Title>
          <Badge variant="light" color={sale.kind === 'live' ? 'red' : 'gavel'}>
            {sale.kind === 'live' ? 'Live auction' : sale.kind === 'online' ? 'Online auction' : 'Daily sale'}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {[
            sale.branch?.name,
            sale.date_from && `From ${formatDateTimeGB(sale.date_from)}`,
            sale.date_to && `ends ${formatDateTimeGB(sale.date_to)}`,
            `${sale.lot_count} ${sale.lot_count === 1 ? 'lot' : 'lots'}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {sale.description && <Text>{sale.description}</Text>}
        {sale.kind === 'live' && (
          <Group>
            <Button component={Link} to={`/live/${sale.id}`} color="red" leftSection={<IconBroadcast size={18} />} data-testid="enter-live-room">
              Enter the live room
            </Button>
          </Group>
        )}
        {closing && (
          <Text size="sm" fw={600} data-testid="catalogue-closing">
            {closing}
          </Text>
        )}
      </Stack>
      {(sale.deposit_required || sale.buyers_premium_percent > 0) && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} data-testid="catalogue-terms-note">
          <Stack gap={4}>
            {sale.deposit_required && (
              <Text size="sm">
                Bidding needs a registration with a deposit{sale.deposit_amount ? ` of ${formatMK(sale.deposit_amount)}` : ''}.{' '}
                <Anchor component={Link} to={`/register-bid?auction_type_id=${sale.id}`} size="sm" fw={600}>
                  Register for this sale
                </Anchor>
              </Text>
            )}
            {sale.buyers_premium_percent > 0 && <Text size="sm">A buyer’s premium of {sale.buyers_premium_percent}% is added to the hammer price.</Text>}
          </Stack>
        </Alert>
      )}
      {sale.terms && (
        <Card withBorder radius="md" padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Terms of this sale
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {sale.terms}
          </Text>
        </Card>
      )}

      {lots.length === 0 ? (
        <Card withBorder radius="md">
          <Text c="dimmed">No lots in this sale yet.</Text>
        </Card>
      ) : (
        <Stack gap="xs" data-testid="catalogue-lots">
          {lots.map((lot) => (
            <CatalogueLot key={lot.id} lot={lot} />
          ))}
        </Stack>
      )}
      {catalogue.hasMore && (
        <Group justify="center">
          <Button variant="default" loading={catalogue.loadingMore} onClick={catalogue.loadMore}>
            Load more lots
          </Button>
        </Group>
      )}
    </Stack>
  );
}

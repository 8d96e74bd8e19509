import { Alert, Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBroadcast, IconExternalLink, IconPencil, IconWorldUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import type { SaleLot } from '@shared/schemas/sale.schema';
import { HistoryLink } from '../../../components/history-link';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { auditHref } from '../../../lib/audit-links';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/page-title';
import { saleQuery } from '../api/get-sale';
import { usePublishSale } from '../api/publish-sale';
import { useReorderSaleLots } from '../api/reorder-sale-lots';
import { KIND_LABELS, closingText, formatCloseTime } from '../utils/sale-display';
import { SaleForm } from './sale-form';
import { SaleResults } from './sale-results';
import { SaleLotsOrder } from './sale-lots-order';
import { SaleStatusBadge } from './sales-list';

/** One figure: its label above, its value below. */
function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The message of a failed call: the fields' messages of a 422, else its message. */
const failure = (e: unknown, fallback: string) => (e instanceof ApiError ? fieldMessages(e.body).join(' ') || e.message : fallback);

/**
 * `/admin/sales/{id}`: a sale's fields and figures, its lots in lot order (drag, or the arrows,
 * to reorder: lot numbers and staggered closes follow), Edit, Publish (a draft) and a link to its
 * public catalogue and to its audit trail. Source: issue 13 "Sales".
 */
export function SalePage({ saleId }: { saleId: number }) {
  const { data: detail, error: loadError } = useQuery(saleQuery(saleId));
  const error = loadError ? (loadError instanceof ApiError && loadError.status === 404 ? 'Sale not found' : 'Failed to load the sale.') : null;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const publishing = usePublishSale();
  // The new order shows at once; the figures (the last lot's close) are read again behind it.
  const reordering = useReorderSaleLots(saleId);
  usePageTitle(detail ? `Admin: ${detail.data.name}` : 'Admin: Sales');

  const reorder = async (ids: number[]): Promise<SaleLot[] | null> => {
    try {
      const lots = await reordering.mutateAsync(ids);
      notifySuccess('Lot order saved.');
      return lots;
    } catch (e) {
      notifyError(failure(e, 'The new order could not be saved.'));
      return null;
    }
  };

  const publish = async () => {
    try {
      const sale = await publishing.mutateAsync(saleId);
      notifySuccess(`${sale.name} is published: bidders can see it now.`);
      setConfirming(false);
    } catch (e) {
      notifyError(failure(e, 'The sale could not be published.'));
    }
  };

  const back = (
    <Anchor component={Link} to="/admin/sales" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> All sales
      </Group>
    </Anchor>
  );

  if (!detail) {
    return (
      <Stack>
        {back}
        {error ? <Alert color="red">{error}</Alert> : <Text c="dimmed">Loading the sale…</Text>}
      </Stack>
    );
  }

  const { data: sale, lots } = detail;
  const openLots = lots.filter((l) => !l.closed);
  const firstClose = openLots.reduce<string | null>((min, l) => (l.date_to && (!min || l.date_to < min) ? l.date_to : min), null);
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="xs">
            <Title order={1} size="h2" data-testid="sale-name">
              {sale.name}
            </Title>
            <SaleStatusBadge sale={sale} />
            <Badge variant="outline">{KIND_LABELS[sale.kind]}</Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {sale.branch ? `${sale.branch.name} · ` : ''}
            {closingText(sale)}
          </Text>
          <HistoryLink to={auditHref({ subject_type: 'sale', subject_id: sale.id })} label="History" title={`Audit trail of ${sale.name}`} />
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button component={Link} to={`/auctions/${sale.id}`} variant="default" leftSection={<IconExternalLink size={16} />}>
            Catalogue
          </Button>
          {sale.kind === 'live' && sale.status !== 'draft' && (
            <Button component={Link} to={`/admin/live/${sale.id}`} color="red" leftSection={<IconBroadcast size={16} />} data-testid="clerk-sale">
              Clerk console
            </Button>
          )}
          {sale.status === 'draft' && (
            <Button color="green" leftSection={<IconWorldUpload size={16} />} onClick={() => setConfirming(true)} data-testid="publish-sale">
              Publish
            </Button>
          )}
        </Group>
      </Group>

      <Card withBorder radius="lg">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
          <Figure label="Starts" value={sale.date_from ? formatDateTimeGB(sale.date_from) : '—'} />
          <Figure label="Ends" value={sale.date_to ? formatCloseTime(sale.date_to) : '—'} testId="sale-ends" />
          <Figure label="Last lot closes" value={formatCloseTime(sale.last_close_at)} testId="sale-last-close" />
          <Figure label="Lots" value={`${sale.figures.lots} (${sale.figures.open} open)`} testId="sale-lot-count" />
          <Figure label="Sold · unsold" value={`${sale.figures.sold} · ${sale.figures.unsold}`} />
          <Figure label="Bids" value={sale.figures.bids} />
          <Figure label="Hammer total" value={formatMK(sale.figures.hammer_total)} />
          <Figure label="Buyer's premium" value={`${sale.buyers_premium_percent}%`} />
          <Figure label="Deposit" value={sale.deposit_required ? formatMK(sale.deposit_amount) : 'None'} />
          <Figure
            label="Registrations"
            value={sale.deposit_required ? `${sale.figures.registrations_pending} waiting · ${sale.figures.registrations_active} approved` : '—'}
          />
          <Figure label="Soft close" value={sale.soft_close_minutes == null ? 'Site setting' : `${sale.soft_close_minutes} min`} />
          <Figure label="Between lots" value={sale.stagger_seconds == null ? '—' : `${sale.stagger_seconds} s`} testId="sale-stagger" />
        </SimpleGrid>
        {(sale.description || sale.terms) && (
          <Stack gap={4} mt="md">
            {sale.description && <Text size="sm">{sale.description}</Text>}
            {sale.terms && (
              <Text size="sm" c="dimmed">
                Terms: {sale.terms}
              </Text>
            )}
          </Stack>
        )}
      </Card>

      <div>
        <Title order={2} size="h4" mb={4}>
          Lots in order
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Drag a lot, or use its arrows, to change the order: lot numbers follow
          {sale.stagger_seconds != null && sale.kind === 'online' ? ', and so does each lot’s close.' : '.'}
        </Text>
        <SaleLotsOrder lots={lots} onReorder={reorder} />
      </div>

      <SaleResults saleId={sale.id} />

      <SaleForm
        sale={sale}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          notifySuccess('Sale saved.');
        }}
      />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Publish ${sale.name}?`} centered>
        <Stack>
          <Text size="sm">
            Bidders will see the sale and its {lots.length} {lots.length === 1 ? 'lot' : 'lots'} at once; its lots take bids and close
            {firstClose ? ` from ${formatCloseTime(firstClose)}` : ''}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Not yet
            </Button>
            <Button color="green" loading={publishing.isPending} onClick={() => void publish()} data-testid="confirm-publish">
              Publish
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

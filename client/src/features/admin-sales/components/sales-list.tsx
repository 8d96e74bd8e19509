import { Anchor, Badge, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, useMatches } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatMK } from '@shared/rules/money';
import type { SaleView } from '@shared/schemas/sale.schema';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { salesQuery, type SalesFilter } from '../api/list-sales';
import { KIND_LABELS, closingText } from '../utils/sale-display';
import { SaleForm } from './sale-form';

const STATUS_FILTERS = [
  { value: '', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
];

/** Draft or published, as a badge. */
export function SaleStatusBadge({ sale }: { sale: Pick<SaleView, 'status'> }) {
  return (
    <Badge color={sale.status === 'draft' ? 'gray' : 'green'} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} data-testid="sale-status">
      {sale.status === 'draft' ? 'Draft' : 'Published'}
    </Badge>
  );
}

/** `from – to` of a sale's dates (en-GB), or what is missing. */
function datesText(sale: SaleView): string {
  if (!sale.date_from && !sale.date_to) return 'No dates yet';
  return `${sale.date_from ? formatDateTimeGB(sale.date_from) : '…'} – ${sale.date_to ? formatDateTimeGB(sale.date_to) : '…'}`;
}

/**
 * `/admin/sales`: every sale (drafts too), newest first, with its figures: lots open, sold and
 * unsold, bids, the hammer total, registrations waiting and approved; filters by status, kind and
 * name; "New sale" opens the form and, once created, the sale's page. A table at a desk, cards on a
 * phone. Source: issue 13 "Sales".
 */
export function SalesList() {
  const narrow = useMatches({ base: true, sm: false });
  const navigate = useNavigate();
  const [filter, setFilter] = useState<SalesFilter>({ status: '', kind: '', search: '' });
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => setFilter((f) => ({ ...f, search })), 300);
    return () => clearTimeout(t);
  }, [search]);

  const { data, error } = useQuery(salesQuery(filter));
  useReadFailureNotice(error, 'Failed to fetch sales.');
  const sales: SaleView[] | null = data ?? (error ? [] : null);

  const link = (sale: SaleView) => (
    <Anchor component={Link} to={`/admin/sales/${sale.id}`} fw={600} data-testid="sale-link">
      {sale.name}
    </Anchor>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <div>
          <Title order={1} size="h2">
            Sales
          </Title>
          <Text c="dimmed">Online and live sales: their dates, deposit, premium and closing, and how their lots are doing.</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="new-sale">
          New sale
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <SegmentedControl
          value={filter.status ?? ''}
          onChange={(v) => setFilter((f) => ({ ...f, status: v as SalesFilter['status'] }))}
          data={STATUS_FILTERS}
          aria-label="Sale status"
          fullWidth={narrow}
          w={narrow ? '100%' : undefined}
        />
        <Select
          aria-label="Kind"
          placeholder="Every kind"
          data={[
            { value: 'online', label: 'Online' },
            { value: 'live', label: 'Live' },
            { value: 'cash', label: 'Daily sale' },
          ]}
          value={filter.kind || null}
          onChange={(v) => setFilter((f) => ({ ...f, kind: (v ?? '') as SalesFilter['kind'] }))}
          clearable
          w={narrow ? '100%' : 160}
        />
        <TextInput
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Name of the sale"
          aria-label="Search sales"
          leftSection={<IconSearch size={16} />}
          w={narrow ? '100%' : 260}
        />
      </Group>

      {sales === null && <Text c="dimmed">Loading sales…</Text>}
      {sales?.length === 0 && (
        <Card withBorder radius="lg">
          <Text c="dimmed">No sales here yet.</Text>
        </Card>
      )}
      {sales && sales.length > 0 && (
        <>
          <Card withBorder radius="lg" padding={0} visibleFrom="md">
            <Table.ScrollContainer minWidth={980}>
              <Table verticalSpacing="sm" horizontalSpacing="md" striped data-testid="sales-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sale</Table.Th>
                    <Table.Th>Dates</Table.Th>
                    <Table.Th ta="right">Lots</Table.Th>
                    <Table.Th ta="right">Bids</Table.Th>
                    <Table.Th ta="right">Hammer total</Table.Th>
                    <Table.Th ta="right">Registrations</Table.Th>
                    <Table.Th ta="right">Deposit · premium</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sales.map((s) => (
                    <Table.Tr key={s.id} data-testid="sale-row">
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          {link(s)}
                          <SaleStatusBadge sale={s} />
                        </Group>
                        <Text size="xs" c="dimmed">
                          {KIND_LABELS[s.kind]}
                          {s.branch ? ` · ${s.branch.name}` : ''} · {closingText(s)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{datesText(s)}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" fw={600}>
                          {s.figures.lots}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {s.figures.open} open · {s.figures.sold} sold · {s.figures.unsold} unsold
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{s.figures.bids}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMK(s.figures.hammer_total)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {s.deposit_required ? `${s.figures.registrations_pending} waiting · ${s.figures.registrations_active} approved` : '—'}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {s.deposit_required ? formatMK(s.deposit_amount) : 'No deposit'} · {s.buyers_premium_percent}%
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" hiddenFrom="md">
            {sales.map((s) => (
              <Card key={s.id} withBorder radius="lg" padding="md" data-testid="sale-card">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    {link(s)}
                    <SaleStatusBadge sale={s} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {KIND_LABELS[s.kind]}
                    {s.branch ? ` · ${s.branch.name}` : ''} · {closingText(s)}
                  </Text>
                  <Text size="sm">{datesText(s)}</Text>
                  <Text size="sm">
                    {s.figures.lots} {s.figures.lots === 1 ? 'lot' : 'lots'}: {s.figures.open} open · {s.figures.sold} sold · {s.figures.bids}{' '}
                    {s.figures.bids === 1 ? 'bid' : 'bids'}
                  </Text>
                  <Text size="sm" fw={600}>
                    Hammer total {formatMK(s.figures.hammer_total)}
                  </Text>
                  {s.deposit_required && (
                    <Text size="xs" c="dimmed">
                      Deposit {formatMK(s.deposit_amount)} · {s.figures.registrations_pending} waiting · {s.figures.registrations_active} approved
                    </Text>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}

      <SaleForm
        sale={null}
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(sale) => {
          setCreating(false);
          notifySuccess(`${sale.name} is saved as a draft.`);
          void navigate(`/admin/sales/${sale.id}`);
        }}
      />
    </Stack>
  );
}

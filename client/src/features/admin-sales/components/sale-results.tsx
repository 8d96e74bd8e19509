import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import { saleResultsQuery } from '../api/get-sale-results';

const OUTCOME_COLOURS = { sold: 'green', unsold: 'gray', withdrawn: 'red', open: 'blue' } as const;

/**
 * A sale's results on its page (issue 13 "Settlement and results"): lots sold, unsold, withdrawn
 * and open; sell-through; the hammer total, the buyer's premium at the sale's percent, VAT on the
 * premium at the site's rate and the total; the top lots. Printable (the browser's print) and as
 * CSV. Read again whenever the sale's lots change here (see api/query-keys.ts).
 */
export function SaleResults({ saleId }: { saleId: number }) {
  const { data: results } = useQuery(saleResultsQuery(saleId));
  if (!results) return null;
  const { counts, totals } = results;
  const figures = [
    { label: 'Sold', value: `${counts.sold} of ${counts.lots}` },
    { label: 'Sell-through', value: results.sell_through_percent == null ? '—' : `${results.sell_through_percent} %` },
    { label: 'Hammer total', value: formatMK(totals.hammer) },
    { label: `Premium (${results.sale.buyers_premium_percent} %)`, value: formatMK(totals.premium) },
    { label: `VAT on premium (${results.vat_rate_percent} %)`, value: formatMK(totals.vat) },
    { label: 'Buyers pay', value: formatMK(totals.total) },
  ];
  return (
    <Card withBorder radius="md" p="md" data-testid="sale-results">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Results
          </Title>
          <Group gap="xs">
            <Button
              component={Link}
              to={`/admin/invoices?sale=${saleId}`}
              variant="light"
              size="xs"
              leftSection={<IconFileInvoice size={14} />}
              data-print-hide
            >
              Invoices
            </Button>
            <Button variant="default" size="xs" leftSection={<IconPrinter size={14} />} onClick={() => window.print()}>
              Print
            </Button>
            <Button component="a" href={`/api/admin/sales/${saleId}/results.csv`} download variant="light" size="xs" leftSection={<IconDownload size={14} />}>
              CSV
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {counts.unsold} unsold, {counts.withdrawn} withdrawn, {counts.open} still open.
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {figures.map((f) => (
            <div key={f.label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {f.label}
              </Text>
              <Text fw={700} data-testid={`result-${f.label.split(' ')[0].toLowerCase()}`}>
                {f.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {results.top_lots.length > 0 && (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing={6} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Top lots</Table.Th>
                  <Table.Th visibleFrom="sm">Buyer</Table.Th>
                  <Table.Th ta="right">Hammer</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.top_lots.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" maw={{ base: 150, sm: 'none' }}>
                        <Badge size="xs" variant="light" color={OUTCOME_COLOURS[l.outcome]}>
                          {l.lot_number ?? '—'}
                        </Badge>
                        <Text size="sm" truncate>
                          {l.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{l.buyer?.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatMK(l.hammer_price)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

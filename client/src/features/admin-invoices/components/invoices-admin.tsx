import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDots, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMK } from '@shared/rules/money';
import { INVOICE_FILTERS, type AdminInvoice } from '@shared/schemas/invoice.schema';
import { ApiError } from '../../../lib/api-client';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { invoicesQuery, saleNamesQuery, useRecordInvoicePayment, useReofferInvoiceLot } from '../api/invoices-api';

/** The sale filter's options until they are read. */
const NO_SALES: { id: number; name: string }[] = [];

type Filter = (typeof INVOICE_FILTERS)[number];

const STATE_BADGE: Record<AdminInvoice['state'], { color: string; label: string }> = {
  unpaid: { color: 'yellow', label: 'Unpaid' },
  overdue: { color: 'red', label: 'Overdue' },
  paid: { color: 'green', label: 'Paid' },
  cancelled: { color: 'gray', label: 'Cancelled' },
};

/**
 * `/admin/invoices`: every buyer's invoice for a sale (one per buyer per sale), filtered by sale
 * and by unpaid / overdue / paid with their counts and amounts, searched by invoice number or
 * buyer (the reference on a bank statement finds its invoice); an unpaid invoice's "Record
 * payment" confirms cash received at the office or a bank transfer, after which the buyer is told.
 * Filters live in the address (`?sale=&status=&search=&page=`). A table at a desk, cards on a
 * phone. Source: issue 13 "Settlement and results".
 */
export function InvoicesAdmin() {
  const [params, setParams] = useSearchParams();
  const saleId = Number(params.get('sale')) || undefined;
  const status = (INVOICE_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Filter) : 'all';
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search);
  const sales = useQuery(saleNamesQuery()).data ?? NO_SALES;
  const { data: result = null, error } = useQuery(invoicesQuery({ sale_id: saleId, status, search, page }));
  useReadFailureNotice(error, 'Failed to fetch invoices.');
  const [paying, setPaying] = useState<AdminInvoice | null>(null);
  const [reoffer, setReoffer] = useState<Reoffer | null>(null);

  const update = useCallback(
    (change: Record<string, string | undefined>) => {
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(change)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('page' in change)) next.delete('page');
      setParams(next, { replace: true });
    },
    [params, setParams],
  );

  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== search) update({ search: text.trim() || undefined });
    }, 300);
    return () => clearTimeout(t);
  }, [text, search, update]);

  const summary = result?.summary;
  const count = (f: Filter) => (f === 'all' || !summary ? '' : ` (${summary[f].count})`);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Invoices
        </Title>
        <Text c="dimmed">One invoice per buyer per sale: hammer prices, buyer’s premium and VAT on it. Record cash and bank transfers here.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="Unpaid" tone="yellow" figure={summary?.unpaid} testId="invoices-unpaid" />
        <Figure label="Overdue" tone="red" figure={summary?.overdue} testId="invoices-overdue" />
        <Figure label="Paid" tone="green" figure={summary?.paid} testId="invoices-paid" />
      </SimpleGrid>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Sale"
          placeholder="Every sale"
          data={sales.map((s) => ({ value: String(s.id), label: s.name }))}
          value={saleId ? String(saleId) : null}
          onChange={(v) => update({ sale: v ?? undefined })}
          clearable
          searchable
          w={{ base: '100%', sm: 280 }}
          data-testid="invoice-sale-filter"
        />
        <TextInput
          label="Find"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          placeholder="Invoice number or buyer"
          aria-label="Search invoices"
          leftSection={<IconSearch size={16} />}
          w={{ base: '100%', sm: 280 }}
          data-testid="invoice-search"
        />
      </Group>
      <SegmentedControl
        value={status}
        onChange={(v) => update({ status: v === 'all' ? undefined : v })}
        data={INVOICE_FILTERS.map((f) => ({ value: f, label: `${f[0].toUpperCase()}${f.slice(1)}${count(f)}` }))}
        fullWidth
        maw={560}
        data-testid="invoice-status-filter"
      />
      {result === null && <Text c="dimmed">Loading invoices…</Text>}
      {result?.data.length === 0 && (
        <Card withBorder radius="lg">
          <Text c="dimmed">{search ? `No invoice matches “${search}”.` : 'No invoices here yet. An invoice is made when a lot closes sold.'}</Text>
        </Card>
      )}
      {result && result.data.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {result.meta.from}–{result.meta.to} of {result.meta.total}
          </Text>
          <Card withBorder radius="lg" padding={0} visibleFrom="md">
            <Table verticalSpacing="sm" horizontalSpacing="md" striped data-testid="invoices-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>Lots</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.map((inv) => (
                  <Table.Tr key={inv.id} data-testid="invoice-row">
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {inv.invoice_number}
                      </Text>
                      {inv.sale && <SaleLink sale={inv.sale} />}
                    </Table.Td>
                    <Table.Td>
                      <Buyer invoice={inv} />
                    </Table.Td>
                    <Table.Td maw={260}>
                      <Lots invoice={inv} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text fw={700} size="sm">
                        {formatMK(inv.total)}
                      </Text>
                      <Breakdown invoice={inv} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{inv.due_at ? formatDateTimeGB(inv.due_at) : '—'}</Text>
                    </Table.Td>
                    <Table.Td w={110}>
                      <StateBadge invoice={inv} />
                    </Table.Td>
                    <Table.Td>
                      <Action invoice={inv} onPay={setPaying} onReoffer={setReoffer} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" hiddenFrom="md">
            {result.data.map((inv) => (
              <Card key={inv.id} withBorder radius="lg" padding="md" data-testid="invoice-card">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text fw={700} size="sm">
                        {inv.invoice_number}
                      </Text>
                      {inv.sale && <SaleLink sale={inv.sale} />}
                    </div>
                    <StateBadge invoice={inv} />
                  </Group>
                  <Buyer invoice={inv} />
                  <Lots invoice={inv} />
                  <div>
                    <Text fw={700}>{formatMK(inv.total)}</Text>
                    <Breakdown invoice={inv} />
                    <Text size="xs" c="dimmed">
                      {inv.state === 'paid' ? `Paid ${formatDateTimeGB(inv.paid_at)}` : inv.due_at ? `Due ${formatDateTimeGB(inv.due_at)}` : ''}
                    </Text>
                  </div>
                  <Action invoice={inv} onPay={setPaying} onReoffer={setReoffer} fullWidth />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          {result.meta.last_page > 1 && (
            <Group justify="center">
              <Pagination
                total={result.meta.last_page}
                value={result.meta.current_page}
                onChange={(p) => update({ page: String(p) })}
                size="sm"
                aria-label="Pages of invoices"
              />
            </Group>
          )}
        </>
      )}
      <ReofferModal reoffer={reoffer} onClose={() => setReoffer(null)} onDone={() => setReoffer(null)} />
      <RecordPaymentModal invoice={paying} onClose={() => setPaying(null)} onRecorded={() => setPaying(null)} />
    </Stack>
  );
}

function Figure({ label, tone, figure, testId }: { label: string; tone: string; figure?: { count: number; total: number }; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Text size="xs" tt="uppercase" fw={700} c={tone}>
        {label}
      </Text>
      <Text fw={800} size="lg">
        {figure ? formatMK(figure.total) : '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {figure ? `${figure.count} ${figure.count === 1 ? 'invoice' : 'invoices'}` : ' '}
      </Text>
    </Card>
  );
}

function SaleLink({ sale }: { sale: { id: number; name: string } }) {
  return (
    <Anchor component={Link} to={`/admin/sales/${sale.id}`} size="xs" c="dimmed">
      {sale.name}
    </Anchor>
  );
}

function Buyer({ invoice }: { invoice: AdminInvoice }) {
  const { buyer } = invoice;
  return (
    <div>
      {buyer.id != null ? (
        <Anchor component={Link} to={`/admin/bidders/${buyer.id}`} size="sm" fw={600}>
          {buyer.name || 'Buyer'}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {buyer.name || 'Buyer'}
        </Text>
      )}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {[buyer.phone, buyer.email].filter(Boolean).join(' · ')}
      </Text>
    </div>
  );
}

function Lots({ invoice }: { invoice: AdminInvoice }) {
  return (
    <Text size="sm" lineClamp={2}>
      {invoice.lots.length === 1 ? invoice.lots[0].name : `${invoice.lots.length} lots: ${invoice.lots.map((l) => l.name).join(', ')}`}
    </Text>
  );
}

function Breakdown({ invoice }: { invoice: AdminInvoice }) {
  if (invoice.premium === 0 && invoice.vat === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {formatMK(invoice.hammer_total)} + premium {formatMK(invoice.premium)} + VAT {formatMK(invoice.vat)}
    </Text>
  );
}

function StateBadge({ invoice }: { invoice: AdminInvoice }) {
  const badge = STATE_BADGE[invoice.state];
  return (
    <Badge color={badge.color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} data-testid="invoice-state">
      {badge.label}
    </Badge>
  );
}

/** An unpaid lot to take off its invoice: offered to the next bidder, or released to relist. */
interface Reoffer {
  invoice: AdminInvoice;
  lot: AdminInvoice['lots'][number];
  action: 'second_chance' | 'release';
}

function Action({
  invoice,
  onPay,
  onReoffer,
  fullWidth,
}: {
  invoice: AdminInvoice;
  onPay: (invoice: AdminInvoice) => void;
  onReoffer: (reoffer: Reoffer) => void;
  fullWidth?: boolean;
}) {
  if (invoice.state !== 'unpaid' && invoice.state !== 'overdue') {
    return invoice.payment_reference ? (
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {invoice.payment_reference}
      </Text>
    ) : null;
  }
  const lots = invoice.lots.filter((l) => l.item_id != null);
  return (
    <Group gap={6} wrap="nowrap" w={fullWidth ? '100%' : undefined}>
      <Button
        size={fullWidth ? 'sm' : 'xs'}
        fullWidth={fullWidth}
        variant="light"
        onClick={() => onPay(invoice)}
        aria-label={`Record payment of ${invoice.invoice_number}`}
        style={fullWidth ? { flex: 1 } : undefined}
      >
        Record payment
      </Button>
      {lots.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size={fullWidth ? 'sm' : 'xs'} variant="default" px={8} aria-label={`Unpaid lots of ${invoice.invoice_number}`}>
              <IconDots size={16} />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {lots.map((lot) => (
              <div key={lot.item_id}>
                <Menu.Label>{lot.name}</Menu.Label>
                <Menu.Item onClick={() => onReoffer({ invoice, lot, action: 'second_chance' })}>Offer to the next bidder</Menu.Item>
                <Menu.Item onClick={() => onReoffer({ invoice, lot, action: 'release' })}>Release to relist</Menu.Item>
              </div>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** Confirms taking an unpaid lot off its invoice, with the reason the audit trail keeps. */
function ReofferModal({ reoffer, onClose, onDone }: { reoffer: Reoffer | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('Not paid by the deadline');
  const change = useReofferInvoiceLot();
  const { busy, error, run, reset } = useSubmission('Failed to change the invoice. Please try again.');
  useEffect(() => {
    setReason('Not paid by the deadline');
    reset();
  }, [reoffer, reset]);
  if (!reoffer) return null;
  const { invoice, lot, action } = reoffer;
  const submit = () =>
    run(async () => {
      notifySuccess(await change.mutateAsync({ invoiceId: invoice.id, itemId: lot.item_id!, input: { action, reason } }));
      onDone();
    });
  return (
    <Modal opened onClose={onClose} title={action === 'second_chance' ? 'Second-chance offer' : 'Release the lot'} centered>
      <Stack>
        <Text size="sm">
          {action === 'second_chance'
            ? `${lot.name} leaves ${invoice.invoice_number} and goes to the highest other bidder at their own bid, on their invoice; they are told they won.`
            : `${lot.name} leaves ${invoice.invoice_number} and becomes unsold, so you can relist it from the lots screen.`}{' '}
          {invoice.lots.length === 1 ? 'It is the only lot on the invoice, so the invoice is cancelled.' : 'The invoice is recalculated without it.'}
        </Text>
        <Textarea
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={200}
          autosize
          minRows={2}
          data-testid="reoffer-reason"
        />
        <ConfirmFooter
          error={error}
          busy={busy}
          onCancel={onClose}
          onConfirm={submit}
          color={action === 'release' ? 'red' : undefined}
          testId="confirm-reoffer"
          label={action === 'second_chance' ? 'Offer to the next bidder' : 'Release the lot'}
        />
      </Stack>
    </Modal>
  );
}

/**
 * Records the money for an unpaid invoice: cash received at the office, or a bank transfer
 * confirmed with the reference on the statement. A second recording is refused by the server (409).
 */
function RecordPaymentModal({ invoice, onClose, onRecorded }: { invoice: AdminInvoice | null; onClose: () => void; onRecorded: () => void }) {
  const [method, setMethod] = useState<'cash' | 'bank'>('bank');
  const [reference, setReference] = useState('');
  const record = useRecordInvoicePayment();
  const { busy, error, run, reset } = useSubmission('Failed to record the payment. Please try again.');

  useEffect(() => {
    setMethod('bank');
    setReference('');
    reset();
  }, [invoice?.id, reset]);

  if (!invoice) return null;
  const submit = () =>
    run(async () => {
      notifySuccess(await record.mutateAsync({ invoiceId: invoice.id, input: { method, reference: reference.trim() || undefined } }));
      onRecorded();
    });
  return (
    <Modal opened onClose={onClose} title={`Record payment of ${invoice.invoice_number}`} centered>
      <Stack>
        <Text>
          {invoice.buyer.name} owes <strong>{formatMK(invoice.total)}</strong>
          {invoice.due_at ? `, due ${formatDateTimeGB(invoice.due_at)}` : ''}.
        </Text>
        <SegmentedControl
          value={method}
          onChange={(v) => setMethod(v as 'cash' | 'bank')}
          data={[
            { value: 'bank', label: 'Bank transfer' },
            { value: 'cash', label: 'Cash at the office' },
          ]}
          fullWidth
        />
        <TextInput
          label={method === 'bank' ? 'Reference on the bank statement' : 'Receipt number (optional)'}
          placeholder={method === 'bank' ? invoice.invoice_number : ''}
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          maxLength={120}
          data-testid="payment-reference"
        />
        <ConfirmFooter
          error={error}
          busy={busy}
          onCancel={onClose}
          onConfirm={submit}
          testId="confirm-payment"
          label={method === 'bank' ? 'Confirm transfer received' : 'Confirm cash received'}
        />
      </Stack>
    </Modal>
  );
}

/** A dialog's submission: busy while `work` runs, the server's message (or `fallback`) when it fails. */
function useSubmission(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reset = useCallback(() => setError(null), []);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : fallback);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, reset };
}

/** A dialog's error (if any), Cancel and its confirming button. */
function ConfirmFooter(props: {
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
  label: string;
  color?: string;
  testId: string;
}) {
  return (
    <>
      {props.error && (
        <Alert color="red" role="alert">
          {props.error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button color={props.color} onClick={() => void props.onConfirm()} loading={props.busy} data-testid={props.testId}>
          {props.label}
        </Button>
      </Group>
    </>
  );
}

import { useRef } from 'react';
import { Badge, Box, Button, Center, Divider, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { dpoPayAccepts } from '@shared/rules/checkout';
import { formatMK } from '@shared/rules/money';
import type { WonLotOrder } from '@shared/schemas/won-order-payment.schema';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import type { DraftOrder } from '../api/draft-orders';
import { formatOrderDate, orderDocument, orderSubtotal, paymentMethodLabel, statusColor, statusName, type OrderDocument } from '../utils/order-display';

/** Print popup size. Source: spec §9 "Print popup 900x650". */
const PRINT_WINDOW = 'width=900,height=650';

const PRINT_CSS = `body{font-family:Inter,Segoe UI,Arial,sans-serif;color:#1a1b1e;margin:32px;font-size:14px}
p{margin:0 0 2px}h1{font-size:20px;margin:0 0 4px}
.receipt-brand{font-size:13px;font-weight:700;color:#0a5a31;letter-spacing:.5px;text-transform:uppercase;margin-bottom:12px}
.receipt-head{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;margin-bottom:16px}
.receipt-status{border:1px solid #999;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:700;text-transform:uppercase}
.receipt-parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:16px}
.receipt-label{font-size:11px;font-weight:700;text-transform:uppercase;color:#666;margin-bottom:4px}
table{width:100%;border-collapse:collapse;margin:16px 0}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;font-size:13px}
td.num,th.num{text-align:right}.muted{color:#666;font-size:12px}
.receipt-totals{margin-left:auto;width:300px}.receipt-row{display:flex;justify-content:space-between;gap:32px;padding:2px 0}
.receipt-row.total{font-weight:700;font-size:16px;border-top:1px solid #999;margin-top:4px;padding-top:6px}
.receipt-totals hr,.receipt-totals .mantine-Divider-root{display:none}
.receipt-kind{font-size:15px;font-weight:800;text-transform:uppercase;letter-spacing:.4px;margin:0 0 12px}
[data-print-hide]{display:none!important}`;

/**
 * Prints the receipt in a 900×650 popup titled as what the order is (`doc.title`: Payment
 * Confirmation only when paid, else Order or Invoice; issue 20); when the receipt element or the
 * popup is unavailable (blocked), prints the current page. Source: spec/accounts-and-shell.md §8 "Print".
 */
export function printReceipt(el: HTMLElement | null, doc: OrderDocument): void {
  const popup = el ? window.open('', 'gavel-receipt', PRINT_WINDOW) : null;
  if (!el || !popup) {
    window.print();
    return;
  }
  popup.document.title = `${doc.title} | Gavel`;
  const style = popup.document.createElement('style');
  style.textContent = PRINT_CSS;
  popup.document.head.appendChild(style);
  // The receipt's own first line says what it is ('ORDER — Reserved, …').
  popup.document.body.innerHTML = `<div class="receipt-brand">Gavel</div>${el.outerHTML}`;
  popup.focus();
  popup.print();
}

/** Draws the Pay action of an unpaid invoice. */
export type PayRenderer = (invoice: WonLotOrder) => React.ReactNode;

/**
 * Payment Confirmation: order number and date, status badge, Billed To, Reference, line items
 * (Item/Qty/Price/Amount), Subtotal, VAT and Discount (only when present), Total; Close and
 * Print; 'Loading order...' while loading; nothing when the order failed to load. An unpaid order
 * is titled and printed as what it is, with its state ('ORDER — Reserved, pay cash on delivery
 * by …', 'INVOICE — Awaiting payment, pay by …'): only a paid order is a Payment Confirmation. A
 * sale's invoice shows the sale, the hammer total, the buyer's premium and the VAT on it, and a
 * Pay action while unpaid.
 * Source: spec/accounts-and-shell.md §2 "Payment Confirmation modal", §4; issue 20.
 */
export function PaymentConfirmationModal({
  opened,
  loading,
  order,
  onClose,
  renderPay,
}: {
  opened: boolean;
  loading: boolean;
  order: DraftOrder | null;
  onClose: () => void;
  /** The Pay action of an unpaid invoice (the app layer passes the dashboard's; issue 13 "Settlement"). */
  renderPay?: PayRenderer;
}) {
  const receipt = useRef<HTMLDivElement>(null);
  const doc = order ? orderDocument(order) : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} size="lg" data-testid="receipt-title">
          {loading || !doc ? 'Payment Confirmation' : doc.title}
        </Text>
      }
      size="lg"
      centered
    >
      {loading && (
        <Center py="xl">
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">{ACCOUNT_MESSAGES.loadingOrder}</Text>
          </Group>
        </Center>
      )}
      {!loading && order && doc && (
        <Stack gap="md">
          <div ref={receipt} data-testid="receipt">
            <Stack gap="md">
              <Text
                className="receipt-kind"
                tt="uppercase"
                fw={800}
                size="sm"
                c={doc.kind === 'confirmation' ? 'green.8' : doc.kind === 'invoice' ? 'orange.8' : 'dark'}
                data-testid="receipt-kind"
              >
                {doc.title} — {doc.state}
              </Text>
              <Group justify="space-between" align="flex-start" className="receipt-head">
                <Box>
                  <h1 style={{ margin: 0, fontSize: 20 }}>
                    {order.invoice ? `Invoice ${order.order_reference}` : `Order #${order.order_reference || order.id}`}
                  </h1>
                  <Text size="sm" c="dimmed" className="muted">
                    {formatOrderDate(order.created_at)}
                  </Text>
                  {order.invoice?.sale && (
                    <Text size="sm" data-testid="invoice-sale">
                      {order.invoice.sale.name}
                    </Text>
                  )}
                </Box>
                <Badge color={statusColor(order.status?.name)} variant="light" size="lg" className="receipt-status">
                  {statusName(order.status)}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: order.invoice?.seller ? 3 : 2 }} spacing="md" className="receipt-parties">
                {order.invoice?.seller && (
                  <Box data-testid="invoice-seller">
                    <Text size="xs" tt="uppercase" fw={700} c="dimmed" className="receipt-label">
                      From
                    </Text>
                    <Text fw={600}>{order.invoice.seller.company_name}</Text>
                    <Text size="sm">{order.invoice.seller.physical_address}</Text>
                    {order.invoice.seller.postal_address && <Text size="sm">{order.invoice.seller.postal_address}</Text>}
                    <Text size="sm">{order.invoice.seller.phone}</Text>
                    <Text size="sm">{order.invoice.seller.email}</Text>
                  </Box>
                )}
                <Box>
                  <Text size="xs" tt="uppercase" fw={700} c="dimmed" className="receipt-label">
                    Billed To
                  </Text>
                  <Text fw={600}>{order.customer.name || 'Customer'}</Text>
                  {order.customer.email && <Text size="sm">{order.customer.email}</Text>}
                  {order.customer.phone && <Text size="sm">{order.customer.phone}</Text>}
                </Box>
                <Box>
                  <Text size="xs" tt="uppercase" fw={700} c="dimmed" className="receipt-label">
                    Reference
                  </Text>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {order.payment_reference || order.order_reference}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {paymentMethodLabel(order.payment_method)}
                  </Text>
                </Box>
              </SimpleGrid>
              <Table verticalSpacing="xs" fz="sm" horizontalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th ta="right" className="num">
                      Qty
                    </Table.Th>
                    <Table.Th ta="right" className="num">
                      Price
                    </Table.Th>
                    <Table.Th ta="right" className="num">
                      Amount
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.line_items.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.name}</Table.Td>
                      <Table.Td ta="right" className="num">
                        {l.quantity}
                      </Table.Td>
                      <Table.Td ta="right" className="num" style={{ whiteSpace: 'nowrap' }}>
                        {formatMK(l.unit_price)}
                      </Table.Td>
                      <Table.Td ta="right" className="num" style={{ whiteSpace: 'nowrap' }}>
                        {formatMK(l.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Stack gap={4} ml="auto" miw={240} className="receipt-totals">
                {order.invoice ? (
                  <InvoiceCharges order={order} invoice={order.invoice} />
                ) : (
                  <>
                    <Row label="Subtotal" value={formatMK(orderSubtotal(order))} />
                    {!!order.vat && <Row label="VAT" value={formatMK(order.vat)} />}
                  </>
                )}
                {!!order.discount && <Row label="Discount" value={`- ${formatMK(order.discount)}`} />}
                <Divider />
                <Row label="Total" value={formatMK(order.amount_total)} strong />
              </Stack>
            </Stack>
          </div>
          <Group justify="flex-end">
            {order.invoice && order.status?.code === 'awaiting_payment' && renderPay?.(invoicePayable(order))}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button leftSection={<IconPrinter size={16} />} onClick={() => printReceipt(receipt.current, doc)}>
              Print
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** An invoice's charges: the hammer total, the buyer's premium and the VAT on it (issue 13 "Settlement and results"). */
function InvoiceCharges({ order, invoice }: { order: DraftOrder; invoice: NonNullable<DraftOrder['invoice']> }) {
  return (
    <>
      <Row label="Hammer total" value={formatMK(order.sub_total ?? order.amount_total - invoice.premium - (order.vat ?? 0))} testId="invoice-hammer" />
      {(invoice.premium > 0 || invoice.premium_percent > 0) && (
        <Row label={`Buyer’s premium (${percent(invoice.premium_percent)})`} value={formatMK(invoice.premium)} testId="invoice-premium" />
      )}
      {!!order.vat && <Row label={`VAT on the premium (${percent(invoice.vat_rate_percent)})`} value={formatMK(order.vat)} testId="invoice-vat" />}
    </>
  );
}

/** 16.5 → '16.5 %'. */
function percent(value: number): string {
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;
}

/** The Pay dialog's view of an unpaid invoice from the purchase history. */
export function invoicePayable(order: DraftOrder): WonLotOrder {
  return {
    id: order.id,
    order_reference: order.order_reference,
    status: 'awaiting_payment',
    payment_method: (order.payment_method as WonLotOrder['payment_method']) ?? null,
    payment_status: null,
    amount: order.amount_total,
    dpo_accepts: dpoPayAccepts(order.amount_total),
    due_at: order.invoice?.due_at ?? null,
    lot_count: order.line_items.length,
  };
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xl" className={strong ? 'receipt-row total' : 'receipt-row'} data-testid={testId}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

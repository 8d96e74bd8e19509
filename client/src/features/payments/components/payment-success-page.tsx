import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Anchor, Button, Divider, Group, List, Loader, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconPrinter, IconTruckDelivery } from '@tabler/icons-react';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout';
import { formatMK } from '@shared/rules/money';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePaymentResult } from '../api/get-payment-result';
import { AUTH_TOKEN_KEY } from '../api/register-guest';
import { GuestSignupOffer, SIGNUP_OFFER_DONE_KEY } from './guest-signup-offer';

interface PaymentSuccessPageProps {
  isAuthenticated: boolean;
  /** Runs once on arrival: clears the server cart and local cart data. */
  onArrive: () => Promise<void> | void;
  /** After a guest registered and was signed in (refresh the session). */
  onRegistered: () => void;
  verificationSlot?: (onToken: (token: string | null) => void) => ReactNode;
  verificationRequired: boolean;
}

function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function showSignupOffer(isAuthenticated: boolean): boolean {
  if (isAuthenticated) return false;
  try {
    if (localStorage.getItem(AUTH_TOKEN_KEY) || localStorage.getItem(SIGNUP_OFFER_DONE_KEY)) return false;
  } catch {
    /* ignore */
  }
  return !document.querySelector('meta[name="user-id"]');
}

/**
 * /payment-success: clears the cart, asks the server for the order (which verifies a DPO
 * payment with the stored token — the query parameters are never trusted) and shows 'Payment
 * Successful' or, for cash on delivery, 'Order Placed' with the reservation hours: order
 * reference, transaction id, amount, method, date and approval code (the last three for
 * non-cash), what's next, Continue Shopping, Print Receipt (non-cash) and, for guests, the
 * sign-up offer. A payment DPO has not confirmed shows as pending (Check again).
 * Source: spec/shopping.md §2 "Payment success page", §4.
 */
export function PaymentSuccessPage({ isAuthenticated, onArrive, onRegistered, verificationSlot, verificationRequired }: PaymentSuccessPageProps) {
  const params = new URLSearchParams(window.location.search);
  const ref = params.get('CompanyRef') ?? '';
  const codHours = Number(params.get('reserve_hours') ?? '') || null;
  const query = usePaymentResult(ref);
  const result = query.data ?? null;
  const loading = ref !== '' && query.isFetching;
  const error = !ref
    ? 'No order reference was given.'
    : query.error instanceof ApiError && query.error.status === 404
      ? 'We could not find this order for your account or browser.'
      : query.isError
        ? 'We could not load your order. Please try again.'
        : null;
  const toasted = useRef(false);
  const arrived = useRef(false);
  const load = () => void query.refetch();

  useEffect(() => {
    if (!arrived.current) {
      arrived.current = true;
      void onArrive();
    }
    // onArrive runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The first answer of a paid or reserved order is told in a toast, once.
  useEffect(() => {
    if (!result || toasted.current || (result.status !== 'paid' && result.status !== 'reserved')) return;
    toasted.current = true;
    notifySuccess(result.payment_method === 'cash' ? M.orderPlaced(result.reserve_hours ?? codHours ?? 48) : M.paymentCompleted);
  }, [result, codHours]);

  if (ref && !result && !query.isError) {
    return (
      <Stack align="center" py={80} gap="sm">
        <Loader color="gavel" />
        <Text c="dimmed">Confirming your order...</Text>
      </Stack>
    );
  }
  if (!result) {
    return (
      <Stack align="center" py={60} gap="md">
        <ThemeIcon size={72} radius="xl" color="orange" variant="light">
          <IconAlertTriangle size={38} />
        </ThemeIcon>
        <Title order={2}>Order not found</Title>
        <Text c="dimmed">{error}</Text>
        <Button component="a" href="/">
          Continue Shopping
        </Button>
      </Stack>
    );
  }

  const cash = result.payment_method === 'cash';
  const paid = result.status === 'paid';
  const pending = !cash && !paid && (result.status === 'awaiting_payment' || result.payment_status === 'pending');
  const failed = !cash && !paid && !pending;
  const title = cash ? 'Order Placed' : paid ? 'Payment Successful' : pending ? 'Payment Pending' : 'Payment Not Completed';
  const hours = result.reserve_hours ?? codHours ?? 48;

  return (
    <Stack gap="lg" maw={760} mx="auto" data-testid="payment-success" data-variant={cash ? 'cash' : 'dpopay'}>
      <style>{'@media print { header, footer, .no-print, .mantine-Affix-root { display: none !important; } }'}</style>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={80} radius="xl" color={failed ? 'red' : pending ? 'orange' : 'green'} variant="light">
          {cash ? (
            <IconTruckDelivery size={44} />
          ) : pending ? (
            <IconClockHour4 size={44} />
          ) : failed ? (
            <IconAlertTriangle size={44} />
          ) : (
            <IconCircleCheck size={44} />
          )}
        </ThemeIcon>
        <Title order={1} fz={{ base: 28, sm: 36 }} data-testid="result-title">
          {title}
        </Title>
        <Text c="dimmed" maw={560}>
          {cash
            ? `Thank you! Your items are reserved for ${hours} hours${result.reserved_until ? ` (until ${formatDate(result.reserved_until)})` : ''}. Pay in cash on delivery.`
            : paid
              ? 'Thank you! Your payment has been received and your items are yours.'
              : pending
                ? 'DPO Pay has not confirmed your payment yet. Mobile money payments can take a few minutes.'
                : 'DPO Pay reports that this payment was not completed. Your items have been returned to sale.'}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Table verticalSpacing={8} horizontalSpacing={0} data-testid="receipt">
          <Table.Tbody>
            <Detail label="Order reference" value={result.order_reference} testid="receipt-reference" />
            {!cash && <Detail label="Transaction ID" value={result.transaction_id ?? '—'} />}
            <Detail label="Amount" value={formatMK(result.amount)} testid="receipt-amount" />
            <Detail label="Payment method" value={cash ? 'Cash on delivery' : 'DPO Pay'} />
            {!cash && <Detail label="Payment date" value={formatDate(result.payment_date)} />}
            {!cash && <Detail label="Approval code" value={result.approval_code ?? '—'} />}
            {cash && <Detail label="Reserved until" value={formatDate(result.reserved_until)} />}
          </Table.Tbody>
        </Table>
        {result.lines.length > 0 && (
          <>
            <Divider my="sm" label="Items" labelPosition="left" />
            <Stack gap={4}>
              {result.lines.map((l, i) => (
                <Group key={i} justify="space-between" wrap="nowrap">
                  <Text size="sm" lineClamp={1}>
                    {l.quantity} × {l.name}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMK(l.amount)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </>
        )}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={4} mb="xs">
          What happens next
        </Title>
        {cash ? (
          <List spacing={6} size="sm">
            <List.Item>We will call you to arrange delivery or collection from the branch.</List.Item>
            <List.Item>Have the exact amount of {formatMK(result.amount)} ready in cash.</List.Item>
            <List.Item>Your items are reserved for {hours} hours; unpaid orders may be cancelled after that and the items returned to sale.</List.Item>
            <List.Item>Keep your order reference {result.order_reference} for any questions.</List.Item>
          </List>
        ) : (
          <List spacing={6} size="sm">
            <List.Item>A confirmation is sent to your email address.</List.Item>
            <List.Item>We will contact you to arrange delivery or collection of your items.</List.Item>
            <List.Item>Print or save this receipt; quote the order reference when collecting.</List.Item>
          </List>
        )}
      </Paper>

      {pending && (
        <Alert color="orange" variant="light" className="no-print">
          <Group justify="space-between">
            <Text size="sm">Waiting for DPO Pay to confirm…</Text>
            <Button size="xs" variant="light" color="orange" onClick={load} loading={loading}>
              Check again
            </Button>
          </Group>
        </Alert>
      )}

      <Group justify="center" className="no-print">
        <Button component="a" href="/" color="gavel" size="md">
          Continue Shopping
        </Button>
        {!cash && paid && (
          <Button variant="default" size="md" leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="print-receipt">
            Print Receipt
          </Button>
        )}
        {failed && (
          <Anchor href="/cart" size="sm">
            Back to cart
          </Anchor>
        )}
      </Group>

      {showSignupOffer(isAuthenticated) && (
        <GuestSignupOffer verificationSlot={verificationSlot} verificationRequired={verificationRequired} onRegistered={onRegistered} />
      )}
    </Stack>
  );
}

function Detail({ label, value, testid }: { label: string; value: string; testid?: string }) {
  return (
    <Table.Tr>
      <Table.Td c="dimmed" pr="md" style={{ whiteSpace: 'nowrap', width: '1%' }}>
        {label}
      </Table.Td>
      <Table.Td fw={600} ta="right" style={{ overflowWrap: 'anywhere' }} data-testid={testid}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

import { Alert, Badge, Button, Group, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountQueryKey } from '../../../lib/account-queries';
import { formatMK } from '@shared/rules/money';
import type { PayWonOrderInput, PayWonOrderResult, WonLotOrder } from '@shared/schemas/won-order-payment.schema';
import { ApiError } from '../../../lib/api-client';
import { formatDateTimeGB } from '../../../lib/dates';
import { getWonLotOrder, payWonOrder } from '../api/won-order-payment';

type Method = PayWonOrderInput['method'];

/**
 * The winner's Pay action for a won lot (issue 13 "Settlement"): reads the lot's order and shows
 * "Pay" while it awaits payment (or "Paid"); the dialog explains DPO Pay's MK 999,999.99 limit
 * BEFORE the buyer chooses (DPO Pay is not offered above it), then offers cash at the office or a
 * bank transfer quoting the order reference. DPO Pay goes on to its payment page; the return
 * page settles it as for a checkout. Renders nothing when the caller has no order for the lot.
 * `variant="panel"` (the item page) frames it with the order reference and the amount due.
 */
export function PayWonLot({ itemId, size = 'xs', variant = 'button' }: { itemId: number; size?: 'xs' | 'sm' | 'md'; variant?: 'button' | 'panel' }) {
  const { data: order } = useQuery({ queryKey: accountQueryKey('won-lot-order', itemId), queryFn: () => getWonLotOrder(itemId) });
  if (!order) return null;
  return <PayOrder order={order} size={size} variant={variant} />;
}

/** The deadline sentence of an invoice: 'Please pay by 28 Nov 2026, 14:00.' (the general rule when it has none). */
export function paymentDeadlineText(dueAt: string | null): string {
  return dueAt ? `Please pay by ${formatDateTimeGB(dueAt)}.` : 'Please pay within 3 working days of the close.';
}

/**
 * The Pay action of one won order (a sale's invoice): "Pay" while it awaits payment, "Paid" once
 * paid, nothing otherwise; the dialog as {@link PayWonLot} describes. Used wherever the buyer
 * meets the invoice (item page, dashboard, purchase history). Source: issue 13 "Settlement".
 */
export function PayOrder({ order, size = 'xs', variant = 'button' }: { order: WonLotOrder; size?: 'xs' | 'sm' | 'md'; variant?: 'button' | 'panel' }) {
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<PayWonOrderResult | null>(null);

  if (order.status === 'paid' || order.status === 'completed') {
    const badge = (
      <Badge color="green" variant="light" data-testid="won-paid">
        Paid
      </Badge>
    );
    return variant === 'panel' ? (
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm">Order {order.order_reference} is paid. Thank you.</Text>
          {badge}
        </Group>
      </Paper>
    ) : (
      badge
    );
  }
  if (order.status !== 'awaiting_payment') return null;

  const submit = async () => {
    if (!method) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await payWonOrder(order.id, method);
      if (answer.payment_url) {
        window.location.assign(answer.payment_url);
        return;
      }
      setDone(answer);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'We could not start the payment. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button
      size={size}
      fullWidth={variant === 'panel'}
      onClick={() => setOpen(true)}
      data-testid="pay-won-lot"
      aria-label={`Pay order ${order.order_reference}`}
    >
      Pay
    </Button>
  );
  return (
    <>
      {variant === 'panel' ? (
        <Paper withBorder radius="md" p="md" data-testid="won-lot-panel">
          <Stack gap="xs">
            <Text fw={700}>You won this lot</Text>
            <Text size="sm" data-testid="won-lot-due">
              Invoice {order.order_reference}
              {order.lot_count > 1 ? ` for your ${order.lot_count} lots in this sale` : ''} · amount due <strong>{formatMK(order.amount)}</strong>.{' '}
              {paymentDeadlineText(order.due_at)}
            </Text>
            {button}
          </Stack>
        </Paper>
      ) : (
        button
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={`Pay for order ${order.order_reference}`} centered>
        {done ? (
          <Stack>
            <Alert color="green" data-testid="pay-instructions">
              {done.message}
            </Alert>
            <Text size="sm" c="dimmed">
              Your order stays awaiting payment until we record the money; you will be told when it is paid.
            </Text>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </Stack>
        ) : (
          <Stack>
            <Text>
              Amount due: <strong>{formatMK(order.amount)}</strong>
            </Text>
            <Alert color={order.dpo_accepts ? 'blue' : 'yellow'} data-testid="dpo-limit-note">
              {order.dpo_accepts
                ? 'DPO Pay (card or mobile money) takes payments of up to MK 999,999.99.'
                : 'This amount is above DPO Pay’s limit of MK 999,999.99, so pay in cash at our office or by bank transfer.'}
            </Alert>
            <Radio.Group value={method ?? ''} onChange={(v) => setMethod(v as Method)} label="How will you pay?">
              <Stack gap="xs" mt="xs">
                {order.dpo_accepts && <Radio value="dpopay" label="DPO Pay — card or mobile money, now" />}
                <Radio value="cash" label="Cash at our office" />
                <Radio value="bank" label={`Bank transfer, quoting ${order.order_reference} as the reference`} />
              </Stack>
            </Radio.Group>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button onClick={() => void submit()} disabled={!method} loading={busy} data-testid="pay-continue">
              {method === 'dpopay' ? 'Continue to DPO Pay' : 'Continue'}
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}

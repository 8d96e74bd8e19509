import { Button, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatMK } from '@shared/rules/money';
import type { AdminOrderView } from '@shared/schemas/admin-order.schema';
import type { RecordWonOrderPaymentInput } from '@shared/schemas/won-order-payment.schema';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRecordWonOrderPayment } from '../api/admin-api';

/**
 * Operators' action on a won auction's order awaiting payment (issue 13 "Settlement"): record
 * cash received at the office or a bank transfer confirmed (with the transfer's reference);
 * `POST /api/admin/orders/{id}/payment-received`, exactly once (a second try reads "already paid").
 */
export function RecordWonPayment({ order, onDone, fullWidth = false }: { order: AdminOrderView; onDone: (o: AdminOrderView) => void; fullWidth?: boolean }) {
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<RecordWonOrderPaymentInput['method']>(order.payment_method === 'bank' ? 'bank' : 'cash');
  const [reference, setReference] = useState('');
  const record = useRecordWonOrderPayment();
  const busy = record.isPending;
  const submit = async () => {
    try {
      const body: RecordWonOrderPaymentInput = { method, ...(reference.trim() ? { reference: reference.trim() } : {}) };
      const done = await record.mutateAsync({ id: order.id, body });
      notifySuccess(done.message);
      onDone(done.data);
      setOpen(false);
    } catch (e) {
      notifyError(e instanceof Error ? e.message : 'Failed to record the payment');
    }
  };
  return (
    <>
      <Button size="xs" color="green" fullWidth={fullWidth} onClick={() => setOpen(true)} data-testid="record-won-payment">
        Record payment
      </Button>
      <Modal opened={open} onClose={() => !busy && setOpen(false)} title={`Record payment for ${order.order_reference}`} centered>
        <Stack>
          <Text>
            Amount: <strong>{formatMK(order.amount_total)}</strong>
            {order.customer.name ? ` from ${order.customer.name}` : ''}
          </Text>
          <Text size="sm" fw={500}>
            How the money came
          </Text>
          <SegmentedControl
            value={method}
            onChange={(v) => setMethod(v === 'bank' ? 'bank' : 'cash')}
            data={[
              { value: 'cash', label: 'Cash' },
              { value: 'bank', label: 'Bank transfer' },
            ]}
            fullWidth
          />
          {method === 'bank' && (
            <TextInput
              label="Transfer reference"
              description={`The buyer was asked to quote ${order.order_reference}.`}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              maxLength={120}
            />
          )}
          <Button color="green" loading={busy} onClick={() => void submit()} data-testid="record-won-payment-confirm">
            Mark paid
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

import { Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout';
import { usePaymentResult } from '../api/get-payment-result';

/**
 * /payment-cancel: 'Payment Not Completed' with the message (default 'Payment was cancelled or
 * failed.'), code, reference and transaction token when present; links to /spa/profile and /.
 * On arrival the server is asked about the order (it verifies with DPO and, when not paid, puts
 * the held items back on sale); the answer is not needed here. Source: spec/shopping.md §2, §3.
 */
export function PaymentCancelPage() {
  const q = new URLSearchParams(window.location.search);
  const message = q.get('ErrorDescription') || M.cancelDefault;
  const code = q.get('ErrorCode');
  const ref = q.get('CompanyRef');
  const token = q.get('TransactionToken');

  usePaymentResult(ref ?? '');

  return (
    <Stack align="center" gap="lg" py={{ base: 24, sm: 48 }} maw={640} mx="auto" data-testid="payment-cancel">
      <ThemeIcon size={80} radius="xl" color="red" variant="light">
        <IconCircleX size={44} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 28, sm: 36 }} ta="center">
        Payment Not Completed
      </Title>
      <Text c="dimmed" ta="center" data-testid="cancel-message">
        {message}
      </Text>
      {(code || ref || token) && (
        <Paper withBorder radius="md" p="md" w="100%">
          <Table verticalSpacing={6}>
            <Table.Tbody>
              {code && <Row label="Code" value={code} />}
              {ref && <Row label="Reference" value={ref} />}
              {token && <Row label="Transaction token" value={token} />}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Text size="sm" c="dimmed" ta="center">
        No money was taken for this order. Items held for it are back on sale; you can try again from your cart.
      </Text>
      <Group justify="center">
        <Button component="a" href="/spa/profile" variant="default">
          View transaction history
        </Button>
        <Button component="a" href="/" color="gavel">
          Continue Shopping
        </Button>
      </Group>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Td c="dimmed">{label}</Table.Td>
      <Table.Td fw={600} ta="right" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

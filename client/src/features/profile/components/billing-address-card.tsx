import { useRef, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMapPin, IconPencil, IconPlus } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { regionNamed } from '@shared/rules/regions';
import { BillingAddressFields } from '../../../components/billing-address-fields';
import type { BillingAddress } from '../api/account';
import { useBillingAddressForm } from '../hooks/use-billing-address-form';

/** Height of the app's sticky header, and room kept above a field for its label. */
const STICKY_HEADER_PX = 64;
const LABEL_ROOM_PX = 32;

/** District and region of a stored address: 'Blantyre, Southern Region'; an older address with a town name shows 'Mzuzu, Mzimba'. */
function placeLine(a: BillingAddress): string {
  const region = a.town ? regionNamed(a.town) : undefined;
  if (region) return [a.state, `${region} Region`].filter(Boolean).join(', ');
  return [a.town, a.state].filter(Boolean).join(', ');
}

/**
 * The profile's Billing Address card ('Used for receipts and invoices'): the stored address, or
 * 'No billing address on file'; Edit (Add address when none) opens the checkout's billing fields
 * in the card, Save address stores it and the card shows what the server stored, Cancel leaves
 * it as it was. `address` undefined while loading; a saved address reaches it through the cache. Source: spec/accounts-and-shell.md §2
 * "Billing Address card"; spec/shopping.md §3, §5.
 */
export function BillingAddressCard({ address }: { address: BillingAddress | null | undefined }) {
  const form = useBillingAddressForm();
  const formRef = useRef<HTMLFormElement>(null);
  // Focus follows the work: the street address on opening, the first refused field after a save.
  const focusFirst = (selector: string) =>
    requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>(selector);
      if (!field) return;
      field.focus({ preventScroll: true });
      // The browser's own focus scroll would leave the field's label under the sticky header.
      const box = field.getBoundingClientRect();
      if (box.top < STICKY_HEADER_PX + LABEL_ROOM_PX || box.bottom > window.innerHeight) field.scrollIntoView({ block: 'center' });
    });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await form.save())) focusFirst('[aria-invalid="true"]');
  };
  const open = () => {
    form.open(address ?? null);
    focusFirst('input');
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="billing-address">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Group gap={8} wrap="nowrap">
          <IconMapPin size={18} />
          <Text fw={700}>Billing Address</Text>
        </Group>
        {!form.editing && address !== undefined && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={address ? <IconPencil size={14} /> : <IconPlus size={14} />}
            onClick={open}
            aria-label={address ? 'Edit billing address' : 'Add billing address'}
            data-testid="billing-address-edit"
          >
            {address ? 'Edit' : 'Add address'}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        Used for receipts and invoices.
      </Text>
      {form.editing ? (
        <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Billing address" data-testid="billing-address-form">
          <Stack gap="md">
            {form.error && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {form.error}
              </Alert>
            )}
            <BillingAddressFields value={form.values} errors={form.errors} onChange={form.change} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={form.cancel} disabled={form.saving}>
                Cancel
              </Button>
              <Button type="submit" loading={form.saving} data-testid="billing-address-save">
                Save address
              </Button>
            </Group>
          </Stack>
        </form>
      ) : address === undefined ? (
        <Loader size="xs" />
      ) : address === null ? (
        <Text size="sm" c="dimmed">
          {ACCOUNT_MESSAGES.noBillingAddress}
        </Text>
      ) : (
        <Stack gap={2} data-testid="billing-address-view">
          <Text size="sm">{address.address1}</Text>
          {(address.town || address.state) && <Text size="sm">{placeLine(address)}</Text>}
          {(address.zip || address.country) && <Text size="sm">{[address.zip, address.country].filter(Boolean).join(' ')}</Text>}
          {address.email && (
            <Text size="sm" c="dimmed">
              {address.email}
            </Text>
          )}
          {address.phone && (
            <Text size="sm" c="dimmed">
              {address.phone}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}

import { LegalLink } from '../../../components/legal-links';
import { Alert, Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingBank, IconCash, IconCreditCard, IconDeviceMobile, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FormErrors } from '@mantine/form';
import { formatMK } from '@shared/rules/money';
import type { CustomerInfo, FieldErrors, PaymentContact } from '@shared/rules/checkout';
import { dpoPayAccepts } from '@shared/rules/checkout';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout';
import { CURRENCY_OPTIONS, type PaymentMethod } from '@shared/schemas/checkout.schema';

/** Customer step: first name, last name, email, phone. Source: spec/shopping.md §3, §5. */
export function CustomerStep({ value, errors, onChange }: { value: CustomerInfo; errors: FormErrors; onChange: (v: CustomerInfo) => void }) {
  const set = (k: keyof CustomerInfo) => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [k]: e.currentTarget.value });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="First name"
          withAsterisk
          value={value.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
          autoComplete="given-name"
          data-testid="first-name"
        />
        <TextInput
          label="Last name"
          withAsterisk
          value={value.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
          autoComplete="family-name"
          data-testid="last-name"
        />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        value={value.email}
        onChange={set('email')}
        error={errors.email}
        autoComplete="email"
        data-testid="email"
      />
      <TextInput
        label="Phone number"
        withAsterisk
        value={value.phone}
        onChange={set('phone')}
        error={errors.phone}
        placeholder="0888 123 456"
        description="Malawi number: +265, 265 or 0, then 9 digits"
        autoComplete="tel"
        data-testid="phone"
      />
    </Stack>
  );
}

interface MethodOption {
  value: PaymentMethod;
  title: string;
  text: string;
  icon: ReactNode;
  enabled: boolean;
}

const METHODS: MethodOption[] = [
  {
    value: 'dpopay',
    title: 'DPO Pay',
    text: 'Card, mobile money (Airtel Money, TNM Mpamba) or bank transfer',
    icon: <IconDeviceMobile size={22} />,
    enabled: true,
  },
  { value: 'cash', title: 'Cash on delivery', text: 'Pay in cash when your items are delivered or collected', icon: <IconCash size={22} />, enabled: true },
  { value: 'bank', title: 'Bank transfer', text: 'Direct deposit to our bank account', icon: <IconBuildingBank size={22} />, enabled: false },
  { value: 'card', title: 'Credit / debit card', text: 'Pay by card on this page', icon: <IconCreditCard size={22} />, enabled: false },
];

/**
 * Payment step: method cards (dpopay and cash enabled; bank and card 'Coming Soon' and
 * disabled), and for dpopay the currency (MWK default; the order is sent in MWK) with name,
 * email and phone prefilled from the customer step; amounts above MK 999,999.99 are shown in red
 * with the spec's over-limit text, what to do instead and a button to switch to cash on delivery
 * (the page keeps Continue disabled meanwhile: {@link dpoPayAccepts}).
 * Source: spec/shopping.md §3 "Payment methods", §4, §5, §8, §9; issue 20.
 */
export function PaymentStep({
  method,
  currency,
  contact,
  errors,
  total,
  reserveHoursHint,
  onMethod,
  onCurrency,
  onContact,
}: {
  method: PaymentMethod;
  currency: string;
  contact: PaymentContact;
  errors: FieldErrors;
  total: number;
  reserveHoursHint: string;
  onMethod: (m: PaymentMethod) => void;
  onCurrency: (c: string) => void;
  onContact: (c: PaymentContact) => void;
}) {
  const overLimit = !dpoPayAccepts(total);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="radiogroup" aria-label="Payment method">
        {METHODS.map((m) => {
          const selected = method === m.value;
          return (
            <UnstyledButton
              key={m.value}
              role="radio"
              aria-checked={selected}
              aria-disabled={!m.enabled}
              disabled={!m.enabled}
              onClick={() => m.enabled && onMethod(m.value)}
              data-testid={`method-${m.value}`}
              style={{
                border: `2px solid ${selected ? 'var(--mantine-color-gavel-6)' : 'var(--mantine-color-gray-3)'}`,
                borderRadius: 10,
                padding: 14,
                background: selected ? 'var(--mantine-color-gavel-0)' : m.enabled ? 'white' : 'var(--mantine-color-gray-0)',
                opacity: m.enabled ? 1 : 0.65,
                cursor: m.enabled ? 'pointer' : 'not-allowed',
              }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" color={m.enabled ? 'gavel' : 'gray'} size={38} radius="md">
                  {m.icon}
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text fw={700}>{m.title}</Text>
                    {!m.enabled && (
                      <Badge size="xs" color="gray" variant="light">
                        Coming Soon
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {m.text}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>

      {method === 'dpopay' && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <Select label="Currency" data={[...CURRENCY_OPTIONS]} value={currency} onChange={(c) => onCurrency(c ?? 'MWK')} allowDeselect={false} w={140} />
              <div style={{ textAlign: 'right' }}>
                <Text size="xs" c="dimmed">
                  Amount to pay
                </Text>
                <Text fw={800} fz="lg" c={overLimit ? 'red.9' : undefined} data-testid="dpo-amount">
                  {formatMK(total)}
                </Text>
              </div>
            </Group>
            {currency !== 'MWK' && (
              <Text size="xs" c="dimmed">
                Your order is charged in Malawi kwacha (MWK); DPO Pay converts at its rate.
              </Text>
            )}
            {overLimit && <DpoLimitNotice onCash={() => onMethod('cash')} />}
            <TextInput
              label="Full name"
              withAsterisk
              value={contact.customerName}
              onChange={(e) => onContact({ ...contact, customerName: e.currentTarget.value })}
              error={errors.customerName}
              data-testid="pay-name"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Email address"
                withAsterisk
                value={contact.customerEmail}
                onChange={(e) => onContact({ ...contact, customerEmail: e.currentTarget.value })}
                error={errors.customerEmail}
                data-testid="pay-email"
              />
              <TextInput
                label="Phone"
                value={contact.customerPhone}
                onChange={(e) => onContact({ ...contact, customerPhone: e.currentTarget.value })}
                error={errors.customerPhone}
                data-testid="pay-phone"
              />
            </SimpleGrid>
          </Stack>
        </Paper>
      )}
      {method === 'cash' && (
        <Alert color="gavel" variant="light" icon={<IconCash size={18} />} title="Cash on delivery">
          Your items are reserved for you{reserveHoursHint} while we arrange delivery or collection. Pay in cash when you receive them; unpaid orders may be
          cancelled when the reservation ends and the items returned to sale.
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The DPO Pay limit notice: the spec's over-limit text in red, then what to do instead (cash on
 * delivery, or smaller orders) with a button that switches to cash on delivery when `onCash` is
 * given. Source: spec/shopping.md §8 "Over limit", §9; issue 20.
 */
export function DpoLimitNotice({ onCash }: { onCash?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconInfoCircle size={16} />} data-testid="dpo-limit">
      <Stack gap="xs">
        <Text size="sm" c="red.8" fw={600}>
          {M.overLimit}
        </Text>
        <Text size="sm" data-testid="dpo-limit-advice">
          {M.overLimitAdvice}
        </Text>
        {onCash && (
          <Button size="xs" variant="white" color="red" leftSection={<IconCash size={14} />} onClick={onCash} w="fit-content" data-testid="dpo-limit-cash">
            Pay cash on delivery instead
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** A labelled summary block of the review step with an Edit link. */
export function ReviewBlock({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb={6}>
        <Title order={5}>{title}</Title>
        <Button variant="subtle" size="compact-xs" onClick={onEdit}>
          Edit
        </Button>
      </Group>
      {children}
    </Paper>
  );
}

/** The terms checkbox of the review step. */
export function TermsCheckbox({ checked, onChange, error }: { checked: boolean; onChange: (v: boolean) => void; error?: string }) {
  return (
    <Checkbox
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      error={error}
      label={
        <>
          I agree to the <LegalLink page="terms">terms and conditions of sale</LegalLink>, including delivery and collection arrangements
        </>
      }
      data-testid="terms"
    />
  );
}

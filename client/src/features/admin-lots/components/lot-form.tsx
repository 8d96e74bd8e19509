import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { Branch } from '@shared/schemas/item.schema';
import { lotInputSchema, type LotView } from '@shared/schemas/lot.schema';
import { ApiError } from '../../../lib/api-client';
import type { SaleChoice } from '../api/list-lot-choices';
import { useSaveLot } from '../api/save-lot';
import { CONDITION_CHOICES, KIND_LABELS } from '../utils/lot-display';
import { changedFields, emptyLotForm, formToBody, lotToForm, type LotFormValues } from '../utils/lot-form-values';

/** Messages by field, as the server's 422 or the shared schema names them. */
type FieldErrors = Record<string, string>;

/** The first message of each field of a zod or server error map. */
function firstMessages(errors: Record<string, string[] | undefined>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (v?.length ? [[k, v[0]]] : [])));
}

/**
 * The lot form (create or edit): every field of the spec's Item — name, title, description, the
 * sale (its kind comes with it), branch, code, reference number, starting amount (the price of a
 * daily-sale lot), reserve, quantity (daily sale), condition, featured, start and end (empty: the
 * sale's). Checked with the shared schema (shared/schemas/lot.schema.ts) before sending; the
 * server's 422 messages show under their fields. An edit sends only the fields changed.
 * `onSaved` gets the saved lot. Source: issue 13 "Lots (items)".
 */
export function LotForm({
  lot,
  sales,
  branches,
  initialSaleId,
  onSaved,
}: {
  lot: LotView | null;
  sales: SaleChoice[];
  branches: Branch[];
  initialSaleId?: string | null;
  onSaved: (lot: LotView) => void;
}) {
  // The parent keys the form by the lot's id and updated_at: a saved edit starts a fresh form.
  const [initial] = useState<LotFormValues>(() => (lot ? lotToForm(lot) : emptyLotForm(initialSaleId ?? null)));
  const [values, setValues] = useState<LotFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useSaveLot();
  const saving = save.isPending;

  const set = <K extends keyof LotFormValues>(key: K, value: LotFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const sale = sales.find((s) => String(s.id) === values.saleId) ?? null;
  const daily = sale?.kind === 'cash';
  const open = !lot || (lot.status === 'available' && !lot.closed);
  const hasBids = (lot?.bid_count ?? 0) > 0;

  const submit = async () => {
    const body = formToBody(values);
    const checked = lotInputSchema.safeParse(body);
    if (!checked.success) {
      const map: Record<string, string[]> = {};
      for (const issue of checked.error.issues) (map[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
      setErrors(firstMessages(map));
      setMessage('Please correct the fields marked.');
      return;
    }
    const toSend = lot ? changedFields(initial, values) : body;
    if (lot && Object.keys(toSend).length === 0) {
      setMessage(null);
      setErrors({});
      onSaved(lot);
      return;
    }
    setErrors({});
    setMessage(null);
    try {
      onSaved(await save.mutateAsync({ id: lot?.id ?? null, body: toSend }));
    } catch (e) {
      if (e instanceof ApiError && e.body?.errors) setErrors(firstMessages(e.body.errors));
      setMessage(e instanceof Error ? e.message : 'The lot could not be saved.');
    }
  };

  const saleOptions = sales.map((s) => ({
    value: String(s.id),
    label: `${s.name} · ${KIND_LABELS[s.kind]}${s.status === 'draft' ? ' (draft)' : ''}`,
  }));

  return (
    <Card withBorder radius="lg" padding="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
        data-testid="lot-form"
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            Details
          </Title>
          {message && (
            <Alert color="red" variant="light" data-testid="lot-form-error">
              {message}
            </Alert>
          )}
          <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} maxLength={200} />
          <TextInput
            label="Title"
            description="A longer heading for the lot's page. Empty: the name."
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title}
            maxLength={200}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Sale"
              required
              searchable
              placeholder="Choose the sale"
              data={saleOptions}
              value={values.saleId}
              onChange={(v) => set('saleId', v)}
              error={errors.auction_type_id}
              disabled={!open || hasBids}
              description={hasBids ? 'This lot has bids: it stays in its sale.' : sale ? `Kind: ${KIND_LABELS[sale.kind]}` : undefined}
              nothingFoundMessage="No sale by that name"
            />
            <Select
              label="Branch"
              placeholder="No branch"
              data={branches.map((b) => ({ value: String(b.id), label: b.name }))}
              value={values.branchId}
              onChange={(v) => set('branchId', v)}
              clearable
              error={errors.branch_id}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Code" value={values.code} onChange={(e) => set('code', e.currentTarget.value)} error={errors.code} maxLength={60} />
            <TextInput
              label="Reference number"
              value={values.referenceNumber}
              onChange={(e) => set('referenceNumber', e.currentTarget.value)}
              error={errors.reference_number}
              maxLength={60}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={daily ? 'Price (MK)' : 'Starting amount (MK)'}
              description={daily ? 'What a buyer pays' : 'Where bidding starts'}
              required
              value={values.targetAmount}
              onChange={(v) => set('targetAmount', typeof v === 'number' ? v : '')}
              min={0}
              thousandSeparator=","
              allowDecimal={false}
              allowNegative={false}
              error={errors.target_amount}
              disabled={hasBids}
              inputMode="numeric"
            />
            <NumberInput
              label="Reserve (MK)"
              description="Hidden from bidders. Empty: none."
              value={values.reservePrice}
              onChange={(v) => set('reservePrice', typeof v === 'number' ? v : '')}
              min={0}
              thousandSeparator=","
              allowDecimal={false}
              allowNegative={false}
              error={errors.reserve_price}
              inputMode="numeric"
            />
            <NumberInput
              label="Quantity"
              description={daily ? 'Pieces for sale' : 'Above 1: daily sales only'}
              value={values.quantity}
              onChange={(v) => set('quantity', typeof v === 'number' ? v : '')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              error={errors.quantity}
              inputMode="numeric"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Condition"
              placeholder="Not said"
              data={CONDITION_CHOICES}
              value={values.condition}
              onChange={(v) => set('condition', v)}
              clearable
              error={errors.condition}
            />
            <Stack gap={4} justify="flex-end" pb={6}>
              <Switch label="Featured" checked={values.featured} onChange={(e) => set('featured', e.currentTarget.checked)} />
            </Stack>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              step={1}
              label="Starts"
              description="Empty: when the sale starts"
              value={values.dateFrom}
              onChange={(e) => set('dateFrom', e.currentTarget.value)}
              error={errors.date_from}
              disabled={!open}
            />
            <TextInput
              type="datetime-local"
              step={1}
              label="Ends"
              description="Empty: when the sale ends (a staggered sale sets it)"
              value={values.dateTo}
              onChange={(e) => set('dateTo', e.currentTarget.value)}
              error={errors.date_to}
              disabled={!open}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={12}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} data-testid="save-lot">
              {lot ? 'Save changes' : 'Create lot'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

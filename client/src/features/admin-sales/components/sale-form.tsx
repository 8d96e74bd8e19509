import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  useMatches,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Branch } from '@shared/schemas/item.schema';
import { saleInputSchema, type SaleView } from '@shared/schemas/sale.schema';
import { ApiError } from '../../../lib/api-client';
import { branchesQuery } from '../api/list-branches';
import { useSaveSale } from '../api/save-sale';
import { changedFields, emptySaleForm, formToBody, saleToForm, type SaleFormValues } from '../utils/sale-form-values';

/** The branch select's options until they are read. */
const NO_BRANCHES: Branch[] = [];

/** Messages by field, as the server's 422 or the shared schema names them. */
type FieldErrors = Record<string, string>;

/** The first message of each field of a zod or server error map. */
function firstMessages(errors: Record<string, string[] | undefined>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (v?.length ? [[k, v[0]]] : [])));
}

/**
 * The sale form (create or edit) in a modal, full screen on a phone: name, kind, branch, dates,
 * deposit, buyer's premium, soft close, seconds between lots (online), description, terms and (live)
 * the webcast.
 * A new sale is checked with the shared schema before sending; the server's 422 messages show
 * under their fields. An edit sends only the fields changed. `onSaved` gets the saved sale.
 * Source: issue 13 "Sales".
 */
export function SaleForm({
  sale,
  opened,
  onClose,
  onSaved,
}: {
  sale: SaleView | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (sale: SaleView) => void;
}) {
  const phone = useMatches({ base: true, sm: false });
  const [initial, setInitial] = useState<SaleFormValues>(emptySaleForm);
  const [values, setValues] = useState<SaleFormValues>(emptySaleForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useSaveSale();
  const saving = save.isPending;
  const branches = useQuery({ ...branchesQuery(), enabled: opened }).data ?? NO_BRANCHES;

  useEffect(() => {
    if (!opened) return;
    const start = sale ? saleToForm(sale) : emptySaleForm();
    setInitial(start);
    setValues(start);
    setErrors({});
    setMessage(null);
  }, [opened, sale]);

  const set = <K extends keyof SaleFormValues>(key: K, value: SaleFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const published = sale?.status === 'published';
  const live = values.kind === 'live';

  const submit = async () => {
    const body = formToBody(values);
    // A new sale is checked here first; an edit is judged by the server on what it changes.
    const checked = sale ? null : saleInputSchema.safeParse(body);
    if (checked && !checked.success) {
      const map: Record<string, string[]> = {};
      for (const issue of checked.error.issues) (map[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
      setErrors(firstMessages(map));
      setMessage('Please correct the fields marked.');
      return;
    }
    const toSend = sale ? changedFields(initial, values) : body;
    if (sale && Object.keys(toSend).length === 0) {
      onClose();
      return;
    }
    setErrors({});
    setMessage(null);
    try {
      onSaved(await save.mutateAsync({ id: sale?.id ?? null, body: toSend }));
    } catch (e) {
      if (e instanceof ApiError && e.body?.errors) setErrors(firstMessages(e.body.errors));
      setMessage(e instanceof Error ? e.message : 'The sale could not be saved.');
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={sale ? `Edit ${sale.name}` : 'New sale'} size="xl" fullScreen={phone} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
        data-testid="sale-form"
      >
        <Stack gap="md">
          {message && (
            <Alert color="red" variant="light" data-testid="sale-form-error">
              {message}
            </Alert>
          )}
          <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} maxLength={120} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Kind
              </Text>
              <SegmentedControl
                value={values.kind}
                onChange={(v) => set('kind', v as SaleFormValues['kind'])}
                data={[
                  { value: 'online', label: 'Online' },
                  { value: 'live', label: 'Live' },
                ]}
                disabled={published || sale?.kind === 'cash'}
                aria-label="Kind"
              />
              {errors.kind && (
                <Text size="xs" c="red">
                  {errors.kind}
                </Text>
              )}
            </Stack>
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
            <TextInput
              type="datetime-local"
              step={1}
              label="Starts"
              value={values.dateFrom}
              onChange={(e) => set('dateFrom', e.currentTarget.value)}
              error={errors.date_from}
            />
            <TextInput
              type="datetime-local"
              step={1}
              label={live ? 'Ends' : 'Ends (the first lot closes)'}
              value={values.dateTo}
              onChange={(e) => set('dateTo', e.currentTarget.value)}
              error={errors.date_to}
            />
          </SimpleGrid>
          {!live && (
            <NumberInput
              label="Seconds between lots"
              description="Lot 1 closes at the end, each next lot this many seconds later. Empty: each lot keeps its own end."
              value={values.staggerSeconds}
              onChange={(v) => set('staggerSeconds', typeof v === 'number' ? v : '')}
              min={0}
              max={86_400}
              allowDecimal={false}
              allowNegative={false}
              error={errors.stagger_seconds}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap={6} justify="center">
              <Switch
                label="Registration with a deposit"
                checked={live || values.depositRequired}
                disabled={live}
                onChange={(e) => set('depositRequired', e.currentTarget.checked)}
                description={live ? 'Always for a live sale' : undefined}
              />
            </Stack>
            <NumberInput
              label="Deposit (MK)"
              value={values.depositAmount}
              onChange={(v) => set('depositAmount', typeof v === 'number' ? v : '')}
              min={0}
              thousandSeparator=","
              allowNegative={false}
              disabled={!live && !values.depositRequired}
              error={errors.deposit_amount}
            />
            <NumberInput
              label="Buyer's premium (%)"
              value={values.premium}
              onChange={(v) => set('premium', typeof v === 'number' ? v : '')}
              min={0}
              max={100}
              decimalScale={2}
              allowNegative={false}
              error={errors.buyers_premium_percent}
            />
          </SimpleGrid>
          <NumberInput
            label="Soft close (minutes)"
            description="A bid in a lot's last minutes moves its end this far. Empty: the site's setting."
            value={values.softCloseMinutes}
            onChange={(v) => set('softCloseMinutes', typeof v === 'number' ? v : '')}
            min={0}
            max={60}
            allowDecimal={false}
            allowNegative={false}
            error={errors.soft_close_minutes}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={8}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
          />
          {live && (
            <TextInput
              label="Webcast"
              placeholder="https://…/live.m3u8 or a YouTube link"
              description="Shown above the lot in the live room, with an audio-only switch for slow connections"
              value={values.webcastUrl}
              onChange={(e) => set('webcastUrl', e.currentTarget.value)}
              error={errors.webcast_url}
              data-testid="sale-webcast-url"
            />
          )}
          <Textarea
            label="Terms"
            autosize
            minRows={2}
            maxRows={8}
            value={values.terms}
            onChange={(e) => set('terms', e.currentTarget.value)}
            error={errors.terms}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {sale ? 'Save' : 'Create draft'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

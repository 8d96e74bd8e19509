import { Badge, Button, Card, FileInput, Group, Image, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPhoto, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdvertView } from '@shared/schemas/advert.schema';
import { HistoryLink } from '../../../components/history-link';
import { auditHref } from '../../../lib/audit-links';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { advertsQuery, useEndAdvert, useSaveAdvert } from '../api/admin-api';
import { liveSalesQuery, type SaleOption } from '../api/list-sales';

/** The sale select's options until they are read. */
const NO_SALES: SaleOption[] = [];

/** `datetime-local` value of an ISO time, in the browser's zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function shownNow(a: AdvertView): boolean {
  const now = Date.now();
  return (a.active || a.status_id === 1) && new Date(a.date_from).getTime() <= now && new Date(a.date_to).getTime() >= now;
}

interface Draft {
  id: number | null;
  description: string;
  dateFrom: string;
  dateTo: string;
  active: boolean;
  /** The linked sale's id as the select holds it, or null for none. */
  saleId: string | null;
  image: File | null;
  /** The stored dates (ISO, to the second) of an advert being edited: sent back unchanged unless the operator changed the minute-precision field. */
  stored?: { dateFrom: string; dateTo: string };
}

/** The date to send: the stored one when the field still shows it (the field holds minutes only), else the field's. */
const dateToSend = (field: string, stored: string | undefined) =>
  stored !== undefined && toLocalInput(stored) === field ? stored : new Date(field).toISOString();

const emptyDraft = (): Draft => ({
  id: null,
  description: '',
  dateFrom: toLocalInput(new Date().toISOString()),
  dateTo: toLocalInput(new Date(Date.now() + 7 * 86_400_000).toISOString()),
  active: true,
  saleId: null,
  image: null,
});

/** The sale select's options: each live sale with its start; a linked sale no longer listed keeps an entry. */
function saleOptions(sales: SaleOption[], current: string | null): { value: string; label: string }[] {
  const options = sales.map((s) => ({ value: String(s.id), label: s.date_from ? `${s.name} (${formatDateTimeGB(s.date_from)})` : s.name }));
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: `Sale #${current}` });
  return options;
}

/**
 * Operators create, edit and end advert banners (picture, description, dates, active, the sale
 * it announces). Every change reaches open home pages live. Source: spec/accounts-and-shell.md §4 (banner countdown).
 */
export function AdvertsAdmin() {
  const { data, error: loadError } = useQuery(advertsQuery());
  useReadFailureNotice(loadError, 'Failed to fetch advertisements.');
  const adverts: AdvertView[] | null = data ?? (loadError ? [] : null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sales = useQuery(liveSalesQuery()).data ?? NO_SALES;
  const saving = useSaveAdvert();
  const ending = useEndAdvert();

  const save = async () => {
    if (!draft) return;
    const form = new FormData();
    form.set('description', draft.description);
    form.set('date_from', dateToSend(draft.dateFrom, draft.stored?.dateFrom));
    form.set('date_to', dateToSend(draft.dateTo, draft.stored?.dateTo));
    form.set('active', String(draft.active));
    form.set('auction_type_id', draft.saleId ?? '');
    if (draft.image) form.set('image', draft.image);
    setError(null);
    try {
      await saving.mutateAsync({ id: draft.id, form });
      notifySuccess(draft.id === null ? 'Advert created' : 'Advert saved');
      setDraft(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to save the advert');
    }
  };

  const end = async (a: AdvertView) => {
    try {
      await ending.mutateAsync(a.id);
      notifySuccess('Advert ended');
    } catch {
      notifyError('Failed to end the advert');
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Adverts
          </Title>
          <Text c="dimmed">
            Banners on the home page. They link to live-auction registration and count down to their end, or to their sale’s start (its end once live) when
            linked to a sale.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft(emptyDraft())} data-testid="new-advert">
          New advert
        </Button>
      </Group>
      {adverts === null && <Text c="dimmed">Loading adverts…</Text>}
      {adverts?.length === 0 && <Text c="dimmed">No adverts yet.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {adverts?.map((a) => (
          <Card key={a.id} withBorder radius="lg" padding="md" data-testid="advert-card">
            <Card.Section>
              {a.image ? (
                <Image src={a.image} alt="" h={120} fit="cover" />
              ) : (
                <Stack h={120} align="center" justify="center" bg="gray.1">
                  <IconPhoto color="gray" />
                </Stack>
              )}
            </Card.Section>
            <Stack gap={6} mt="sm">
              <Group gap={6}>
                {shownNow(a) ? <Badge color="green">Showing</Badge> : <Badge color="gray">{a.active ? 'Scheduled or past' : 'Ended'}</Badge>}
              </Group>
              <Text fw={600} lineClamp={2}>
                {a.description}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTimeGB(a.date_from)} → {formatDateTimeGB(a.date_to)}
              </Text>
              <Text size="xs" c={a.sale ? 'gavel.8' : 'dimmed'} data-testid="advert-sale">
                {a.sale ? `Sale: ${a.sale.name}${a.sale.date_from ? `, starts ${formatDateTimeGB(a.sale.date_from)}` : ''}` : 'No sale linked'}
              </Text>
              <Group gap="xs" mt={4}>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    setDraft({
                      id: a.id,
                      description: a.description ?? '',
                      dateFrom: toLocalInput(a.date_from),
                      dateTo: toLocalInput(a.date_to),
                      active: a.active,
                      saleId: a.auction_type_id != null ? String(a.auction_type_id) : null,
                      image: null,
                      stored: { dateFrom: a.date_from, dateTo: a.date_to },
                    })
                  }
                >
                  Edit
                </Button>
                {shownNow(a) && (
                  <Button size="xs" color="red" variant="light" onClick={() => void end(a)} data-testid="end-advert">
                    End now
                  </Button>
                )}
                <HistoryLink to={auditHref({ subject_type: 'advert', subject_id: a.id })} label="History" title="Audit trail of this advert" />
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Modal opened={draft !== null} onClose={() => setDraft(null)} title={draft?.id === null ? 'New advert' : 'Edit advert'} centered size="lg">
        {draft && (
          <Stack>
            <Textarea
              label="Description"
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
              autosize
              minRows={2}
              maxLength={300}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="datetime-local"
                label="Shown from"
                value={draft.dateFrom}
                onChange={(e) => setDraft({ ...draft, dateFrom: e.currentTarget.value })}
              />
              <TextInput
                type="datetime-local"
                label="Until (countdown target)"
                value={draft.dateTo}
                onChange={(e) => setDraft({ ...draft, dateTo: e.currentTarget.value })}
              />
            </SimpleGrid>
            <Select
              label="Sale"
              description="The countdown then runs to the sale’s start (its end once live) and the button opens its registration."
              placeholder="No sale: count down to the advert’s end"
              data={saleOptions(sales, draft.saleId)}
              value={draft.saleId}
              onChange={(v) => setDraft({ ...draft, saleId: v })}
              clearable
              searchable
              nothingFoundMessage="No sale matches"
              comboboxProps={{ withinPortal: true }}
              data-testid="advert-sale-select"
            />
            <FileInput
              label="Banner picture"
              description="JPEG, PNG or WebP; cropped to 1200×400"
              accept="image/jpeg,image/png,image/webp"
              value={draft.image}
              onChange={(f) => setDraft({ ...draft, image: f })}
              clearable
            />
            <Switch label="Active" checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })} />
            {error && (
              <Text c="red" size="sm">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button loading={saving.isPending} onClick={() => void save()}>
                Save
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  useMatches,
} from '@mantine/core';
import { IconArrowsExchange, IconBan, IconPhotoOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import type { Branch } from '@shared/schemas/item.schema';
import type { LotsPage, LotView } from '@shared/schemas/lot.schema';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { useBulkLots } from '../api/bulk-lots';
import { branchChoicesQuery, saleChoicesQuery, type SaleChoice } from '../api/list-lot-choices';
import { lotsQuery, type LotsFilter } from '../api/list-lots';
import { KIND_LABELS, STATUS_CHOICES, lotStatus, thumbnailOf } from '../utils/lot-display';

const PER_PAGE = 25;
/** What a failed read shows: no rows. */
const EMPTY_PAGE: LotsPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: PER_PAGE, total: 0, from: null, to: null } };
const NO_SALES: SaleChoice[] = [];
const NO_BRANCHES: Branch[] = [];

/** The message of a failed call: the fields' messages of a 422, else its message. */
const failure = (e: unknown, fallback: string) => (e instanceof ApiError ? fieldMessages(e.body).join(' ') || e.message : fallback);

/** A lot's status as a badge. */
function LotStatusBadge({ lot }: { lot: LotView }) {
  const s = lotStatus(lot);
  return (
    <Badge color={s.color} variant="light" style={{ flexShrink: 0 }} data-testid="lot-row-status">
      {s.label}
    </Badge>
  );
}

/** The lot's cover as a small square, or a placeholder. */
function Thumb({ lot, size }: { lot: LotView; size: number }) {
  const cover = lot.images[0];
  if (!cover) {
    return (
      <div
        style={{
          width: size,
          height: size,
          borderRadius: 8,
          background: 'var(--mantine-color-default-hover)',
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
        }}
      >
        <IconPhotoOff size={18} color="var(--mantine-color-dimmed)" />
      </div>
    );
  }
  return <Image src={thumbnailOf(cover)} alt="" w={size} h={size} radius="sm" fit="cover" style={{ flexShrink: 0 }} />;
}

/** Price in words: the current bid and bids, or the starting amount. */
function priceText(lot: LotView): string {
  return lot.bid_amount != null
    ? `${formatMK(lot.bid_amount)} · ${lot.bid_count} ${lot.bid_count === 1 ? 'bid' : 'bids'}`
    : `${formatMK(lot.target_amount)} start`;
}

/**
 * `/admin/lots`: every lot — open, closed, sold, unsold and withdrawn — newest first, with search
 * (name, code, reference), filters (sale, kind, branch, status, with or without pictures) and
 * paging; tick lots to withdraw them (with one reason) or move them to a sale at once. A table at
 * a desk, cards on a phone. Source: issue 13 "Lots (items)".
 */
export function LotsList() {
  // Cards on phones and tablets (the table needs 900 px), the table at a desk.
  const narrow = useMatches({ base: true, md: false });
  const [filter, setFilter] = useState<LotsFilter>({ page: 1, per_page: PER_PAGE });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<'withdraw' | 'move' | null>(null);

  const sales = useQuery(saleChoicesQuery()).data ?? NO_SALES;
  const branches = useQuery(branchChoicesQuery()).data ?? NO_BRANCHES;

  useEffect(() => {
    const t = setTimeout(() => setFilter((f) => (f.search === search ? f : { ...f, search, page: 1 })), 300);
    return () => clearTimeout(t);
  }, [search]);

  const { data, error } = useQuery(lotsQuery(filter));
  useReadFailureNotice(error, 'Failed to fetch lots.');
  const page: LotsPage | null = data ?? (error ? EMPTY_PAGE : null);

  const setOne = (key: keyof LotsFilter, value: string | null) => {
    setSelected(new Set());
    setFilter((f) => ({ ...f, [key]: value, page: 1 }));
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const lots = page?.data ?? [];
  const allOnPage = lots.length > 0 && lots.every((l) => selected.has(l.id));

  const saleOptions = sales.map((s) => ({ value: String(s.id), label: `${s.name}${s.status === 'draft' ? ' (draft)' : ''}` }));
  const link = (lot: LotView) => (
    <Anchor component={Link} to={`/admin/lots/${lot.id}`} fw={600} data-testid="lot-link" style={{ overflowWrap: 'anywhere' }}>
      {lot.name}
    </Anchor>
  );
  const tick = (lot: LotView) => (
    <Checkbox
      aria-label={`Select ${lot.name}`}
      checked={selected.has(lot.id)}
      onChange={(e) => toggle(lot.id, e.currentTarget.checked)}
      data-testid="lot-select"
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <div>
          <Title order={1} size="h2">
            Lots
          </Title>
          <Text c="dimmed">Every lot of every sale: create, edit, picture, withdraw, move and relist.</Text>
        </div>
        <Button component={Link} to="/admin/lots/new" leftSection={<IconPlus size={16} />} data-testid="new-lot">
          New lot
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
        <TextInput
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Name, code or reference"
          aria-label="Search lots"
          leftSection={<IconSearch size={16} />}
        />
        <Select
          aria-label="Sale"
          placeholder="Every sale"
          data={saleOptions}
          value={filter.auction_type_id ?? null}
          onChange={(v) => setOne('auction_type_id', v)}
          clearable
          searchable
        />
        <Select
          aria-label="Kind"
          placeholder="Every kind"
          data={[
            { value: 'online', label: 'Online' },
            { value: 'live', label: 'Live' },
            { value: 'cash', label: 'Daily sale' },
          ]}
          value={filter.kind ?? null}
          onChange={(v) => setOne('kind', v)}
          clearable
        />
        <Select
          aria-label="Branch"
          placeholder="Every branch"
          data={branches.map((b) => ({ value: String(b.id), label: b.name }))}
          value={filter.branch_id ?? null}
          onChange={(v) => setOne('branch_id', v)}
          clearable
        />
        <Select
          aria-label="Status"
          placeholder="Every status"
          data={STATUS_CHOICES}
          value={filter.status ?? null}
          onChange={(v) => setOne('status', v)}
          clearable
        />
        <Select
          aria-label="Pictures"
          placeholder="With or without pictures"
          data={[
            { value: 'true', label: 'With pictures' },
            { value: 'false', label: 'Without pictures' },
          ]}
          value={filter.has_pictures ?? null}
          onChange={(v) => setOne('has_pictures', v)}
          clearable
        />
      </SimpleGrid>

      <Group justify="space-between" wrap="wrap" gap="xs">
        <Checkbox
          label={selected.size ? `${selected.size} selected` : 'Select all on this page'}
          checked={allOnPage}
          indeterminate={!allOnPage && lots.some((l) => selected.has(l.id))}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSelected((s) => {
              const next = new Set(s);
              for (const l of lots) {
                if (on) next.add(l.id);
                else next.delete(l.id);
              }
              return next;
            });
          }}
          disabled={lots.length === 0}
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowsExchange size={14} />}
            disabled={!selected.size}
            onClick={() => setAction('move')}
            data-testid="bulk-move"
          >
            Move to a sale
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconBan size={14} />}
            disabled={!selected.size}
            onClick={() => setAction('withdraw')}
            data-testid="bulk-withdraw"
          >
            Withdraw
          </Button>
        </Group>
      </Group>

      {page === null && <Text c="dimmed">Loading lots…</Text>}
      {page && lots.length === 0 && (
        <Card withBorder radius="lg">
          <Text c="dimmed">No lots match.</Text>
        </Card>
      )}
      {lots.length > 0 && !narrow && (
        <Card withBorder radius="lg" padding={0}>
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" horizontalSpacing="md" striped data-testid="lots-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>Lot</Table.Th>
                  <Table.Th>Sale</Table.Th>
                  <Table.Th>Ends</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lots.map((lot) => (
                  <Table.Tr key={lot.id} data-testid="lot-row">
                    <Table.Td>{tick(lot)}</Table.Td>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Thumb lot={lot} size={44} />
                        <div style={{ minWidth: 0 }}>
                          {link(lot)}
                          <Text size="xs" c="dimmed">
                            #{lot.id}
                            {lot.code ? ` · ${lot.code}` : ''}
                            {lot.branch ? ` · ${lot.branch.name}` : ''}
                            {lot.images.length ? ` · ${lot.images.length} ${lot.images.length === 1 ? 'picture' : 'pictures'}` : ' · no pictures'}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {lot.lot_number != null ? `Lot ${lot.lot_number} · ` : ''}
                        {lot.sale.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {KIND_LABELS[lot.sale.kind]}
                        {lot.sale.published ? '' : ' · draft'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {lot.date_to ? formatDateTimeGB(lot.date_to) : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {priceText(lot)}
                    </Table.Td>
                    <Table.Td>
                      <LotStatusBadge lot={lot} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {lots.length > 0 && narrow && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {lots.map((lot) => (
            <Card key={lot.id} withBorder radius="lg" padding="sm" data-testid="lot-card">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {tick(lot)}
                <Thumb lot={lot} size={64} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    {link(lot)}
                    <LotStatusBadge lot={lot} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {lot.lot_number != null ? `Lot ${lot.lot_number} · ` : ''}
                    {lot.sale.name}
                  </Text>
                  <Text size="sm" fw={600}>
                    {priceText(lot)}
                  </Text>
                  {lot.date_to && (
                    <Text size="xs" c="dimmed">
                      Ends {formatDateTimeGB(lot.date_to)}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {page && page.meta.last_page > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {page.meta.from}–{page.meta.to} of {page.meta.total}
          </Text>
          <Pagination
            total={page.meta.last_page}
            value={page.meta.current_page}
            onChange={(p) => setFilter((f) => ({ ...f, page: p }))}
            size="sm"
            siblings={narrow ? 0 : 1}
          />
        </Group>
      )}

      <BulkModal
        action={action}
        ids={[...selected]}
        sales={sales}
        onClose={() => setAction(null)}
        onDone={() => {
          setAction(null);
          setSelected(new Set());
        }}
      />
    </Stack>
  );
}

/** Withdraws the selected lots (one reason) or moves them to a sale; all or none. */
function BulkModal({
  action,
  ids,
  sales,
  onClose,
  onDone,
}: {
  action: 'withdraw' | 'move' | null;
  ids: number[];
  sales: SaleChoice[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [saleId, setSaleId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bulk = useBulkLots();
  const saving = bulk.isPending;
  useEffect(() => {
    setError(null);
  }, [action]);
  const n = ids.length;
  const submit = async () => {
    setError(null);
    try {
      if (action === 'withdraw') {
        if (reason.trim().length < 3) throw new Error('Give the reason for withdrawing the lots (at least 3 characters).');
        await bulk.mutateAsync({ ids, action: 'withdraw', reason: reason.trim() });
        notifySuccess(`${n} ${n === 1 ? 'lot' : 'lots'} withdrawn.`);
      } else {
        if (!saleId) throw new Error('Choose the sale to move the lots to.');
        const moved = await bulk.mutateAsync({ ids, action: 'move', auction_type_id: Number(saleId) });
        notifySuccess(`${moved.length} ${moved.length === 1 ? 'lot' : 'lots'} moved.`);
      }
      setReason('');
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? failure(e, 'Nothing changed.') : e instanceof Error ? e.message : 'Nothing changed.');
    }
  };
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action === 'withdraw' ? `Withdraw ${n} ${n === 1 ? 'lot' : 'lots'}?` : `Move ${n} ${n === 1 ? 'lot' : 'lots'}`}
      centered
    >
      <Stack>
        {action === 'withdraw' ? (
          <>
            <Text size="sm">They leave the listing at once and take no more bids; their leading bidders are told. All of them change, or none.</Text>
            <Textarea
              label="Reason"
              required
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              maxLength={500}
              data-testid="bulk-reason"
            />
          </>
        ) : (
          <>
            <Text size="sm">Each lot goes after the sale’s last lot. Lots with bids, closed or withdrawn ones stay where they are (nothing moves then).</Text>
            <Select
              label="Sale"
              searchable
              data={sales.map((s) => ({ value: String(s.id), label: `${s.name} · ${KIND_LABELS[s.kind]}${s.status === 'draft' ? ' (draft)' : ''}` }))}
              value={saleId}
              onChange={setSaleId}
              error={error}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={action === 'withdraw' ? 'red' : undefined} loading={saving} onClick={() => void submit()} data-testid="confirm-bulk">
            {action === 'withdraw' ? 'Withdraw' : 'Move'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

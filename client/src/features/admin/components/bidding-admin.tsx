import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BIDDING_MESSAGES } from '@shared/messages/bidding';
import { formatMK, groupDigits, parseGroupedAmount } from '@shared/rules/money';
import { HistoryLink } from '../../../components/history-link';
import { ApiError } from '../../../lib/api-client';
import { auditHref } from '../../../lib/audit-links';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import {
  incrementTablesQuery,
  lotBidsQuery,
  useRetractBid,
  useSaveIncrementTable,
  type IncrementBand,
  type IncrementTables,
  type LotBidsForOperators,
} from '../api/bidding-api';

/** The select's value of the global table (sales are their auction type id). */
const GLOBAL = 'global';

/** A band as the editor holds it: grouped digits, as typed. */
interface BandRow {
  key: number;
  from: string;
  increment: string;
}

let nextKey = 1;
const toRows = (bands: IncrementBand[]): BandRow[] =>
  bands.map((b) => ({ key: nextKey++, from: groupDigits(String(b.from)), increment: groupDigits(String(b.increment)) }));

/** Client-side checks of the rows (the server checks again): both amounts present, increment ≥ 1. Keys as the server names them. */
function rowErrors(rows: BandRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((r, i) => {
    if (r.from === '') errors[`bands.${i}.from`] = 'Enter the price the band starts at';
    if (r.increment === '') errors[`bands.${i}.increment`] = 'Enter the increment';
    else if (parseGroupedAmount(r.increment) < 1) errors[`bands.${i}.increment`] = 'At least MK 1';
  });
  return errors;
}

/**
 * /admin/bidding: operators edit the global increment table and each sale's own (rows of
 * "from" price and increment, added and removed, saved whole with `PUT
 * /api/admin/bid-increments`; the server's 422 shown on each field), and look at a lot's bids
 * (`?item=ID`: every bid with its automatic flag and maximum, the standing maximums, the
 * retracted bids) with a Retract action that asks for the reason. Both are audited.
 * Source: issue "Bidding engine: maximum (proxy) bids, increment bands, reserve met, retraction".
 */
export function BiddingAdmin() {
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Bidding
          </Title>
          <Text c="dimmed">Increment tables and the bids of a lot. Every change is recorded in the audit trail.</Text>
        </div>
        <HistoryLink to={auditHref({ type: 'increments.changed' })} label="History" title="Audit trail of increment table changes" />
      </Group>
      <IncrementTablesCard />
      <LotBidsCard />
    </Stack>
  );
}

function IncrementTablesCard() {
  const queryClient = useQueryClient();
  const query = useQuery(incrementTablesQuery());
  useReadFailureNotice(query.error, 'Failed to load the increment tables');
  const [selected, setSelected] = useState<string>(GLOBAL);
  const [rows, setRows] = useState<BandRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saveTable = useSaveIncrementTable();
  const saving = saveTable.isPending;

  // The editor starts from the tables as read on opening the screen (not from an older cached copy).
  const [started, setStarted] = useState(false);
  if (!started && query.isFetchedAfterMount && query.data) {
    setStarted(true);
    setRows(toRows(query.data.global));
  }
  const tables: IncrementTables | null = started ? (query.data ?? null) : null;

  const bandsOf = (t: IncrementTables, key: string) => (key === GLOBAL ? t.global : (t.sales.find((s) => String(s.auction_type_id) === key)?.bands ?? []));
  const sale = tables?.sales.find((s) => String(s.auction_type_id) === selected) ?? null;

  const choose = (key: string | null) => {
    if (!key || !tables) return;
    setSelected(key);
    setRows(toRows(bandsOf(tables, key)));
    setErrors({});
  };

  const save = async (bands: BandRow[]) => {
    const local = rowErrors(bands);
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      // Sent in the rows' order so the server's `bands.{i}` errors land on the row shown; it stores them ascending.
      const parsed = bands.map((r) => ({ from: parseGroupedAmount(r.from), increment: parseGroupedAmount(r.increment) }));
      await saveTable.mutateAsync({ auctionTypeId: selected === GLOBAL ? null : Number(selected), bands: parsed });
      notifySuccess(parsed.length ? 'Increment table saved' : sale ? `${sale.name} now uses the global table` : 'Global table removed');
      // The tables as stored (ascending), once read again.
      const t = await queryClient.fetchQuery(incrementTablesQuery()).catch(() => null);
      if (t) setRows(toRows(bandsOf(t, selected)));
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.body?.errors) {
        setErrors(Object.fromEntries(Object.entries(e.body.errors).map(([k, v]) => [k, v[0] ?? 'Invalid'])));
      } else {
        notifyError('Failed to save the increment table');
      }
    }
  };

  const setRow = (key: number, field: 'from' | 'increment', value: string) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: groupDigits(value) } : r)));
    const name = `bands.${rows.findIndex((r) => r.key === key)}.${field}`;
    setErrors((errs) => {
      const next = { ...errs };
      delete next[name];
      return next;
    });
  };

  const options = [
    { value: GLOBAL, label: 'Global table' },
    ...(tables?.sales ?? []).map((s) => ({ value: String(s.auction_type_id), label: `${s.name}${s.bands.length ? ' · own table' : ''}` })),
  ];
  const tableError = errors.bands ?? errors._ ?? errors.auction_type_id;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="increment-tables">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Increment tables
          </Title>
          <Text size="sm" c="dimmed">
            From each price, the next bid rises by at least the increment. A sale’s own table comes first, then the global table, then the flat increment
            setting.
          </Text>
        </div>
        <Select
          label="Table"
          data={options}
          value={selected}
          onChange={choose}
          allowDeselect={false}
          searchable
          maw={520}
          disabled={tables === null}
          data-testid="increment-table-select"
        />
        {sale && sale.bands.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="uses-global">
            {sale.name} has no table of its own: its lots use the global table. Add bands to give it one.
          </Text>
        )}
        {selected === GLOBAL && tables?.global.length === 0 && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No global table: lots without a sale table use the flat increment setting.
          </Text>
        )}
        <Stack gap="xs" maw={620} data-testid="band-rows">
          {rows.map((r, i) => (
            <Group key={r.key} gap="xs" align="flex-start" wrap="nowrap" data-testid="band-row">
              <TextInput
                label={i === 0 ? 'From (price)' : undefined}
                aria-label="From (price)"
                leftSection={<MK />}
                inputMode="numeric"
                value={r.from}
                onChange={(e) => setRow(r.key, 'from', e.currentTarget.value)}
                error={errors[`bands.${i}.from`]}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="band-from"
              />
              <TextInput
                label={i === 0 ? 'Increment' : undefined}
                aria-label="Increment"
                leftSection={<MK />}
                inputMode="numeric"
                value={r.increment}
                onChange={(e) => setRow(r.key, 'increment', e.currentTarget.value)}
                error={errors[`bands.${i}.increment`]}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="band-increment"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={i === 0 ? 25 : 0}
                aria-label="Remove band"
                onClick={() => {
                  setRows((rs) => rs.filter((x) => x.key !== r.key));
                  setErrors({});
                }}
                data-testid="band-remove"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        {tableError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} maw={620}>
            {tableError}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              const last = rows[rows.length - 1];
              const from = last ? groupDigits(String(parseGroupedAmount(last.from) * 10 || 0)) : '0';
              setRows((rs) => [...rs, { key: nextKey++, from, increment: '' }]);
            }}
            disabled={tables === null}
            data-testid="band-add"
          >
            Add band
          </Button>
          <Button onClick={() => void save(rows)} loading={saving} disabled={tables === null} data-testid="save-increments">
            Save table
          </Button>
          {sale && sale.bands.length > 0 && (
            <Button variant="subtle" color="red" onClick={() => void save([])} disabled={saving}>
              Use the global table
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function AutoBadge() {
  return (
    <Badge size="xs" color="indigo" variant="outline" style={{ flexShrink: 0 }} title="Placed automatically for the bidder’s maximum">
      auto
    </Badge>
  );
}

function MK() {
  return (
    <Text size="sm" fw={700} c="dimmed">
      MK
    </Text>
  );
}

function LotBidsCard() {
  const [params, setParams] = useSearchParams();
  const itemParam = params.get('item') ?? '';
  const itemId = /^\d+$/.test(itemParam) ? Number(itemParam) : null;
  const [lotText, setLotText] = useState(itemParam);
  const query = useQuery({ ...lotBidsQuery(itemId ?? 0), enabled: itemId !== null });
  const lot: LotBidsForOperators | null = itemId !== null && !query.error ? (query.data ?? null) : null;
  const loadError =
    itemId !== null && query.error ? (query.error instanceof ApiError && query.error.status === 404 ? 'No such lot' : 'Failed to load the lot’s bids') : null;
  const [retracting, setRetracting] = useState<LotBidsForOperators['data'][number] | null>(null);

  useEffect(() => {
    setLotText(itemParam);
  }, [itemParam]);

  const show = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(params);
    if (lotText.trim()) next.set('item', lotText.trim());
    else next.delete('item');
    setParams(next);
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="lot-bids">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Bids of a lot
          </Title>
          <Text size="sm" c="dimmed">
            Every stored bid with the bidders’ maximums. Retracting a bid removes it and the automatic bids made for it; the lot’s price and leader are worked
            out again from the remaining bids and pushed to every open page.
          </Text>
        </div>
        <form onSubmit={show}>
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Lot number"
              inputMode="numeric"
              value={lotText}
              onChange={(e) => setLotText(e.currentTarget.value.replace(/\D/g, ''))}
              w={160}
              data-testid="lot-id-input"
            />
            <Button type="submit" variant="light" leftSection={<IconSearch size={16} />}>
              Show bids
            </Button>
          </Group>
        </form>
        {loadError && <Text c="red.9">{loadError}</Text>}
        {lot && (
          <Stack gap="md">
            {lot.data.length === 0 ? (
              <Text c="dimmed">No bids on this lot.</Text>
            ) : (
              <>
                <Table.ScrollContainer minWidth={620} visibleFrom="sm">
                  <Table verticalSpacing="xs" striped highlightOnHover data-testid="operator-bids">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Bidder</Table.Th>
                        <Table.Th ta="right">Bid</Table.Th>
                        <Table.Th ta="right">Maximum</Table.Th>
                        <Table.Th>Placed</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {lot.data.map((b, i) => (
                        <Table.Tr key={b.id} data-testid="operator-bid-row">
                          <Table.Td>
                            <Text size="sm" fw={600}>
                              {b.user_name ?? `Bidder #${b.user_id}`}
                            </Text>
                            <Text size="xs" c="dimmed">
                              #{b.user_id}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">
                            <Group gap={6} justify="flex-end" wrap="nowrap">
                              {b.automatic && <AutoBadge />}
                              <Text size="sm" fw={i === 0 ? 800 : 600} style={{ whiteSpace: 'nowrap' }}>
                                {formatMK(b.bid_amount)}
                              </Text>
                            </Group>
                          </Table.Td>
                          <Table.Td ta="right">
                            <Text size="sm" c={b.max_amount ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                              {b.max_amount ? formatMK(b.max_amount) : '—'}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                              {formatDateTimeGB(b.created_at)}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">
                            <Button size="compact-sm" variant="light" color="red" onClick={() => setRetracting(b)} data-testid="retract-bid">
                              Retract
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {/* Phones: one block per bid, amounts never wrapped. */}
                <Stack gap={0} hiddenFrom="sm">
                  {lot.data.map((b) => (
                    <Group
                      key={b.id}
                      justify="space-between"
                      wrap="nowrap"
                      py="xs"
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                      data-testid="operator-bid-row-compact"
                    >
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                            {formatMK(b.bid_amount)}
                          </Text>
                          {b.automatic && <AutoBadge />}
                        </Group>
                        <Text size="xs" truncate>
                          {b.user_name ?? 'Bidder'} #{b.user_id}
                          {b.max_amount ? ` · max ${formatMK(b.max_amount)}` : ''}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatDateTimeGB(b.created_at)}
                        </Text>
                      </Stack>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        onClick={() => setRetracting(b)}
                        style={{ flexShrink: 0 }}
                        data-testid="retract-bid"
                      >
                        Retract
                      </Button>
                    </Group>
                  ))}
                </Stack>
              </>
            )}
            {lot.maximums.length > 0 && (
              <div>
                <Text fw={600} size="sm" mb={4}>
                  Standing maximums
                </Text>
                <Stack gap={2}>
                  {lot.maximums.map((m) => (
                    <Text key={m.user_id} size="sm">
                      {m.user_name ?? `Bidder #${m.user_id}`}: <b style={{ whiteSpace: 'nowrap' }}>{formatMK(m.max_amount)}</b>
                    </Text>
                  ))}
                </Stack>
              </div>
            )}
            {lot.retracted.length > 0 && (
              <div>
                <Text fw={600} size="sm" mb={4}>
                  Retracted bids
                </Text>
                <Stack gap={2}>
                  {lot.retracted.map((r) => (
                    <Text key={r.id} size="sm" c="dimmed">
                      <span style={{ whiteSpace: 'nowrap' }}>{formatMK(r.bid_amount)}</span> by #{r.user_id}, {formatDateTimeGB(r.retracted_at)}: {r.reason}
                    </Text>
                  ))}
                </Stack>
              </div>
            )}
          </Stack>
        )}
      </Stack>
      <RetractModal bid={retracting} onClose={() => setRetracting(null)} onDone={() => setRetracting(null)} />
    </Card>
  );
}

function RetractModal({ bid, onClose, onDone }: { bid: LotBidsForOperators['data'][number] | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const retract = useRetractBid();
  const busy = retract.isPending;

  useEffect(() => {
    setReason('');
    setError(null);
  }, [bid?.id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!bid) return;
    if (reason.trim().length < 3) {
      setError(BIDDING_MESSAGES.retractionReasonRequired);
      return;
    }
    try {
      await retract.mutateAsync({ bidId: bid.id, reason: reason.trim() });
      notifySuccess(`Bid of ${formatMK(bid.bid_amount)} retracted`);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.body?.errors?.reason?.[0]) setError(err.body.errors.reason[0]);
      else setError(err instanceof ApiError ? err.body?.error || err.body?.message || 'Failed to retract the bid' : 'Failed to retract the bid');
    }
  };

  return (
    <Modal opened={bid !== null} onClose={onClose} title="Retract bid" centered>
      {bid && (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">
              {bid.user_name ?? `Bidder #${bid.user_id}`}’s bid of <b style={{ whiteSpace: 'nowrap' }}>{formatMK(bid.bid_amount)}</b>
              {bid.automatic ? ' (automatic)' : ''}. The bidder’s maximum on this lot goes with it.
            </Text>
            <Textarea
              label="Reason"
              description="Kept in the audit trail."
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
              data-testid="retract-reason"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={busy} data-testid="retract-confirm">
                Retract bid
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

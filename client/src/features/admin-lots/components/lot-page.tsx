import { Alert, Anchor, Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconBan, IconCopy, IconExternalLink, IconRepeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatMK } from '@shared/rules/money';
import type { Branch } from '@shared/schemas/item.schema';
import type { LotView } from '@shared/schemas/lot.schema';
import { HistoryLink } from '../../../components/history-link';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { auditHref } from '../../../lib/audit-links';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { usePageTitle } from '../../../lib/page-title';
import { useDuplicateLot } from '../api/duplicate-lot';
import { lotQuery } from '../api/get-lot';
import { branchChoicesQuery, saleChoicesQuery, type SaleChoice } from '../api/list-lot-choices';
import { useRelistLot } from '../api/relist-lot';
import { useWithdrawLot } from '../api/withdraw-lot';
import { KIND_LABELS, lotStatus } from '../utils/lot-display';
import { fromLocalInput } from '../utils/lot-form-values';
import { LotForm } from './lot-form';
import { LotPictures } from './lot-pictures';

/** The message of a failed call: the fields' messages of a 422, else its message. */
const failure = (e: unknown, fallback: string) => (e instanceof ApiError ? fieldMessages(e.body).join(' ') || e.message : fallback);

/** The sales and branches the form offers. */
function useChoices(): { sales: SaleChoice[]; branches: Branch[] } {
  const sales = useQuery(saleChoicesQuery());
  const branches = useQuery(branchChoicesQuery());
  useReadFailureNotice(sales.error, 'Failed to fetch the sales.');
  return { sales: sales.data ?? NONE, branches: branches.data ?? NONE };
}

/** The empty list a choice shows until (or unless) it is read. */
const NONE: never[] = [];

const back = (
  <Anchor component={Link} to="/admin/lots" size="sm">
    <Group gap={4}>
      <IconArrowLeft size={14} /> All lots
    </Group>
  </Anchor>
);

/**
 * `/admin/lots/new`: the form of a new lot (`?sale=` preselects its sale); once created, its page
 * opens to add pictures. Source: issue 13 "Lots (items)".
 */
export function NewLotPage() {
  usePageTitle('Admin: New lot');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { sales, branches } = useChoices();
  return (
    <Stack gap="lg">
      {back}
      <div>
        <Title order={1} size="h2">
          New lot
        </Title>
        <Text c="dimmed" size="sm">
          Fill in the lot, then add its pictures.
        </Text>
      </div>
      <LotForm
        lot={null}
        sales={sales}
        branches={branches}
        initialSaleId={params.get('sale')}
        onSaved={(lot) => {
          notifySuccess(`${lot.name} is created as lot ${lot.lot_number ?? ''} of ${lot.sale.name}. Add its pictures.`);
          void navigate(`/admin/lots/${lot.id}`);
        }}
      />
    </Stack>
  );
}

/**
 * `/admin/lots/{id}`: a lot's state (status, price, bids, sale), its form, its pictures, and the
 * actions: withdraw with a reason (an open or unsold lot), duplicate, relist (an unsold lot), see
 * it as bidders do, and its history in the audit trail. Source: issue 13 "Lots (items)".
 */
export function LotPage({ lotId }: { lotId: number }) {
  const navigate = useNavigate();
  const { data: lot, error: loadError } = useQuery(lotQuery(lotId));
  const error = loadError ? (loadError instanceof ApiError && loadError.status === 404 ? 'Lot not found' : 'Failed to load the lot.') : null;
  const { sales, branches } = useChoices();
  const [withdrawing, setWithdrawing] = useState(false);
  const [relisting, setRelisting] = useState(false);
  const copy = useDuplicateLot();
  const busy = copy.isPending;
  usePageTitle(lot ? `Admin: ${lot.name}` : 'Admin: Lots');

  if (!lot) {
    return (
      <Stack>
        {back}
        {error ? <Alert color="red">{error}</Alert> : <Text c="dimmed">Loading the lot…</Text>}
      </Stack>
    );
  }

  const status = lotStatus(lot);
  const canWithdraw = lot.status !== 'withdrawn' && lot.status !== 'sold' && !lot.closed;
  const duplicate = async () => {
    try {
      const made = await copy.mutateAsync(lot.id);
      notifySuccess(`Copied as lot #${made.id}.`);
      void navigate(`/admin/lots/${made.id}`);
    } catch (e) {
      notifyError(failure(e, 'The lot could not be copied.'));
    }
  };

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={1} size="h2" data-testid="lot-name" style={{ overflowWrap: 'anywhere' }}>
              {lot.name}
            </Title>
            <Badge color={status.color} variant="light" data-testid="lot-status">
              {status.label}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            Lot {lot.lot_number ?? '—'} of{' '}
            <Anchor component={Link} to={`/admin/sales/${lot.sale.id}`} size="sm">
              {lot.sale.name}
            </Anchor>{' '}
            · {KIND_LABELS[lot.sale.kind]}
            {lot.sale.published ? '' : ' · draft sale, not shown to bidders yet'}
          </Text>
          <Text size="sm">
            {lot.bid_amount != null
              ? `${formatMK(lot.bid_amount)} · ${lot.bid_count} ${lot.bid_count === 1 ? 'bid' : 'bids'}`
              : `Starts at ${formatMK(lot.target_amount)} · no bids`}
          </Text>
          {lot.withdrawn_reason && (
            <Text size="sm" c="dimmed">
              Withdrawn: {lot.withdrawn_reason}
            </Text>
          )}
          <HistoryLink to={auditHref({ subject_type: 'item', subject_id: lot.id })} label="History" title={`Audit trail of ${lot.name}`} />
        </div>
        <Group gap="xs">
          <Button component={Link} to={`/item/${lot.id}`} variant="default" leftSection={<IconExternalLink size={16} />} data-testid="view-lot">
            View
          </Button>
          <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void duplicate()} loading={busy}>
            Duplicate
          </Button>
          {lot.status === 'unsold' && (
            <Button variant="default" leftSection={<IconRepeat size={16} />} onClick={() => setRelisting(true)}>
              Relist
            </Button>
          )}
          {canWithdraw && (
            <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={() => setWithdrawing(true)} data-testid="withdraw-lot">
              Withdraw
            </Button>
          )}
        </Group>
      </Group>

      <LotPictures lot={lot} />
      <LotForm key={`${lot.id}:${lot.updated_at}`} lot={lot} sales={sales} branches={branches} onSaved={() => notifySuccess('Lot saved.')} />

      <WithdrawModal lot={lot} opened={withdrawing} onClose={() => setWithdrawing(false)} onDone={() => setWithdrawing(false)} />
      <RelistModal
        lot={lot}
        sales={sales}
        opened={relisting}
        onClose={() => setRelisting(false)}
        onDone={(l) => {
          setRelisting(false);
          void navigate(`/admin/lots/${l.id}`);
        }}
      />
    </Stack>
  );
}

/** Asks the reason (required) and withdraws the lot; its leading bidder is told. */
function WithdrawModal({ lot, opened, onClose, onDone }: { lot: LotView; opened: boolean; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const withdraw = useWithdrawLot();
  const saving = withdraw.isPending;
  const submit = async () => {
    if (reason.trim().length < 3) {
      setError('Give the reason for withdrawing the lot (at least 3 characters).');
      return;
    }
    try {
      const l = await withdraw.mutateAsync({ id: lot.id, reason: reason.trim() });
      notifySuccess(`${l.name} is withdrawn.`);
      setReason('');
      setError(null);
      onDone();
    } catch (e) {
      setError(failure(e, 'The lot could not be withdrawn.'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Withdraw ${lot.name}?`} centered>
      <Stack>
        <Text size="sm">
          It leaves the listing at once and takes no more bids.
          {lot.leader_id != null ? ' Its leading bidder is told.' : ''} The withdrawal and its reason stay in the audit trail.
        </Text>
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
          data-testid="withdraw-reason"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={saving} onClick={() => void submit()} data-testid="confirm-withdraw">
            Withdraw
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Chooses the sale (and dates) an unsold lot goes up again in, as a new lot. */
function RelistModal({
  lot,
  sales,
  opened,
  onClose,
  onDone,
}: {
  lot: LotView;
  sales: SaleChoice[];
  opened: boolean;
  onClose: () => void;
  onDone: (lot: LotView) => void;
}) {
  const [saleId, setSaleId] = useState<string | null>(null);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const relist = useRelistLot();
  const saving = relist.isPending;
  const submit = async () => {
    if (!saleId) {
      setError('Choose the sale to relist the lot in.');
      return;
    }
    try {
      const l = await relist.mutateAsync({
        id: lot.id,
        body: { auction_type_id: Number(saleId), date_from: fromLocalInput(dateFrom), date_to: fromLocalInput(dateTo) },
      });
      notifySuccess(`Relisted as lot #${l.id} in ${l.sale.name}.`);
      onDone(l);
    } catch (e) {
      setError(failure(e, 'The lot could not be relisted.'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Relist ${lot.name}`} centered>
      <Stack>
        <Text size="sm">A new lot with the same details and pictures goes up in the sale you choose; this one stays as it closed.</Text>
        <Select
          label="Sale"
          searchable
          data={sales.map((s) => ({ value: String(s.id), label: `${s.name} · ${KIND_LABELS[s.kind]}${s.status === 'draft' ? ' (draft)' : ''}` }))}
          value={saleId}
          onChange={setSaleId}
          error={error}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            step={1}
            label="Starts"
            description="Empty: the sale's"
            value={dateFrom}
            onChange={(e) => setDateFrom(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            step={1}
            label="Ends"
            description="Empty: the sale's"
            value={dateTo}
            onChange={(e) => setDateTo(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => void submit()}>
            Relist
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

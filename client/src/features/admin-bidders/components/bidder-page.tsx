import { Alert, Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconBan, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import { HistoryLink } from '../../../components/history-link';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/page-title';
import { useBidderChange, type BidderChange } from '../api/bidder-actions';
import { bidderQuery } from '../api/get-bidder';
import { BidderBadges } from './bidder-badges';

/** The message of a failed call: the fields' messages of a 422, else its message. */
const failure = (e: unknown, fallback: string) => (e instanceof ApiError ? fieldMessages(e.body).join(' ') || e.message : fallback);

/** How operators read an order or registration status. */
const STATUS_TEXT: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  reserved: 'Reserved',
  pending: 'Pending',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
  active: 'Approved',
  declined: 'Declined',
  expired: 'Expired',
  available: 'Open',
  sold: 'Sold',
  unsold: 'Unsold',
  withdrawn: 'Withdrawn',
};
/** The limit field's text of a stored limit (grouped digits; empty: none). */
const limitInput = (limit: number | null) => (limit == null ? '' : limit.toLocaleString('en-US'));
const statusText = (s: string | null) => (s ? (STATUS_TEXT[s] ?? s) : '—');

/** One figure: its label above, its value below. */
function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** A titled card of rows (each row wraps on a phone); `empty` when there are none. */
function RowsCard({ title, empty, children, count }: { title: string; empty: string; count: number; children: React.ReactNode }) {
  return (
    <Card withBorder radius="lg">
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={0}>{children}</Stack>
      )}
    </Card>
  );
}

/** One row of a {@link RowsCard}: what on the left, figures on the right. */
function Row({ left, right, testId }: { left: React.ReactNode; right: React.ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" py={6} wrap="wrap" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid={testId}>
      <div style={{ minWidth: 0, flex: '1 1 200px' }}>{left}</div>
      <div style={{ textAlign: 'right', flex: '0 0 auto' }}>{right}</div>
    </Group>
  );
}

/**
 * `/admin/bidders/{id}`: a bidder's profile, roles, block and spending limit with what counts
 * against it, their registrations, recent bids, wins and unpaid orders, links to their audit
 * history (events about them, and what they did); Block (a reason is asked) / Unblock, the limit
 * editor (empty: no limit) and the admin role switch. Source: issue 13 "Bidders".
 */
export function BidderPage({ userId }: { userId: number }) {
  const { data: detail, error: loadError } = useQuery(bidderQuery(userId));
  const change = useBidderChange(userId);
  const [blocking, setBlocking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [limitText, setLimitText] = useState('');
  const [limitError, setLimitError] = useState<string | null>(null);
  const busy = change.isPending ? change.variables.kind : null;
  usePageTitle(detail ? `Admin: ${detail.data.name}` : 'Admin: Bidders');
  const error = loadError ? (loadError instanceof ApiError && loadError.status === 404 ? 'User not found' : 'Failed to load the bidder.') : null;

  // The limit field shows the stored limit, again whenever it changes (a read after a change);
  // a later read of the same limit leaves what the operator is typing alone.
  const storedLimit = detail?.data.bid_limit;
  const [shownLimit, setShownLimit] = useState<number | null | undefined>(undefined);
  if (storedLimit !== shownLimit) {
    setShownLimit(storedLimit);
    if (storedLimit !== undefined) setLimitText(limitInput(storedLimit));
  }

  const run = async (key: BidderChange, done: string, onError?: (message: string) => void) => {
    try {
      const saved = await change.mutateAsync(key);
      notifySuccess(done);
      setLimitText(limitInput(saved.bid_limit));
      return true;
    } catch (e) {
      const message = failure(e, 'The change could not be saved.');
      if (onError) onError(message);
      else notifyError(message);
      return false;
    }
  };

  const back = (
    <Anchor component={Link} to="/admin/bidders" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> All bidders
      </Group>
    </Anchor>
  );
  if (!detail) {
    return (
      <Stack>
        {back}
        {error ? <Alert color="red">{error}</Alert> : <Text c="dimmed">Loading the bidder…</Text>}
      </Stack>
    );
  }

  const { data: b } = detail;
  const isAdmin = b.roles.includes('admin');
  const submitBlock = async () => {
    setReasonError(null);
    if (reason.trim().length < 3) {
      setReasonError('Please give the reason for blocking (at least 3 characters).');
      return;
    }
    const ok = await run({ kind: 'block', reason: reason.trim() }, `${b.name} can no longer bid.`, setReasonError);
    if (ok) {
      setBlocking(false);
      setReason('');
    }
  };
  const saveLimit = (value: string | null) => {
    setLimitError(null);
    void run({ kind: 'limit', value }, value === null || value.trim() === '' ? `${b.name} has no spending limit now.` : 'Spending limit saved.', setLimitError);
  };

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} size="h2" data-testid="bidder-name">
              {b.name}
            </Title>
            <BidderBadges bidder={b} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {b.email}
            {b.phone ? ` · ${b.phone}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            #{b.id} · joined {formatDateTimeGB(b.created_at)}
            {b.email_verified_at ? ' · e-mail verified' : ''}
          </Text>
          <Group gap="md">
            <HistoryLink to={detail.audit.about} label="History" title={`Audit trail about ${b.name}`} />
            <HistoryLink to={detail.audit.by} label="Their activity" title={`What ${b.name} did`} />
          </Group>
        </Stack>
        {b.blocked_at ? (
          <Button
            color="green"
            leftSection={<IconCircleCheck size={16} />}
            loading={busy === 'unblock'}
            onClick={() => void run({ kind: 'unblock' }, `${b.name} may bid again.`)}
            data-testid="unblock-bidder"
          >
            Unblock
          </Button>
        ) : (
          <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={() => setBlocking(true)} data-testid="block-bidder">
            Block bidding
          </Button>
        )}
      </Group>

      {b.blocked_at && (
        <Alert color="red" title="Bidding blocked" data-testid="blocked-alert">
          Since {formatDateTimeGB(b.blocked_at)}
          {b.blocked_by ? ` by ${b.blocked_by.name}` : ''}: “{b.blocked_reason}”. Their bids are refused with “Your bidding has been suspended. Please contact
          us.” The lots they lead stay theirs.
        </Alert>
      )}

      <Card withBorder radius="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Bids" value={b.bids} />
          <Figure label="Leading now" value={b.leading} />
          <Figure label="Unpaid wins" value={b.unpaid} />
          <Figure
            label="Committed"
            value={b.bid_limit != null ? `${formatMK(b.committed)} of ${formatMK(b.bid_limit)}` : formatMK(b.committed)}
            testId="bidder-committed"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          Committed: the lots they lead (at their maximum when higher) plus won lots awaiting payment — what a spending limit is checked against.
        </Text>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg">
          <Title order={2} size="h5" mb={4}>
            Spending limit
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            A bid that would take them above it is refused and names the limit. Leave empty for no limit.
          </Text>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              saveLimit(limitText.trim() === '' ? null : limitText);
            }}
          >
            <Group align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                aria-label="Spending limit (MK)"
                leftSection={<Text size="xs">MK</Text>}
                placeholder="No limit"
                inputMode="numeric"
                value={limitText}
                onChange={(e) => setLimitText(e.currentTarget.value)}
                error={limitError}
                style={{ flex: '1 1 160px' }}
                data-testid="bid-limit-input"
              />
              <Button type="submit" loading={busy === 'limit'} data-testid="save-bid-limit">
                Save
              </Button>
              {b.bid_limit != null && (
                <Button variant="default" onClick={() => saveLimit(null)} disabled={busy === 'limit'}>
                  Remove limit
                </Button>
              )}
            </Group>
          </form>
        </Card>
        <Card withBorder radius="lg">
          <Title order={2} size="h5" mb={4}>
            Roles
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Admins run the back office. The last admin cannot be removed.
          </Text>
          <Group gap="xs" mb="sm">
            {b.roles.map((r) => (
              <Badge key={r} variant="outline">
                {r}
              </Badge>
            ))}
          </Group>
          <Switch
            label="Admin"
            checked={isAdmin}
            disabled={busy === 'role'}
            onChange={(e) => {
              const grant = e.currentTarget.checked;
              void run({ kind: 'role', grant }, grant ? `${b.name} is an admin now.` : `${b.name} is no longer an admin.`);
            }}
            data-testid="admin-role-switch"
          />
        </Card>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <RowsCard title="Recent bids" empty="No bids yet." count={detail.recent_bids.length}>
          {detail.recent_bids.map((bid) => (
            <Row
              key={bid.id}
              testId="bidder-bid"
              left={
                <>
                  <Anchor component={Link} to={`/item/${bid.item_id}`} size="sm" fw={600}>
                    {bid.item_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatDateTimeGB(bid.created_at)}
                    {bid.automatic ? ' · by their maximum' : ''}
                  </Text>
                </>
              }
              right={
                <>
                  <Text size="sm" fw={600}>
                    {formatMK(bid.bid_amount)}
                  </Text>
                  <Text size="xs" c={bid.leading ? 'green.7' : 'dimmed'}>
                    {bid.leading ? 'Leading' : statusText(bid.item_status)}
                  </Text>
                </>
              }
            />
          ))}
        </RowsCard>
        <RowsCard title="Wins" empty="No lots won yet." count={detail.wins.length}>
          {detail.wins.map((w) => (
            <Row
              key={w.item_id}
              left={
                <>
                  <Anchor component={Link} to={`/item/${w.item_id}`} size="sm" fw={600}>
                    {w.item_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {w.closed_at ? `Closed ${formatDateTimeGB(w.closed_at)}` : 'Closed'}
                    {w.order_reference ? ` · ${w.order_reference}` : ''}
                  </Text>
                </>
              }
              right={
                <>
                  <Text size="sm" fw={600}>
                    {w.bid_amount != null ? formatMK(w.bid_amount) : '—'}
                  </Text>
                  <Text size="xs" c={w.order_status === 'awaiting_payment' ? 'orange.8' : 'dimmed'}>
                    {statusText(w.order_status)}
                  </Text>
                </>
              }
            />
          ))}
        </RowsCard>
        <RowsCard title="Unpaid orders" empty="Nothing waiting for payment." count={detail.unpaid_orders.length}>
          {detail.unpaid_orders.map((o) => (
            <Row
              key={o.id}
              left={
                <>
                  <Anchor component={Link} to={`/admin/orders?search=${encodeURIComponent(o.order_reference)}`} size="sm" fw={600}>
                    {o.order_reference}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {o.source === 'auction' ? 'Won auction' : 'Checkout'} · {formatDateTimeGB(o.created_at)}
                  </Text>
                </>
              }
              right={
                <>
                  <Text size="sm" fw={600}>
                    {formatMK(o.amount_total)}
                  </Text>
                  <Text size="xs" c="orange.8">
                    {statusText(o.status)}
                  </Text>
                </>
              }
            />
          ))}
        </RowsCard>
        <RowsCard title="Registrations" empty="No live-auction or deposit registrations." count={detail.registrations.length}>
          {detail.registrations.map((r) => (
            <Row
              key={r.id}
              left={
                <>
                  <Text size="sm" fw={600}>
                    {r.auction_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Reference {r.reference_number} · {formatDateTimeGB(r.created_at)}
                  </Text>
                </>
              }
              right={
                <Badge variant="light" color={r.status === 'active' ? 'green' : r.status === 'pending' ? 'yellow' : 'gray'}>
                  {statusText(r.status)}
                </Badge>
              }
            />
          ))}
        </RowsCard>
      </SimpleGrid>

      <Modal opened={blocking} onClose={() => setBlocking(false)} title={`Block ${b.name}'s bidding?`} centered>
        <Stack>
          <Text size="sm">
            Their bids will be refused with “Your bidding has been suspended. Please contact us.” The {b.leading} {b.leading === 1 ? 'lot' : 'lots'} they lead
            stay theirs until you act on them.
          </Text>
          <Textarea
            label="Reason"
            description="Kept in the audit trail; the bidder does not see it."
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
            data-autofocus
            data-testid="block-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setBlocking(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy === 'block'} onClick={() => void submitBlock()} data-testid="confirm-block">
              Block bidding
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

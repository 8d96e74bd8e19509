import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Collapse, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip/tooltip';
import { IconAlertCircle, IconChevronDown, IconClock, IconGavel, IconShieldCheck, IconShoppingCart, IconWifiOff } from '@tabler/icons-react';
import type { Item } from '@shared/schemas/item.schema';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { MESSAGES } from '@shared/messages';
import { BIDDING_MESSAGES } from '@shared/messages/bidding';
import { formatMK, groupDigits, parseGroupedAmount } from '@shared/rules/money';
import { bidButtonLabel, isSoldOut, itemKind } from '@shared/rules/item-status';
import { bidRefusal, canBid, needsRegistration } from '@shared/rules/bid-refusal';
import { bidCeilingRefusal, MAX_BID_AMOUNT, minimumNextBid } from '@shared/rules/bidding';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { openAuthModal } from '../../../lib/auth-modal';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify';
import { isOnline, useOnline } from '../../../lib/online';
import type { SubscriptionCheck } from '../api/check-subscription';
import { placeBid } from '../api/place-bid';
import type { OwnBidAnswer } from '../hooks/use-live-item';
import { RegistrationNotice } from './registration-notice';

/** The lowest acceptable bid for an item: the server's `min_next_bid`, else the shared rule. */
export function effectiveMinimum(item: Item, increment: number): number {
  return item.min_next_bid > 0 ? item.min_next_bid : minimumNextBid(item.bid_amount, item.target_amount, increment);
}

/** Quick amounts offered under the input: the minimum, then about 5% and 10% above, rounded up. */
function quickAmounts(min: number): number[] {
  const step = min >= 100000 ? 1000 : min >= 10000 ? 500 : 100;
  // Rounded first: 14,000,000 × 1.1 is 15,400,000.000000002 in floating point.
  const up = (n: number) => Math.ceil(Math.round(n) / step) * step;
  return [...new Set([min, up(min * 1.05), up(min * 1.1)])].filter((n) => n >= min);
}

interface BidFormProps {
  item: Item;
  user: PublicUser | null;
  now: Date;
  increment: number;
  /** Setting `max_bid_factor`: a bid may be at most this many times the minimum (the shared bid ceiling). */
  maxBidFactor: number;
  subscription: SubscriptionCheck | null;
  subscriptionChecking: boolean;
  /** Re-reads the item; resolves to the fresh item or null. */
  reloadItem: () => Promise<Item | null>;
  /** Applies what a successful bid answered: the lot's fields, whether the bidder leads, their maximum. */
  onPlaced: (answer: OwnBidAnswer) => void;
  /** Cart buttons of a daily-sale item (composed by the app layer); else a disabled placeholder. */
  cartActions?: React.ReactNode;
}

/**
 * Bid form of the item page, or the cart buttons for daily-sale items. Whether the lot takes a
 * bid at `now` (the server-synchronised clock) is the shared rule the server applies
 * (bidRefusal): closed or ended shows 'This auction has ended' and a disabled Auction Ended;
 * not started shows the opening time and the refusal text on the disabled button, never Place
 * Bid. Bidding flow: digits only, grouped with commas; submit disabled until the amount
 * reaches the minimum; an amount above the bid ceiling (`maxBidFactor` times the minimum, the
 * rule `placeBids` applies) shows its warning under the input and is not sent; signed-out
 * bidders get 'Authentication Required' and the sign-in modal; the item is re-fetched before
 * sending and a risen minimum stops the bid ('Bid Too Low'); a 'less than current' rejection
 * reloads the item; the server's refusal of the current leader (or of a bid above the ceiling)
 * shows its text under the input; other failures toast 'Bid Failed'.
 * Maximum bids: "Bid up to…" reveals a second amount (digits only, grouped like the bid, at
 * least the bid) sent as `max_amount`; the signed-in viewer's standing maximum
 * (`item.viewer.max_amount`) reads 'Your maximum: MK …'; a leader may raise it (the maximum
 * alone, which must be above the standing one; a plain bid by the leader still gets the spec's
 * 'You are already the highest bidder.'). The answer's message is toasted, as a warning when a
 * higher maximum outbid the bid at once; the server's `errors.max_amount` shows under the field.
 * Offline (the browser reports no network) it says bids need a connection, and Place Bid sends nothing.
 * Source: spec/shopping.md §4, §5, §8; the bid ceiling and the leader's refusal from the
 * fault-hardening review; maximums from issue "Bidding engine".
 */
export function BidForm({ item, user, now, increment, maxBidFactor, subscription, subscriptionChecking, reloadItem, onPlaced, cartActions }: BidFormProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // The server's refusal of the last bid sent (the leader's, or one above the ceiling), shown until the amount changes.
  const [refusalText, setRefusalText] = useState<string | null>(null);
  // The maximum ("Bid up to…"): shown on demand, its text, and the server's refusal of it.
  const [maxOpen, setMaxOpen] = useState(false);
  const [maxText, setMaxText] = useState('');
  const [maxServerError, setMaxServerError] = useState<string | null>(null);
  // What became of the last accepted bid when it does not lead (outbid at once by a maximum).
  const [outcomeText, setOutcomeText] = useState<string | null>(null);
  const online = useOnline();
  const kind = itemKind(item);
  const min = effectiveMinimum(item, increment);
  const amount = parseGroupedAmount(text);
  const maxAmount = parseGroupedAmount(maxText);
  const leading = user !== null && item.viewer?.leading === true;
  const myMaximum = user !== null ? (item.viewer?.max_amount ?? null) : null;
  // The leader's standing maximum: a new one must be above it (a plain bid's maximum is its amount).
  const standingMax = Math.max(myMaximum ?? 0, item.bid_amount ?? 0);

  if (kind === 'cash') {
    const sold = isSoldOut(item);
    return (
      <Paper withBorder radius="md" p="lg" id="bid">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Buy this item
          </Title>
          {cartActions ?? (
            <Tooltip label={sold ? 'This item has been sold' : item.is_reserved ? 'Reserved for a cash-on-delivery order' : 'Coming soon'} withArrow>
              <Box>
                <Button fullWidth size="md" color="gold" c="dark.9" leftSection={<IconShoppingCart size={18} />} disabled data-testid="add-to-cart-button">
                  {sold ? 'Sold' : item.is_reserved ? 'Reserved (COD)' : 'Add to Cart'}
                </Button>
              </Box>
            </Tooltip>
          )}
          <Text size="xs" c="dimmed">
            Daily sale items are bought through the cart, not by bidding.
          </Text>
        </Stack>
      </Paper>
    );
  }

  const label = bidButtonLabel(item, now);
  const live = kind === 'live';
  // Live sales, and sales that ask a deposit, take bids from registered bidders only.
  const registration = needsRegistration(item);
  const subscribed = subscription?.subscribed === true;
  // The same refusal the server answers with 422: say so up front instead of offering Place Bid.
  const refusal = bidRefusal(item, now);
  const closed = refusal !== null && refusal.reason !== 'not_started';
  const notStarted = refusal?.reason === 'not_started';
  const blockedBySubscription = registration && user !== null && !subscriptionChecking && !subscribed;
  const open = user === null ? refusal === null : canBid(item, subscribed, now);
  const notice =
    registration && !subscribed && !subscriptionChecking
      ? subscription?.message && subscription.message !== 'User not authenticated'
        ? subscription.message
        : MESSAGES.notSubscribed(subscription?.auctionName || item.auction_type.name || 'this auction')
      : null;

  const fieldError =
    text === ''
      ? null
      : !(amount > 0) || amount > MAX_BID_AMOUNT
        ? MESSAGES.invalidAmount
        : amount < min
          ? MESSAGES.minimumBid(formatMK(min))
          : bidCeilingRefusal(amount, min, maxBidFactor);
  const maxError =
    maxText === ''
      ? null
      : !(maxAmount > 0) || maxAmount > MAX_BID_AMOUNT
        ? BIDDING_MESSAGES.invalidMaximum
        : leading && maxAmount <= standingMax
          ? BIDDING_MESSAGES.maximumNotHigher(formatMK(standingMax))
          : !leading && text !== '' && fieldError === null && maxAmount < amount
            ? BIDDING_MESSAGES.maximumBelowAmount
            : maxServerError;
  // The leader raising a maximum sends the maximum alone; anyone else needs a valid bid first.
  const raising = leading && maxOpen && maxText !== '';
  const valid = raising
    ? maxError === null && (text === '' || fieldError === null)
    : text !== '' && fieldError === null && (!maxOpen || maxText === '' || maxError === null);
  const sendMax = maxOpen && maxText !== '' ? maxAmount : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Offline a bid is refused here, never queued to go later at a price that may have moved.
    if (!isOnline()) {
      notifyError(BIDDING_MESSAGES.offline, 'Bid Not Sent');
      return;
    }
    if (!user) {
      notifyWarning(MESSAGES.mustSignInToBid, MESSAGES.authenticationRequired);
      openAuthModal('login');
      return;
    }
    if (!raising && !(amount > 0)) {
      notifyError(MESSAGES.invalidBidAmount, 'Invalid Bid');
      return;
    }
    if ((!raising || text !== '') && fieldError) return;
    if (sendMax !== null && maxError) return;
    if (user.permissions.length > 0 && !user.permissions.includes('place_bids')) {
      notifyError(MESSAGES.noBidPermission, 'Bid Failed');
      return;
    }
    setBusy(true);
    setRefusalText(null);
    setMaxServerError(null);
    setOutcomeText(null);
    try {
      const fresh = await reloadItem();
      // A leader raising their maximum bids nothing new; the minimum matters only to the others.
      const stillLeading = raising && (fresh ? fresh.viewer?.leading === true : true);
      if (fresh && !stillLeading) {
        const freshMin = effectiveMinimum(fresh, increment);
        if (!(amount >= freshMin)) {
          notifyInfo(MESSAGES.bidMinimumChanged(formatMK(freshMin)), 'Bid Too Low');
          return;
        }
      }
      const sendAmount = stillLeading && text === '' ? (sendMax ?? amount) : amount;
      const answer = await placeBid(item.id, sendAmount, sendMax);
      onPlaced(answer);
      setText('');
      setMaxText('');
      if (answer.leading === false) {
        setOutcomeText(answer.message);
        notifyWarning(answer.message, 'Outbid');
      } else {
        notifySuccess(answer.message || `Your bid of ${formatMK(amount)} was placed.`, stillLeading ? 'Maximum Raised' : 'Bid Placed');
      }
    } catch (err) {
      if (err instanceof ApiError) {
        const detail = err.body?.error || err.body?.message || err.message;
        const maxRefusal = err.body?.errors?.max_amount?.[0];
        if (err.status === 422 && maxRefusal) {
          setMaxOpen(true);
          setMaxServerError(maxRefusal);
        } else if (err.status === 401) {
          notifyWarning(MESSAGES.mustSignInToBid, MESSAGES.authenticationRequired);
          openAuthModal('login');
        } else if (detail.includes('less than current')) {
          await reloadItem();
          notifyInfo(MESSAGES.bidBelowLatest, 'Bid Too Low');
        } else if (err.body?.reason === 'already_leading') {
          setRefusalText(detail);
          notifyInfo(detail, 'You are leading');
        } else if (err.body?.reason === 'suspended' || err.body?.reason === 'over_limit') {
          // An operator blocked this bidder or set their spending limit (issue 13 "Bidders"): the server's words.
          setRefusalText(detail);
          notifyError(detail, 'Bid Refused');
        } else if (err.body?.reason === 'too_high') {
          await reloadItem();
          setRefusalText(detail);
        } else if (err.isNetworkError) {
          notifyError(MESSAGES.networkError, 'Bid Failed');
        } else {
          notifyError(`Failed to place bid: ${err.status} ${detail}`, 'Bid Failed');
        }
      } else {
        notifyError(`Failed to place bid: ${err instanceof Error ? err.message : 'unknown error'}`, 'Bid Failed');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" id="bid" data-testid="bid-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {closed ? 'Bidding closed' : notStarted ? 'Bidding opens soon' : 'Place your bid'}
            </Title>
            {live && label === 'Bid Live' && (
              <Text size="xs" fw={700} c="red.9" tt="uppercase">
                ● Live now
              </Text>
            )}
          </Group>
          {live && !closed && (
            <Text size="sm" data-testid="live-room-link">
              Sold under the hammer in the live room:{' '}
              <Anchor component={Link} to={`/live/${item.auction_type_id}`} fw={600}>
                follow the live room
              </Anchor>
              . A maximum left here bids for you there.
            </Text>
          )}
          {(notice || (registration && subscribed)) && (
            <RegistrationNotice
              subscription={subscription}
              message={notice ?? ''}
              auctionName={subscription?.auctionName || item.auction_type.name || 'this auction'}
              itemId={item.id}
              auctionTypeId={item.auction_type_id}
            />
          )}
          {!closed && myMaximum !== null && (
            <Group gap={6} wrap="nowrap" data-testid="your-maximum">
              <IconShieldCheck size={18} color="var(--mantine-color-gavel-7)" style={{ flexShrink: 0 }} />
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {BIDDING_MESSAGES.yourMaximum(formatMK(myMaximum))}
              </Text>
            </Group>
          )}
          {closed ? (
            <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="bid-closed">
              {refusal.message}
            </Alert>
          ) : notStarted ? (
            <Alert color="blue" variant="light" icon={<IconClock size={18} />} data-testid="bid-not-started">
              Bidding opens {formatDateTimeGB(item.date_from)}.
            </Alert>
          ) : (
            <>
              <TextInput
                label="Your bid"
                description={MESSAGES.minimumBid(formatMK(min))}
                placeholder={groupDigits(String(min))}
                leftSection={
                  <Text size="sm" fw={700} c="dimmed">
                    MK
                  </Text>
                }
                inputMode="numeric"
                autoComplete="off"
                value={text}
                onChange={(e) => {
                  setText(groupDigits(e.currentTarget.value));
                  setRefusalText(null);
                  setOutcomeText(null);
                }}
                error={fieldError}
                disabled={blockedBySubscription || busy}
                size="md"
                data-testid="bid-amount-input"
              />
              {!online && (
                <Alert color="orange" variant="light" icon={<IconWifiOff size={18} />} data-testid="bid-offline">
                  {BIDDING_MESSAGES.offline}
                </Alert>
              )}
              {refusalText && (
                <Alert color="blue" variant="light" icon={<IconAlertCircle size={18} />} data-testid="bid-refusal">
                  {refusalText}
                </Alert>
              )}
              <Group gap={6}>
                {quickAmounts(min).map((q) => (
                  <Button
                    key={q}
                    size="compact-sm"
                    variant="light"
                    color="gray"
                    disabled={blockedBySubscription || busy}
                    onClick={() => setText(groupDigits(String(q)))}
                  >
                    {formatMK(q)}
                  </Button>
                ))}
              </Group>
              {user !== null && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  onClick={() => setMaxOpen((o) => !o)}
                  aria-expanded={maxOpen}
                  data-testid="max-toggle"
                  style={{ alignSelf: 'flex-start' }}
                >
                  <Group gap={4} wrap="nowrap">
                    {leading ? 'Raise your maximum…' : 'Bid up to… (set a maximum)'}
                    <IconChevronDown size={14} style={{ transform: maxOpen ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
                  </Group>
                </Anchor>
              )}
              <Collapse expanded={maxOpen && user !== null}>
                <TextInput
                  label={leading ? 'Your new maximum' : 'Bid up to (your maximum)'}
                  description={
                    leading
                      ? 'You lead. Gavel answers other bids for you, one increment at a time, up to this amount.'
                      : 'Gavel bids for you, one increment at a time, up to this amount. Only you see it.'
                  }
                  placeholder={groupDigits(String(leading ? standingMax + 1 : Math.max(min, amount > 0 ? amount : 0)))}
                  leftSection={
                    <Text size="sm" fw={700} c="dimmed">
                      MK
                    </Text>
                  }
                  inputMode="numeric"
                  autoComplete="off"
                  value={maxText}
                  onChange={(e) => {
                    setMaxText(groupDigits(e.currentTarget.value));
                    setMaxServerError(null);
                  }}
                  error={maxError}
                  disabled={blockedBySubscription || busy}
                  size="md"
                  data-testid="max-amount-input"
                />
              </Collapse>
              {outcomeText && (
                <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} data-testid="bid-outcome">
                  {outcomeText}
                </Alert>
              )}
            </>
          )}
          <Button
            type="submit"
            size="md"
            color={label === 'Bid Live' ? 'red' : 'gavel'}
            leftSection={notStarted ? undefined : <IconGavel size={18} />}
            // The refusal text is longer than a label: let it wrap on a narrow screen.
            h={notStarted ? 'auto' : undefined}
            mih={notStarted ? 42 : undefined}
            styles={notStarted ? { label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 8, fontSize: 'var(--mantine-font-size-sm)' } } : undefined}
            disabled={closed || notStarted || !valid || blockedBySubscription || !open}
            loading={busy}
            data-testid="place-bid-button"
          >
            {closed ? 'Auction Ended' : notStarted ? refusal.message : label}
          </Button>
          {/* Offline the session cannot be read: the offline notice says what matters. */}
          {!user && !closed && online && (
            <Text size="xs" c="dimmed" ta="center">
              You need to be signed in to bid.
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

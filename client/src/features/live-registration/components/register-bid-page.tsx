import { Alert, Badge, Button, Card, Checkbox, Grid, Group, Select, Stack, Text, TextInput, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconBuildingBank, IconCheck, IconClockHour4, IconGavel, IconListCheck, IconUserCheck, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { LIVE_AUCTION_MESSAGES as M } from '@shared/messages/live-auctions';
import { registerBidInputSchema } from '@shared/schemas/subscription.schema';
import { formatMK } from '@shared/rules/money';
import { LegalLink } from '../../../components/legal-links';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useQueryFailure } from '../../../lib/query-failure';
import { useLiveAuctions, useRegisterForLiveAuction, type LiveAuction } from '../api/live-registration';
import { registrationReturnPath } from '../utils/return-path';

/** Delay before going back after a successful registration. Source: spec/shopping.md §9. */
const SUCCESS_REDIRECT_MS = 1500;

/** An auction the user already asked for (pending) or holds (approved) can't be chosen again. */
const alreadyRegistered = (a: LiveAuction) => a.registration_status === 'pending' || a.registration_status === 'active';

/** What the selector adds to an auction's name for the user's registration. Issue 20. */
function registrationSuffix(a: LiveAuction): string {
  if (a.registration_status === 'pending') return ' · Registration pending approval';
  if (a.registration_status === 'active') return ' · Registration approved';
  if (a.registration_status === 'declined') return ' · Declined: you may register again';
  return '';
}

/** Values of the form, keyed as `POST /register-bid` and its 422 `errors` name them. */
interface RegisterBidValues {
  reference_number: string;
  /** The chosen auction's id as the selector holds it, null when none. */
  auction_type_id: string | null;
  terms: boolean;
}

/**
 * The form's rules: the server's `registerBidInputSchema` (reference number required, letters,
 * digits and - / . _; an auction chosen), plus the terms, which only the form checks and flags
 * 'required'. Source: spec/shopping.md §5 "Register for auction".
 */
const registerBidFormErrors = schemaResolver(
  registerBidInputSchema.pick({ reference_number: true, auction_type_id: true }).extend({
    terms: z.boolean().refine((ticked) => ticked, M.termsRequired),
  }),
  { sync: true },
);

const STEPS = [
  { icon: IconBuildingBank, title: 'Bank deposit', text: 'Pay the registration deposit at any branch of our bank and keep the deposit slip.' },
  { icon: IconListCheck, title: 'Select auction', text: 'Choose the live auction you want to bid in.' },
  { icon: IconUserCheck, title: 'Complete registration', text: 'Enter the reference on your slip; we verify the deposit, usually within one working day.' },
  { icon: IconGavel, title: 'Start bidding', text: 'Once approved, the Bid Live button unlocks on that auction’s lots, even on pages you have open.' },
];

/**
 * /register-bid form: bank deposit reference, a searchable auction selector, terms, human
 * verification (rendered by `verification`, which reports its token; `resetKey` changes when a
 * new token is needed), and the four-steps side
 * panel. Submit is enabled only with a reference, an auction, terms ticked and a verification
 * token; success goes back after 1.5 s to the lot the page was opened from (`?item_id=`), a
 * same-site `?return=` path, else /shop. The selector marks auctions the user already registered
 * for ('Registration pending approval', 'Registration approved': shown, not selectable; a
 * declined one stays selectable with its reason); the auction asked for in the address
 * (`?auction_type_id=`) is said at the top when already registered for, and not chosen.
 * Source: spec/shopping.md §2, §4, §5, §8; issue 20.
 */
export function RegisterBidPage({ verification }: { verification: (onToken: (token: string | null) => void, resetKey: number) => ReactNode }) {
  const navigate = useNavigate();
  const auctionsQuery = useLiveAuctions();
  useQueryFailure(auctionsQuery, (e) => notifyError(e.message));
  const loaded = auctionsQuery.data;
  const auctions: LiveAuction[] | null = loaded ?? (auctionsQuery.isError ? [] : null);
  const registration = useRegisterForLiveAuction();
  // An advert of a sale opens the form with that sale chosen (`?auction_type_id=`, issue 20 item 4).
  const [searchParams] = useSearchParams();
  const form = useForm<RegisterBidValues>({
    initialValues: {
      reference_number: '',
      auction_type_id: /^\d+$/.test(searchParams.get('auction_type_id') ?? '') ? searchParams.get('auction_type_id') : null,
      terms: false,
    },
    validate: (v) => registerBidFormErrors({ ...v, auction_type_id: v.auction_type_id ?? '' }),
    // The reference's format is said as it is typed: the button stays disabled until it is right.
    validateInputOnChange: ['reference_number'],
  });
  const auctionId = form.values.auction_type_id;
  // Where to go back after registering, and the auction the page was opened for (issue 20).
  const returnTo = registrationReturnPath(searchParams);
  const askedFor = searchParams.get('auction_type_id');
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A verification token is good for one submission: a failed one asks for a new token.
  const [captchaKey, setCaptchaKey] = useState(0);
  const busy = registration.isPending;
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // Once, on the first answer: an auction already asked for (pending) or held can't be chosen again.
  const checked = useRef(false);
  useEffect(() => {
    if (!loaded || checked.current) return;
    checked.current = true;
    const registered = new Set(loaded.filter(alreadyRegistered).map((a) => String(a.id)));
    const current = form.getValues().auction_type_id;
    if (current !== null && registered.has(current)) form.setFieldValue('auction_type_id', null);
    // The form's setters are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const options = useMemo(
    () =>
      (loaded ?? []).map((a) => ({
        value: String(a.id),
        label: (a.date_from ? `${a.name} (${formatDateTimeGB(a.date_from)})` : a.name) + registrationSuffix(a),
        disabled: alreadyRegistered(a),
      })),
    [loaded],
  );
  const chosen = auctions?.find((a) => String(a.id) === auctionId) ?? null;
  // The auction the page was opened for, when the user already registered for it.
  const askedAuction = auctions?.find((a) => String(a.id) === askedFor && a.registration_status !== 'none') ?? null;
  const canSubmit = form.isValid() && captcha !== null && !busy && !done;
  // Step of "How it works" reached: 0 bank deposit, 1 auction chosen, 3 registered.
  const stepReached = done ? 3 : auctionId ? 1 : 0;

  const submit = async () => {
    const valid = !form.validate().hasErrors;
    setCaptchaError(captcha ? null : M.captchaRequired);
    setError(null);
    if (!valid || !captcha) return;
    const { reference_number, auction_type_id } = form.getValues();
    // An accepted registration shows pending in the selector, as the server will.
    const result = await registration.mutateAsync({ referenceNumber: reference_number, auctionTypeId: Number(auction_type_id), captchaToken: captcha });
    if (result.ok) {
      setDone(result.message);
      notifySuccess(result.message, 'Registration submitted');
      setTimeout(() => navigate(returnTo), SUCCESS_REDIRECT_MS);
      return;
    }
    setCaptcha(null);
    setCaptchaKey((k) => k + 1);
    setError(result.message);
    form.setErrors(Object.fromEntries(Object.entries(result.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
    notifyError(result.message, 'Registration failed');
  };

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="lg">
            <div>
              <Badge color="red" variant="light" mb={6}>
                Live auctions
              </Badge>
              <Title order={1} size="h2">
                Register for Auction
              </Title>
              <Text c="dimmed" mt={4}>
                Bidding in a live auction needs a paid registration deposit. Tell us the reference on your deposit slip.
              </Text>
            </div>
            {done && (
              <Alert color="green" icon={<IconCheck />} title="Registration submitted" data-testid="register-bid-success">
                {done} {returnTo.startsWith('/item/') ? 'Taking you back to the lot…' : ''}
              </Alert>
            )}
            {!done && askedAuction && <AskedAuctionStatus auction={askedAuction} />}
            {error && !done && (
              <Alert color="red" title="Registration failed" data-testid="register-bid-error">
                {error}
              </Alert>
            )}
            <TextInput
              label="Bank deposit reference number"
              placeholder="e.g. NBM-2026-000123"
              {...form.getInputProps('reference_number')}
              maxLength={64}
              withAsterisk
              data-testid="reference-input"
            />
            <Select
              label="Auction"
              placeholder={auctions === null ? 'Loading auctions…' : options.length ? 'Search auctions' : 'No live auctions open for registration'}
              data={options}
              {...form.getInputProps('auction_type_id')}
              searchable
              nothingFoundMessage="No auction matches"
              withAsterisk
              disabled={auctions === null}
              data-testid="auction-select"
            />
            {chosen?.registration_status === 'declined' && (
              <Text size="sm" c="red.8" data-testid="chosen-declined">
                {M.declined(chosen.name, chosen.decline_reason)} Register again with the reference of a new deposit.
              </Text>
            )}
            {chosen?.deposit_amount != null && (
              <Text size="sm" fw={600} data-testid="chosen-deposit">
                Registration deposit: {formatMK(chosen.deposit_amount)}
              </Text>
            )}
            {chosen?.description && (
              <Text size="sm" c="dimmed">
                {chosen.description}
                {chosen.date_to ? ` Ends ${formatDateTimeGB(chosen.date_to)}.` : ''}
              </Text>
            )}
            <Checkbox
              label={
                <>
                  I accept the auction <LegalLink page="terms">terms and conditions</LegalLink>, and understand the deposit is refundable only as they describe.
                </>
              }
              {...form.getInputProps('terms', { type: 'checkbox' })}
              data-testid="terms-checkbox"
            />
            <div>
              {verification(setCaptcha, captchaKey)}
              {captchaError && !captcha && (
                <Text c="red" size="sm" mt={4}>
                  {captchaError}
                </Text>
              )}
            </div>
            <Button size="md" onClick={() => void submit()} loading={busy} disabled={!canSubmit} data-testid="register-bid-submit">
              Complete registration
            </Button>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="lg" padding="xl" bg="var(--mantine-color-gray-0)">
          <Title order={2} size="h4" mb="md">
            How it works
          </Title>
          <Timeline active={stepReached} bulletSize={32} lineWidth={2} color="gavel">
            {STEPS.map((s, i) => (
              <Timeline.Item
                key={s.title}
                title={<Text fw={600}>{s.title}</Text>}
                bullet={
                  <ThemeIcon size={32} radius="xl" variant={i <= stepReached ? 'filled' : 'light'} color={i <= stepReached ? 'gavel' : 'gray'}>
                    <s.icon size={18} />
                  </ThemeIcon>
                }
              >
                <Text size="sm" c="dimmed">
                  {s.text}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          <Group mt="lg" gap={6}>
            <Text size="xs" c="dimmed">
              Questions? Call our Blantyre office on +265 1 820 000.
            </Text>
          </Group>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/** Where the user's registration for the auction the page was opened for stands. Issue 20. */
function AskedAuctionStatus({ auction }: { auction: LiveAuction }) {
  if (auction.registration_status === 'pending') {
    return (
      <Alert color="yellow" icon={<IconClockHour4 />} title="Registration pending approval" data-testid="asked-registration-pending">
        You have already registered for {auction.name}. We are checking your deposit; bidding unlocks as soon as it is approved.
      </Alert>
    );
  }
  if (auction.registration_status === 'active') {
    return (
      <Alert color="green" icon={<IconCheck />} title="Registration approved" data-testid="asked-registration-approved">
        You are registered for {auction.name} and can bid on its lots.
      </Alert>
    );
  }
  if (auction.registration_status === 'declined') {
    return (
      <Alert color="red" icon={<IconX />} title="Registration declined" data-testid="asked-registration-declined">
        {M.declined(auction.name, auction.decline_reason)} You may register again below with the reference of a new deposit.
      </Alert>
    );
  }
  return null;
}

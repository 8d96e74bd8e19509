import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout';
import { formatMK } from '@shared/rules/money';
import {
  billingFormFromSaved,
  billingFormToOrder,
  billingFormToSaved,
  dpoPayAccepts,
  validatePaymentContact,
  type BillingForm,
  type CustomerInfo,
  type FieldErrors,
  type PaymentContact,
} from '@shared/rules/checkout';
import { BILLING_COUNTRY, OTHER_DISTRICT } from '@shared/rules/regions';
import { checkoutInputSchema, ENABLED_PAYMENT_METHODS, OPEN_ORDERS_PER_BUYER, type PaymentMethod } from '@shared/schemas/checkout.schema';
import { BillingAddressFields } from '../../../components/billing-address-fields';
import { HumanVerification } from '../../../components/human-verification/human-verification';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useSaveBillingAddress, useSavedBillingAddress } from '../api/billing-address';
import { usePlaceCashOrder, usePlaceDpoOrder, type OrderPayload } from '../api/place-order';
import { loadGuestBilling, loadGuestCustomer, saveDpoPayment, saveGuestBilling, saveGuestCustomer } from '../lib/checkout-storage';
import { CustomerStep, DpoLimitNotice, PaymentStep, ReviewBlock, TermsCheckbox } from './checkout-steps';
import { OrderSummaryPanel } from './order-summary-panel';

/** A cart line as checkout needs it (handed in by the app layer). */
export interface CheckoutLine {
  id: number;
  name: string;
  quantity: number;
  target_amount: number;
  is_reserved: boolean;
  image: string | null;
}

/** The signed-in buyer's profile fields read for prefill (any of them may be missing). Source: spec §3. */
export interface CheckoutProfile {
  first_name?: string | null;
  firstName?: string | null;
  last_name?: string | null;
  lastName?: string | null;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  msisdn?: string | null;
  contact_phone?: string | null;
  contact?: string | null;
}

interface CheckoutPageProps {
  /** Signed-in buyer, or null for a guest. */
  profile: CheckoutProfile | null;
  /** False while the session is still being looked up. */
  sessionReady: boolean;
  lines: CheckoutLine[];
  cartReady: boolean;
  /** Clears the cart after an order (local storage, other tabs, server). */
  onOrderPlaced: (method: 'dpopay' | 'cash') => Promise<void> | void;
}

const STEPS = [
  { key: 'customer', label: 'Customer Info' },
  { key: 'billing', label: 'Billing Address' },
  { key: 'payment', label: 'Payment Method' },
  { key: 'review', label: 'Confirm order' },
] as const;

/** Timings. Source: spec/shopping.md §9. */
const STEP_SAVE_MS = 1000;
const EMPTY_REDIRECT_MS = 2000;
const RESERVED_REDIRECT_MS = 1200;
const DPO_COUNTDOWN_S = 3;
const CASH_REDIRECT_MS = 1500;
const MAX_RESERVED_NAMES = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const orderCustomerErrors = schemaResolver(checkoutInputSchema.shape.customer, { sync: true });
const orderBillingErrors = schemaResolver(checkoutInputSchema.shape.billing, { sync: true });

/**
 * The customer step's errors: the server's order schema (`checkoutInputSchema.customer`: names,
 * email, Malawi phone, with the checkout's texts), keyed as {@link CustomerInfo}.
 * Source: spec/shopping.md §5 "Checkout, customer step".
 */
export function customerStepErrors(c: CustomerInfo): FormErrors {
  return orderCustomerErrors(c);
}

/**
 * The billing step's errors: the server's order schema (`checkoutInputSchema.billing`) on what
 * the step will send ({@link billingFormToOrder}), put back under the step's fields: city → the
 * region, state → the district, or the typed district with 'Other (please specify)'.
 * Source: spec/shopping.md §5 "Checkout, billing step".
 */
export function billingStepErrors(b: BillingForm): FormErrors {
  const sent = orderBillingErrors(billingFormToOrder(b));
  const field: Record<string, keyof BillingForm> = {
    address: 'address',
    city: 'region',
    state: b.state === OTHER_DISTRICT ? 'otherState' : 'state',
    postalCode: 'postalCode',
    country: 'country',
  };
  const errors: FormErrors = {};
  for (const [key, text] of Object.entries(sent)) errors[field[key] ?? key] ??= text;
  return errors;
}

/** Sets the fields of `next` that differ from the form's values: each changed field loses its own error only. */
function changeFields<T extends object>(form: UseFormReturnType<T>, next: T) {
  const now = form.getValues();
  for (const k of Object.keys(next) as (keyof T & string)[]) {
    if (next[k] !== now[k]) form.setFieldValue(k as never, next[k] as never);
  }
}

function profileName(p: CheckoutProfile): { first: string; last: string } {
  const first = p.first_name ?? p.firstName ?? '';
  const last = p.last_name ?? p.lastName ?? '';
  if (first || last) return { first, last };
  const parts = (p.name ?? '').trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

/**
 * /checkout: the four-step wizard (customer, billing, payment, review) with progress, back and
 * forward, each step validated with the spec's texts and saved after a ~1 s loading state;
 * prefill from the profile and the saved billing address for signed-in buyers (saved back),
 * local storage for guests; the empty-cart (→ / after 2 s) and reserved-item (→ /cart after
 * 1.2 s) guards; order summary; terms; Place Order / Try Again; the 'Order Processing Error'
 * panel; DPO Pay (3 s countdown to the provider) and cash on delivery (→ next_url after 1.5 s).
 * Source: spec/shopping.md §2 "Checkout", §4 "Checkout wizard", "Place order", §5, §8, §9.
 */
export function CheckoutPage({ profile, sessionReady, lines: cartLines, cartReady, onOrderPlaced }: CheckoutPageProps) {
  // The order's lines once it is placed: the cart is cleared before the redirect (3 s to DPO
  // Pay, 1.5 s for cash), and the page must not drop to '0 items · MK 0' meanwhile.
  const [placedLines, setPlacedLines] = useState<CheckoutLine[] | null>(null);
  const lines = placedLines ?? cartLines;
  const [active, setActive] = useState(0);
  const [completed, setCompleted] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const customerForm = useForm<CustomerInfo>({ initialValues: { firstName: '', lastName: '', email: '', phone: '' }, validate: customerStepErrors });
  const billingForm = useForm<BillingForm>({
    initialValues: { address: '', region: '', state: '', otherState: '', postalCode: '', country: BILLING_COUNTRY },
    validate: billingStepErrors,
  });
  const customer = customerForm.values;
  const billing = billingForm.values;
  const [method, setMethod] = useState<PaymentMethod>('dpopay');
  const [currency, setCurrency] = useState('MWK');
  const [contact, setContact] = useState<PaymentContact>({ customerName: '', customerEmail: '', customerPhone: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();
  const [placing, setPlacing] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [guard, setGuard] = useState<{ color: string; text: string } | null>(null);
  const placed = useRef(false);
  const narrow = useMediaQuery('(max-width: 40em)');
  const prefilled = useRef(false);
  const billingPrefilled = useRef(false);
  const savedAddress = useSavedBillingAddress(sessionReady && profile !== null);
  const billingSave = useSaveBillingAddress();
  const placeDpo = usePlaceDpoOrder();
  const placeCash = usePlaceCashOrder();
  const total = lines.reduce((s, l) => s + l.target_amount * l.quantity, 0);
  const units = lines.reduce((s, l) => s + l.quantity, 0);
  // DPO Pay beyond its limit can only fail: the buyer can't go on with it (issue 20).
  const dpoBlocked = method === 'dpopay' && !dpoPayAccepts(total);
  // A guest's cash-on-delivery order reserves stock: it needs a solved human verification (issue 18).
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const [verificationKey, setVerificationKey] = useState(0);
  const guestCash = method === 'cash' && !profile;
  const awaitingVerification = guestCash && !verificationToken;

  // Guards: empty cart → home after 2 s; reserved items → /cart after 1.2 s.
  useEffect(() => {
    if (!cartReady || placed.current || guard) return;
    if (lines.length === 0) {
      setGuard({ color: 'orange', text: M.emptyRedirect });
      notifyWarning(M.emptyRedirect);
      setTimeout(() => window.location.assign('/'), EMPTY_REDIRECT_MS);
      return;
    }
    const reserved = lines.filter((l) => l.is_reserved);
    if (reserved.length) {
      const names =
        reserved
          .slice(0, MAX_RESERVED_NAMES)
          .map((l) => l.name)
          .join(', ') + (reserved.length > MAX_RESERVED_NAMES ? ', ...' : '');
      const text = `${M.reservedBlocked} ${names}`;
      setGuard({ color: 'red', text });
      notifyError(text);
      setTimeout(() => window.location.assign('/cart'), RESERVED_REDIRECT_MS);
    }
  }, [cartReady, lines, guard]);

  // Prefill: profile and saved billing address for signed-in buyers, local storage for guests.
  useEffect(() => {
    if (!sessionReady || prefilled.current) return;
    prefilled.current = true;
    if (profile) {
      const { first, last } = profileName(profile);
      const phone = profile.phone ?? profile.mobile ?? profile.msisdn ?? profile.contact_phone ?? profile.contact ?? '';
      customerForm.setValues((c) => ({
        firstName: c.firstName || first,
        lastName: c.lastName || last,
        email: c.email || (profile.email ?? ''),
        phone: c.phone || phone,
      }));
    } else {
      const c = loadGuestCustomer();
      if (c) customerForm.setValues((prev) => ({ ...prev, ...c }));
      const b = loadGuestBilling();
      if (b) billingForm.setValues((prev) => ({ ...prev, ...b, country: BILLING_COUNTRY }));
    }
    // The forms' setters are stable; prefill runs once the session is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionReady, profile]);

  // A signed-in buyer's saved billing address fills the billing step once it answers (once only:
  // the step's own save later replaces the cached address).
  const saved = savedAddress.data;
  useEffect(() => {
    if (billingPrefilled.current || !saved?.address1) return;
    billingPrefilled.current = true;
    const form = billingFormFromSaved(saved);
    // Whatever the buyer typed before the answer came stays.
    billingForm.setValues((b) => ({
      ...b,
      address: b.address || form.address,
      region: b.region || form.region,
      state: b.state || form.state,
      otherState: b.otherState || form.otherState,
      postalCode: b.postalCode || form.postalCode,
    }));
    // The form's setter is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  const goTo = (step: number) => {
    setErrors({});
    customerForm.clearErrors();
    billingForm.clearErrors();
    setActive(step);
  };

  const back = () => {
    const target = Math.max(0, active - 1);
    setCompleted((s) => {
      const n = new Set(s);
      n.delete(target);
      return n;
    });
    goTo(target);
  };

  const save = async () => {
    let errs: FieldErrors = {};
    const stepInvalid = (active === 0 && customerForm.validate().hasErrors) || (active === 1 && billingForm.validate().hasErrors);
    if (stepInvalid) {
      notifyError(M.fixErrors);
      return;
    }
    if (active === 2 && method === 'dpopay') errs = validatePaymentContact(contact);
    if (active === 2 && !ENABLED_PAYMENT_METHODS.includes(method)) errs = { method: M.methodNotAvailable };
    if (active === 2 && dpoBlocked) errs = { method: M.overLimit };
    setErrors(errs);
    if (Object.keys(errs).length) {
      notifyError(errs.method ?? M.fixErrors);
      return;
    }
    setSaving(true);
    await sleep(STEP_SAVE_MS);
    if (active === 0) {
      if (!profile) saveGuestCustomer(customer);
      // The payment step's name, email and phone come from the customer step.
      setContact({ customerName: `${customer.firstName} ${customer.lastName}`.trim(), customerEmail: customer.email, customerPhone: customer.phone });
    }
    if (active === 1) {
      if (profile) billingSave.mutate(billingFormToSaved(billing));
      else saveGuestBilling(billing);
    }
    setSaving(false);
    setCompleted((s) => new Set(s).add(active));
    goTo(active + 1);
  };

  const payload = (pm: 'dpopay' | 'cash'): OrderPayload => ({
    customer: { ...customer },
    billing: billingFormToOrder(billing),
    cart: { items: lines.map((l) => ({ id: l.id, name: l.name, quantity: l.quantity, target_amount: l.target_amount })), total },
    currency: 'MWK',
    payment_method: pm,
    ...(pm === 'cash' && verificationToken ? { 'g-recaptcha-response': verificationToken } : {}),
  });

  const placeOrder = async () => {
    setOrderError(null);
    if (!terms) {
      setTermsError(M.termsRequired);
      notifyError(M.termsRequired);
      return;
    }
    setTermsError(undefined);
    if (!lines.length) return setOrderError(M.cartEmpty);
    if (lines.some((l) => l.is_reserved)) return setOrderError(M.reservedInCart);
    if (!(total > 0)) return setOrderError(M.invalidCartTotal);
    if (method !== 'dpopay' && method !== 'cash') return setOrderError(M.methodNotAvailable);
    if (dpoBlocked) return setOrderError(M.overLimit);
    setPlacing(true);
    setProgress(M.initializing);
    try {
      if (method === 'dpopay') {
        setProgress(M.preparingDpo);
        const res = await placeDpo.mutateAsync(payload('dpopay'));
        placed.current = true;
        setPlacedLines(lines);
        saveDpoPayment({
          order_reference: res.order_reference,
          transaction_token: res.transaction_token,
          amount: res.amount ?? total,
          currency: res.currency ?? 'MWK',
        });
        await onOrderPlaced('dpopay');
        for (let s = DPO_COUNTDOWN_S; s > 0; s--) {
          setCountdown(s);
          await sleep(1000);
        }
        window.location.assign(res.payment_url);
      } else {
        setProgress(M.processingCash);
        const res = await placeCash.mutateAsync(payload('cash'));
        placed.current = true;
        setPlacedLines(lines);
        await onOrderPlaced('cash');
        notifySuccess(res.message ?? 'Order placed');
        await sleep(CASH_REDIRECT_MS);
        window.location.assign(res.next_url || '/');
      }
    } catch (e) {
      setOrderError(e instanceof Error && e.message ? e.message : M.orderFailed);
      // A verification token is accepted once: verify again for the next try.
      if (guestCash) {
        setVerificationToken(null);
        setVerificationKey((k) => k + 1);
      }
      setTried(true);
      setPlacing(false);
      setProgress(null);
    }
  };

  if (!cartReady) {
    return (
      <Stack align="center" py={80}>
        <Loader color="gavel" />
        <Text c="dimmed">Loading checkout...</Text>
      </Stack>
    );
  }

  // What the order calls will send: the review shows exactly that.
  const sentBilling = billingFormToOrder(billing);
  const stepBody = [
    <CustomerStep key="c" value={customer} errors={customerForm.errors} onChange={(next) => changeFields(customerForm, next)} />,
    <BillingAddressFields key="b" value={billing} errors={billingForm.errors} onChange={(next) => changeFields(billingForm, next)} />,
    <PaymentStep
      key="p"
      method={method}
      currency={currency}
      contact={contact}
      errors={errors}
      total={total}
      reserveHoursHint=""
      onMethod={setMethod}
      onCurrency={setCurrency}
      onContact={setContact}
    />,
    <Stack key="r" gap="md">
      <ReviewBlock title="Customer" onEdit={() => goTo(0)}>
        <Text size="sm">
          {customer.firstName} {customer.lastName}
        </Text>
        <Text size="sm" c="dimmed">
          {customer.email} · {customer.phone}
        </Text>
      </ReviewBlock>
      <ReviewBlock title="Billing address" onEdit={() => goTo(1)}>
        <Text size="sm">{sentBilling.address}</Text>
        <Text size="sm" c="dimmed">
          {sentBilling.state}, {sentBilling.city} Region, {sentBilling.postalCode}, {sentBilling.country}
        </Text>
      </ReviewBlock>
      <ReviewBlock title="Payment method" onEdit={() => goTo(2)}>
        <Text size="sm">{method === 'dpopay' ? 'DPO Pay (card, mobile money, bank transfer)' : 'Cash on delivery'}</Text>
        <Text size="sm" c="dimmed">
          Total {formatMK(total)}
        </Text>
      </ReviewBlock>
      <TermsCheckbox
        checked={terms}
        onChange={(v) => {
          setTerms(v);
          if (v) setTermsError(undefined);
        }}
        error={termsError}
      />
      {dpoBlocked && <DpoLimitNotice onCash={() => setMethod('cash')} />}
      {guestCash && (
        <Stack gap="xs" data-testid="guest-cash-verification">
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {M.guestCashNote(OPEN_ORDERS_PER_BUYER)}
          </Alert>
          <HumanVerification onToken={setVerificationToken} resetKey={verificationKey} />
        </Stack>
      )}
      {orderError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={M.orderErrorTitle}
          data-testid="order-error"
          withCloseButton
          onClose={() => setOrderError(null)}
        >
          {orderError}
        </Alert>
      )}
      {progress && (
        <Group gap="xs" data-testid="order-progress">
          <Loader size="xs" color="gavel" />
          <Text size="sm">{countdown != null ? `Redirecting to DPO Pay in ${countdown}...` : progress}</Text>
        </Group>
      )}
      <Button
        size="lg"
        color="gavel"
        leftSection={<IconLock size={18} />}
        onClick={() => void placeOrder()}
        loading={placing}
        disabled={dpoBlocked || awaitingVerification}
        data-testid="place-order"
      >
        {tried ? 'Try Again' : 'Place Order'}
      </Button>
    </Stack>,
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Checkout
          </Title>
          <Text c="dimmed" size="sm">
            Secure checkout · {units} {units === 1 ? 'item' : 'items'} · {formatMK(total)}
          </Text>
        </div>
      </Group>
      {guard && (
        <Alert color={guard.color} variant="filled" icon={<IconAlertTriangle size={18} />} data-testid="checkout-guard">
          {guard.text}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stepper
              active={active}
              onStepClick={(i) => (completed.has(i) || i < active ? goTo(i) : undefined)}
              size="sm"
              color="gavel"
              allowNextStepsSelect={false}
              mb="xl"
              wrap={false}
            >
              {STEPS.map((s, i) => (
                <Stepper.Step
                  key={s.key}
                  label={narrow ? undefined : s.label}
                  // Narrow screens show only the step's number: its name says the rest (and holds that number).
                  aria-label={narrow ? `Step ${i + 1}: ${s.label}` : undefined}
                  loading={saving && active === i}
                  data-testid={`step-${s.key}`}
                />
              ))}
            </Stepper>
            <Title order={2} fz={20} mb="md" data-testid="step-title">
              {narrow ? `Step ${active + 1} of ${STEPS.length}: ` : ''}
              {STEPS[active].label}
            </Title>
            {stepBody[active]}
            {active < 3 && (
              <Group justify="space-between" mt="xl">
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back} disabled={active === 0 || saving}>
                  Back
                </Button>
                <Button
                  color="gavel"
                  rightSection={<IconArrowRight size={16} />}
                  onClick={() => void save()}
                  loading={saving}
                  disabled={active === 2 && dpoBlocked}
                  data-testid="step-continue"
                >
                  Continue
                </Button>
              </Group>
            )}
            {active === 3 && (
              <Group mt="md">
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back} disabled={placing}>
                  Back
                </Button>
              </Group>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrderSummaryPanel lines={lines} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

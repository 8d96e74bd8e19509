import { useState } from 'react';
import { useForm } from '@mantine/form';
import { ACCOUNT_MESSAGES as M } from '@shared/messages/accounts';
import { billingFormFromSaved, billingFormToSaved, type BillingForm, type FieldErrors } from '@shared/rules/checkout';
import { OTHER_DISTRICT } from '@shared/rules/regions';
import { billingAddressInputSchema } from '@shared/schemas/profile.schema';
import { notifySuccess } from '../../../lib/notify';
import { BillingAddressSaveError, useSaveBillingAddress, type BillingAddress } from '../api/account';

/** Field errors of the edit form (keys of {@link BillingForm}) plus a general message for anything else. */
export interface BillingFormErrors {
  fields: FieldErrors;
  general: string | null;
}

/**
 * Puts errors keyed by the saved shape (from `billingAddressInputSchema` or a 422 of
 * `POST /api/me/billing-address`) under the form's fields: address1 → address, town → region,
 * state → the district select, or the typed district when 'Other (please specify)' is chosen,
 * zip → postalCode, country → country. Errors of other keys become the general message.
 */
export function billingFormErrors(errors: Record<string, string | undefined>, form: Pick<BillingForm, 'state'>): BillingFormErrors {
  const key: Record<string, keyof BillingForm> = {
    address1: 'address',
    town: 'region',
    state: form.state === OTHER_DISTRICT ? 'otherState' : 'state',
    zip: 'postalCode',
    country: 'country',
  };
  const fields: FieldErrors = {};
  let general: string | null = null;
  for (const [name, text] of Object.entries(errors)) {
    if (!text) continue;
    const field = key[name];
    if (field) fields[field] ??= text;
    else general ??= text;
  }
  return { fields, general };
}

/**
 * Checks the form with the server's own schema (`billingAddressInputSchema`, the checkout's
 * billing rules and texts) and answers the errors to show; empty when it may be sent.
 */
export function validateBillingForm(form: BillingForm): BillingFormErrors {
  const parsed = billingAddressInputSchema.safeParse(billingFormToSaved(form));
  if (parsed.success) return { fields: {}, general: null };
  const first: Record<string, string> = {};
  for (const issue of parsed.error.issues) first[String(issue.path[0] ?? '_')] ??= issue.message;
  return billingFormErrors(first, form);
}

const EMPTY: BillingForm = billingFormFromSaved({});

/**
 * State of the Billing Address card's edit form, a `@mantine/form` form checked by
 * {@link validateBillingForm} (the server's schema): `open(address)` fills it from the stored
 * address (or empty), `change` clears the errors of the fields that changed, `save` validates,
 * sends `POST /api/me/billing-address`, whose stored address replaces the cached one (the card
 * then shows it, no reload); a refusal shows under the fields (`form.setErrors`) or as `error`.
 * Source: spec/accounts-and-shell.md §2 "Billing Address card"; spec/shopping.md §5.
 */
export function useBillingAddressForm() {
  const saveAddress = useSaveBillingAddress();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<BillingForm>({ initialValues: EMPTY, validate: (v) => validateBillingForm(v).fields });
  const saving = form.submitting;

  const open = (address: BillingAddress | null) => {
    form.setValues(address ? billingFormFromSaved(address) : EMPTY);
    form.clearErrors();
    setError(null);
    setEditing(true);
  };

  const cancel = () => {
    if (saving) return;
    setEditing(false);
    form.clearErrors();
    setError(null);
  };

  /** Takes the fields' new values; each changed field loses its error (the others keep theirs). */
  const change = (next: BillingForm) => {
    const now = form.getValues();
    for (const k of Object.keys(next) as (keyof BillingForm)[]) if (next[k] !== now[k]) form.setFieldValue(k, next[k]);
  };

  const send = async (values: BillingForm): Promise<boolean> => {
    setError(null);
    try {
      await saveAddress.mutateAsync(billingFormToSaved(values));
      setEditing(false);
      notifySuccess(M.billingAddressSaved);
      return true;
    } catch (e) {
      const err = e instanceof BillingAddressSaveError ? e : new BillingAddressSaveError(M.billingAddressSaveFailed, {});
      const mapped = billingFormErrors(err.fields, values);
      form.setErrors(mapped.fields);
      setError(Object.keys(mapped.fields).length ? mapped.general : (mapped.general ?? err.message));
      return false;
    }
  };

  /** Validates and sends; resolves true when stored, false when refused (errors set) or already saving. */
  const save = (): Promise<boolean> =>
    new Promise((resolve) => {
      if (saving) return resolve(false);
      form.onSubmit(
        (values) => send(values).then(resolve),
        () => {
          setError(null);
          resolve(false);
        },
      )();
    });

  return { editing, values: form.values, errors: form.errors, error, saving, open, cancel, change, save };
}
export type BillingAddressForm = ReturnType<typeof useBillingAddressForm>;

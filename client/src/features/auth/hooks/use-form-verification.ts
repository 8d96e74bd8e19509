import { useState } from 'react';

/** What {@link useFormVerification} answers. */
export interface FormVerification {
  /** The widget's token (`g-recaptcha-response`), null until verified and after `renew()`. */
  token: string | null;
  /** Props for `<HumanVerification>`: receives the token, the reset key and the 'required' flag. */
  widget: { onToken: (token: string | null) => void; resetKey: number; showRequired: boolean };
  /** Shows the widget's 'Please verify that you are not a robot.' (after a submit without a token). */
  require: () => void;
  /** Discards the used token and has the widget verify again: a token is accepted once. */
  renew: () => void;
}

/**
 * The human-verification state of the sign-in and registration forms: the token, the widget's
 * reset key and its 'required' flag. Source: spec/accounts-and-shell.md §4 "Human-verification widget", §5.
 */
export function useFormVerification(): FormVerification {
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [showRequired, setShowRequired] = useState(false);
  return {
    token,
    widget: { onToken: setToken, resetKey, showRequired },
    require: () => setShowRequired(true),
    renew: () => {
      setToken(null);
      setResetKey((k) => k + 1);
    },
  };
}

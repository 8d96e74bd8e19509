/**
 * HUMAN VERIFICATION SLOT — placeholder until the verification issue lands (ALTCHA by default,
 * reCAPTCHA when configured; spec/accounts-and-shell.md §4 "Human-verification widget").
 * The widget will render here and hand its token to the form through `onToken`. Until then
 * forms send `'g-recaptcha-response': null` and treat verification as not required.
 */
export const HUMAN_VERIFICATION_REQUIRED = false;

/** Marks where the verification widget goes; renders an empty, hidden placeholder for now. */
export function HumanVerificationSlot(_props: { onToken: (token: string | null) => void }) {
  return <div data-slot="human-verification" hidden />;
}

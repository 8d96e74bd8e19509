import type { Dispatch, SetStateAction } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { HumanVerification } from '../../../components/human-verification/human-verification';
import type { FormVerification } from '../hooks/use-form-verification';
import { nextErrorForVerification } from '../utils/auth-rules';

/** The sign-in and registration forms' error (red, role alert) and success (green, role status) messages. */
export function FormStatus({ error, success }: { error: string | null; success: string | null }) {
  return (
    <>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} variant="light" role="alert">
          {error}
        </Alert>
      )}
      {success && (
        <Alert color="green" icon={<IconCheck size={18} />} variant="light" role="status">
          {success}
        </Alert>
      )}
    </>
  );
}

/**
 * The forms' human-verification widget (state from `useFormVerification`), then their
 * {@link FormStatus}. The widget's expired and error states put the spec's form-level text in
 * `error` through `setError`, and take it away again once verified (`nextErrorForVerification`).
 * Source: spec/accounts-and-shell.md §4 "Human-verification widget", §5.
 */
export function VerificationAndStatus({
  verification,
  error,
  success,
  setError,
}: {
  verification: FormVerification;
  error: string | null;
  success: string | null;
  setError: Dispatch<SetStateAction<string | null>>;
}) {
  return (
    <>
      <HumanVerification {...verification.widget} onStateChange={(state) => setError((current) => nextErrorForVerification(state, current))} />
      <FormStatus error={error} success={success} />
    </>
  );
}

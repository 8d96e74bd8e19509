import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';

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

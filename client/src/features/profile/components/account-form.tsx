import type { FormEvent } from 'react';
import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import type { ProfileForm } from '../hooks/use-profile-form';

/**
 * Account Information: Full Name, Email Address (email type), New Password (hint 'Leave blank
 * to keep current password'), Confirm New Password; Cancel and Update Profile; a general error
 * area and a success area; server field errors under the fields. Source: spec §2, §5. On top
 * (issue 18): a strength meter under the new password, and Current Password once the email or
 * password is being changed.
 */
export function AccountForm({ form }: { form: ProfileForm }) {
  const { fields } = form;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.save();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="account-form">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Account Information
          </Title>
          {form.error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {form.error}
            </Alert>
          )}
          {form.success && (
            <Alert color="green" variant="light" icon={<IconCheck size={18} />} role="status">
              {form.success}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Full Name" autoComplete="name" {...fields.getInputProps('name')} required />
            <TextInput label="Email Address" type="email" autoComplete="email" {...fields.getInputProps('email')} required />
            <PasswordInput label="New Password" description={ACCOUNT_MESSAGES.passwordHint} autoComplete="new-password" {...fields.getInputProps('password')} />
            <PasswordInput
              label="Confirm New Password"
              description="Repeat the new password"
              autoComplete="new-password"
              {...fields.getInputProps('password_confirmation')}
            />
          </SimpleGrid>
          <PasswordStrengthMeter password={fields.values.password} />
          {form.needsCurrentPassword && (
            <PasswordInput
              label={ACCOUNT_MESSAGES.currentPasswordLabel}
              description={ACCOUNT_MESSAGES.currentPasswordHint}
              autoComplete="current-password"
              {...fields.getInputProps('current_password')}
              required
              data-testid="current-password"
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={form.reset} disabled={!form.canReset}>
              Cancel
            </Button>
            <Button type="submit" loading={form.saving} disabled={!form.canSave}>
              Update Profile
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}

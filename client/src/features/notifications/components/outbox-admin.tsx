import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMessage, IconRefresh } from '@tabler/icons-react';
import { formatDateTimeGB } from '../../../lib/dates';
import { useOutbox } from '../api/get-outbox';

/**
 * /admin/outbox: the mails (and SMS) kept because no mail server or SMS provider is configured
 * (the embedded default), newest first, each with its recipient, subject and text, so operators
 * can read what bidders were told and pass it on by hand. Source: issue 16 "E-mail".
 */
export function OutboxAdmin() {
  const outbox = useOutbox();
  const messages = outbox.data ?? null;
  // A new try clears the failure until it answers.
  const failed = outbox.isError && !outbox.isFetching;
  const [open, setOpen] = useState<number | null>(null);
  const load = () => void outbox.refetch();

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Outbox
          </Title>
          <Text c="dimmed" maw={720}>
            Mails kept here because no mail server is set (SMTP_URL). Nothing is sent from here: read them, and pass on what matters.
          </Text>
        </div>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={load}>
          Refresh
        </Button>
      </Group>
      {failed && <Alert color="red">The outbox could not be loaded. Try again.</Alert>}
      {messages === null && !failed && <Text c="dimmed">Loading…</Text>}
      {messages?.length === 0 && <Text c="dimmed">The outbox is empty.</Text>}
      {messages?.map((m) => (
        <Card key={m.id} withBorder radius="md" padding="md" data-testid="outbox-message">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {m.channel === 'email' ? <IconMail size={18} /> : <IconMessage size={18} />}
              <Text fw={700} truncate>
                {m.subject ?? 'Text message'}
              </Text>
            </Group>
            <Badge variant="light" color={m.channel === 'email' ? 'blue' : 'grape'}>
              {m.channel === 'email' ? 'E-mail' : 'SMS'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            To {m.recipient} · {formatDateTimeGB(m.created_at)}
          </Text>
          {open === m.id ? (
            <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body_text}
            </Text>
          ) : (
            <Text size="sm" mt="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body_text}
            </Text>
          )}
          <Button variant="subtle" size="compact-sm" mt={6} w="fit-content" onClick={() => setOpen(open === m.id ? null : m.id)}>
            {open === m.id ? 'Show less' : 'Show all'}
          </Button>
        </Card>
      ))}
    </Stack>
  );
}

import { Badge, Button, Card, Group, Modal, SegmentedControl, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SubscriptionView } from '@shared/schemas/subscription.schema';
import { HistoryLink } from '../../../components/history-link';
import { auditHref } from '../../../lib/audit-links';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { registrationsQuery, useReviewRegistration } from '../api/admin-api';

const STATUS_COLOR: Record<string, string> = { pending: 'yellow', active: 'green', declined: 'red', expired: 'gray' };

/**
 * Operators' list of live-auction registrations (reference, user, auction type) with Approve
 * and Decline (a reason is required). The decision reaches the customer's open pages live.
 * Source: spec/shopping.md §4 (bid registration, live auction).
 */
export function RegistrationsAdmin() {
  const [status, setStatus] = useState('pending');
  const { data, error } = useQuery(registrationsQuery(status));
  useReadFailureNotice(error, 'Failed to load registrations');
  const rows: SubscriptionView[] | null = data ?? (error ? [] : null);
  const [declining, setDeclining] = useState<SubscriptionView | null>(null);
  const [reason, setReason] = useState('');
  const review = useReviewRegistration();
  const busy = review.isPending ? review.variables.id : null;

  const decide = async (row: SubscriptionView, decision: 'approve' | 'decline', why?: string) => {
    try {
      notifySuccess(await review.mutateAsync({ id: row.id, decision, reason: why }));
      setDeclining(null);
      setReason('');
    } catch (e) {
      notifyError(e instanceof Error ? e.message : 'Failed to update the registration');
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Live auction registrations
          </Title>
          <Text c="dimmed">Check each deposit reference against the bank statement, then approve or decline.</Text>
        </div>
        <SegmentedControl
          value={status}
          onChange={setStatus}
          data={[
            { value: 'pending', label: 'Pending' },
            { value: 'active', label: 'Approved' },
            { value: 'declined', label: 'Declined' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Group>
      {/* Phones and tablets: one card per registration (two a row on tablets), the decision buttons in reach. */}
      {rows === null && (
        <Text c="dimmed" hiddenFrom="md">
          Loading registrations…
        </Text>
      )}
      {rows?.length === 0 && (
        <Text c="dimmed" hiddenFrom="md">
          No registrations here.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" hiddenFrom="md">
        {rows?.map((r) => (
          <Card key={r.id} withBorder radius="lg" padding="md" data-testid="registration-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text ff="monospace" fw={700} style={{ wordBreak: 'break-all' }}>
                {r.reference_number}
              </Text>
              <Badge color={STATUS_COLOR[r.status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
                {r.status === 'active' ? 'approved' : r.status}
              </Badge>
            </Group>
            <Text size="sm" fw={500} mt={6}>
              {r.user.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {r.user.email}
              {r.user.phone ? ` · ${r.user.phone}` : ''}
            </Text>
            <Group gap="md" mt={4}>
              <HistoryLink
                to={auditHref({ subject_type: 'registration', subject_id: r.id })}
                label="Registration history"
                title={`Audit trail of registration ${r.reference_number}`}
              />
              <HistoryLink to={auditHref({ actor_id: r.user.id })} label="Their activity" title={`Everything ${r.user.name} did`} />
            </Group>
            <Text size="sm" mt={6}>
              {r.auction_type.name}
            </Text>
            <Text size="xs" c="dimmed">
              Submitted {formatDateTimeGB(r.created_at)}
            </Text>
            {r.decline_reason && (
              <Text size="xs" c="dimmed">
                {r.decline_reason}
              </Text>
            )}
            {r.status === 'pending' && (
              <Group gap="xs" mt="sm" grow>
                <Button size="sm" color="green" loading={busy === r.id} onClick={() => void decide(r, 'approve')}>
                  Approve
                </Button>
                <Button size="sm" variant="light" color="red" disabled={busy === r.id} onClick={() => setDeclining(r)}>
                  Decline
                </Button>
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="lg" padding={0} visibleFrom="md">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped data-testid="registrations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Auction</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows === null && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">Loading registrations…</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">No registrations here.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows?.map((r) => (
                <Table.Tr key={r.id} data-testid="registration-row">
                  <Table.Td>
                    <Text ff="monospace" fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {r.reference_number}
                    </Text>
                    <HistoryLink
                      to={auditHref({ subject_type: 'registration', subject_id: r.id })}
                      label="History"
                      title={`Audit trail of registration ${r.reference_number}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {r.user.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.user.email}
                      {r.user.phone ? ` · ${r.user.phone}` : ''}
                    </Text>
                    <HistoryLink to={auditHref({ actor_id: r.user.id })} label="Their activity" title={`Everything ${r.user.name} did`} />
                  </Table.Td>
                  <Table.Td>{r.auction_type.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeGB(r.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[r.status] ?? 'gray'} variant="light">
                      {r.status === 'active' ? 'approved' : r.status}
                    </Badge>
                    {r.decline_reason && (
                      <Text size="xs" c="dimmed">
                        {r.decline_reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {r.status === 'pending' ? (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" color="green" loading={busy === r.id} onClick={() => void decide(r, 'approve')}>
                          Approve
                        </Button>
                        <Button size="xs" variant="light" color="red" disabled={busy === r.id} onClick={() => setDeclining(r)}>
                          Decline
                        </Button>
                      </Group>
                    ) : (
                      <Text size="xs" c="dimmed" ta="right">
                        {r.reviewed_at ? formatDateTimeGB(r.reviewed_at) : '—'}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Modal opened={declining !== null} onClose={() => setDeclining(null)} title="Decline registration" centered>
        <Stack>
          <Text size="sm">
            Decline <b>{declining?.reference_number}</b> from {declining?.user.name}? They will see your reason.
          </Text>
          <Textarea
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={2}
            autosize
            placeholder="e.g. Deposit not found on the statement"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={reason.trim().length < 3}
              loading={busy === declining?.id}
              onClick={() => declining && void decide(declining, 'decline', reason)}
            >
              Decline
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

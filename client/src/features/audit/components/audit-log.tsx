import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Collapse,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_SUBJECT_LABELS, type AuditEvent, type AuditSubjectType } from '@shared/schemas/audit.schema';
import { useAuditEvents } from '../api/get-audit-events';
import { AuditFilters, type AuditFilterValues } from './audit-filters';
import { ActorText, ChangeSummary, EventTime, EventTypeBadge, PayloadJson, SubjectText } from './audit-event-parts';

const PER_PAGE = 25;
const FILTER_KEYS = ['type', 'subject_type', 'subject_id', 'actor_id'] as const;

/**
 * The operators' audit trail at `/admin/audit`: every recorded change newest first, with when (en-GB
 * to the second), who (a user's name and e-mail, or `System: <job>`), what (the event type), what
 * about (a link to the lot, order or user, and a filter to its whole history) and a compact
 * before → after with the full payload one click away. A table from 1200 px, cards below (phones
 * in the yard, two columns on tablets). The filters (event type or family, subject type and id,
 * the user who acted) and the page live in the address, so `/admin/audit?subject_type=item&subject_id=12`
 * is a lot's history and `/admin/audit?actor_id=5` a user's own actions, linked from the other
 * admin screens. Source: docs/architecture.md "Commands, events, audit".
 */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilterValues = {
    type: params.get('type') ?? '',
    subject_type: params.get('subject_type') ?? '',
    subject_id: params.get('subject_id') ?? '',
    actor_id: params.get('actor_id') ?? '',
  };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { result, loading, error, reload } = useAuditEvents({ ...filters, page, perPage: PER_PAGE });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const filtered = FILTER_KEYS.some((k) => filters[k]);

  const changeFilters = (changes: Partial<AuditFilterValues>, opts: { replace?: boolean } = {}) => {
    if (!FILTER_KEYS.some((k) => changes[k] !== undefined && changes[k] !== filters[k])) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of FILTER_KEYS) {
          const value = changes[key];
          if (value === undefined) continue;
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      },
      { replace: opts.replace },
    );
  };
  const goToPage = (to: number) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (to > 1) next.set('page', String(to));
      else next.delete('page');
      return next;
    });
    window.scrollTo({ top: 0 });
  };
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const rows = result?.data ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1} size="h2">
            Audit trail
          </Title>
          <Text c="dimmed">Every change Gavel recorded: who made it, when, and what it was before and after. Nothing here can be edited or deleted.</Text>
        </div>
        <Tooltip label="Load again" withArrow>
          <ActionIcon variant="default" size="lg" onClick={reload} loading={loading && rows !== null} aria-label="Load again">
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>

      <AuditFilters values={filters} onChange={changeFilters} />
      <FilterContext filters={filters} first={rows?.[0] ?? null} />

      {error && (
        <Alert color="red" variant="light" title="The audit trail could not be shown" data-testid="audit-error">
          {error}
        </Alert>
      )}
      {!error && rows === null && <Text c="dimmed">Loading events…</Text>}
      {rows?.length === 0 && (
        <Card withBorder radius="lg" data-testid="audit-empty">
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed">
              {filtered
                ? 'No recorded events match these filters.'
                : 'Nothing has been recorded yet. Changes made by operators, customers and background jobs appear here as they happen.'}
            </Text>
            {filtered && (
              <Button variant="light" size="xs" onClick={() => changeFilters({ type: '', subject_type: '', subject_id: '', actor_id: '' })}>
                Clear filters
              </Button>
            )}
          </Stack>
        </Card>
      )}

      {rows && rows.length > 0 && (
        <>
          <Card withBorder radius="lg" padding={0} visibleFrom="lg">
            <Table.ScrollContainer minWidth={1100}>
              <Table verticalSpacing="sm" horizontalSpacing="md" striped data-testid="audit-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={190}>When</Table.Th>
                    <Table.Th w={240}>Who</Table.Th>
                    <Table.Th w={190}>Event</Table.Th>
                    <Table.Th w={230}>About</Table.Th>
                    <Table.Th>Change</Table.Th>
                    <Table.Th w={48}>
                      <VisuallyHidden>Details</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((e) => (
                    <Fragment key={e.id}>
                      <Table.Tr data-testid="audit-row">
                        <Table.Td>
                          <EventTime iso={e.created_at} />
                        </Table.Td>
                        <Table.Td>
                          <ActorText actor={e.actor} />
                        </Table.Td>
                        <Table.Td>
                          <EventTypeBadge type={e.type} />
                        </Table.Td>
                        <Table.Td>
                          <SubjectText event={e} />
                        </Table.Td>
                        <Table.Td>
                          <ChangeSummary event={e} />
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => toggle(e.id)}
                            aria-expanded={open.has(e.id)}
                            aria-label={open.has(e.id) ? 'Hide details' : 'Show details'}
                          >
                            {open.has(e.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                      {open.has(e.id) && (
                        <Table.Tr>
                          <Table.Td colSpan={6} style={{ background: 'var(--mantine-color-gray-0)' }}>
                            <PayloadJson event={e} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" hiddenFrom="lg" data-testid="audit-cards">
            {rows.map((e) => (
              <Card key={e.id} withBorder radius="lg" padding="md" data-testid="audit-card">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="wrap" gap={6} align="center">
                    <EventTypeBadge type={e.type} />
                    <EventTime iso={e.created_at} size="xs" dimmed />
                  </Group>
                  <ActorText actor={e.actor} />
                  <SubjectText event={e} />
                  <ChangeSummary event={e} />
                  <div>
                    <Button
                      variant="subtle"
                      color="gray"
                      size="compact-xs"
                      px={4}
                      onClick={() => toggle(e.id)}
                      aria-expanded={open.has(e.id)}
                      leftSection={open.has(e.id) ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                    >
                      {open.has(e.id) ? 'Hide details' : 'Show details'}
                    </Button>
                    <Collapse expanded={open.has(e.id)}>
                      <div style={{ paddingTop: 6 }}>{open.has(e.id) && <PayloadJson event={e} />}</div>
                    </Collapse>
                  </div>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}

      {result && result.meta.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="audit-count">
            {result.meta.from}–{result.meta.to} of {result.meta.total} {result.meta.total === 1 ? 'event' : 'events'}
          </Text>
          {result.meta.last_page > 1 && <Pagination value={page} onChange={goToPage} total={result.meta.last_page} size="sm" siblings={1} boundaries={1} />}
        </Group>
      )}
    </Stack>
  );
}

/**
 * One line saying whose history is shown (`Showing changes made by Chikondi Banda`, `Showing the
 * history of Lot #12 · Toyota Hilux`), names read from the first event; nothing without those filters.
 */
function FilterContext({ filters, first }: { filters: AuditFilterValues; first: AuditEvent | null }) {
  let actor: ReactNode = null;
  let subject: ReactNode = null;
  if (filters.actor_id) {
    const name = first?.actor.id === Number(filters.actor_id) ? first.actor.name : null;
    actor = <b>{name ?? `user #${filters.actor_id}`}</b>;
  }
  if (filters.subject_type && filters.subject_id) {
    const kind = AUDIT_SUBJECT_LABELS[filters.subject_type as AuditSubjectType] ?? filters.subject_type;
    const label = first && first.subject_type === filters.subject_type && String(first.subject_id) === filters.subject_id ? first.subject_label : null;
    subject = (
      <b>
        {kind} #{filters.subject_id}
        {label ? ` · ${label}` : ''}
      </b>
    );
  }
  if (!actor && !subject) return null;
  return (
    <Text size="sm" data-testid="audit-context">
      {actor && subject ? (
        <>
          Showing changes made by {actor} to {subject}.
        </>
      ) : actor ? (
        <>Showing changes made by {actor}.</>
      ) : (
        <>Showing the history of {subject}.</>
      )}{' '}
      <Anchor component={Link} to="/admin/audit" size="sm">
        Show everything
      </Anchor>
    </Text>
  );
}

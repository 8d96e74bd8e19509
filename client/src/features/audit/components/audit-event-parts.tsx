import { ActionIcon, Anchor, Badge, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AUDIT_SUBJECT_LABELS, auditTypeLabel, type AuditEvent, type AuditSubjectType } from '@shared/schemas/audit.schema';
import { auditHref } from '../../../lib/audit-links';
import { summarisePayload } from '../utils/summarise-payload';

/** Badge colour of each event family (the type's part before the dot). */
const FAMILY_COLOR: Record<string, string> = {
  order: 'blue',
  auction: 'grape',
  item: 'teal',
  registration: 'orange',
  advert: 'pink',
  cart: 'gray',
  watchlist: 'gray',
  user: 'indigo',
  newsletter: 'cyan',
};

/** An event's time as operators read it: en-GB with seconds (`23 Nov 2026, 14:30:05`), in the browser's zone. */
export function formatAuditTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** The event's time, with the exact UTC instant on hover. */
export function EventTime({ iso, size = 'sm', dimmed = false }: { iso: string; size?: 'xs' | 'sm'; dimmed?: boolean }) {
  return (
    <Text size={size} c={dimmed ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} title={iso}>
      {formatAuditTime(iso)}
    </Text>
  );
}

/** The event type as a readable label, coloured by its family (orders, lots, registrations …). */
export function EventTypeBadge({ type }: { type: string }) {
  return (
    <Badge
      variant="light"
      color={FAMILY_COLOR[type.split('.')[0]] ?? 'gray'}
      title={type}
      style={{ overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textTransform: 'none' } }}
    >
      {auditTypeLabel(type)}
    </Badge>
  );
}

/**
 * Who acted: a user's name (a link to everything they did) and e-mail, marked Operator when they
 * acted in the back office; `System: <job>` for background work; Guest for a visitor.
 */
export function ActorText({ actor }: { actor: AuditEvent['actor'] }) {
  if (actor.type === 'system') {
    return (
      <Text size="sm" fw={500}>
        System: {actor.name ?? 'unnamed job'}
      </Text>
    );
  }
  if (actor.type === 'guest' || actor.id === null) {
    return (
      <Text size="sm" c="dimmed">
        Guest
      </Text>
    );
  }
  return (
    <div style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={auditHref({ actor_id: actor.id })} size="sm" fw={500} title="Everything this user did" data-testid="audit-actor">
          {actor.name ?? `User #${actor.id}`}
        </Anchor>
        {actor.type === 'operator' && (
          <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
            Operator
          </Badge>
        )}
      </Group>
      {actor.email && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {actor.email}
        </Text>
      )}
    </div>
  );
}

/** Where the subject itself is shown: a lot's page, the Orders screen searched for the order, a user's activity. */
function subjectTarget(event: AuditEvent): string | null {
  const id = event.subject_id;
  if (id === null) return null;
  switch (event.subject_type) {
    case 'item':
      return `/item/${id}`;
    case 'order': {
      const reference = event.subject_label ?? (typeof event.payload.reference === 'string' ? event.payload.reference : null);
      return reference ? `/admin/orders?search=${encodeURIComponent(reference)}` : null;
    }
    case 'user':
      return auditHref({ actor_id: id });
    case 'registration':
      return '/admin/registrations';
    case 'advert':
      return '/admin/adverts';
    case 'sale':
      return `/admin/sales/${id}`;
    default:
      return null;
  }
}

/**
 * What the event is about: its kind and current name (`Lot #12 · Toyota Hilux`) as a link to where
 * it is shown, and a filter button listing this subject's whole history.
 */
export function SubjectText({ event }: { event: AuditEvent }) {
  const kind = AUDIT_SUBJECT_LABELS[event.subject_type as AuditSubjectType] ?? event.subject_type;
  const idText = event.subject_id === null ? kind : `${kind} #${event.subject_id}`;
  const target = subjectTarget(event);
  // An order's events carry its reference, should the order itself not be found.
  const label = event.subject_label ?? (event.subject_type === 'order' && typeof event.payload.reference === 'string' ? event.payload.reference : null);
  const name = label && label !== idText ? label : null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        {target ? (
          <Anchor
            component={Link}
            to={target}
            size="sm"
            fw={500}
            lineClamp={2}
            title={name ?? idText}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="audit-subject"
          >
            {name ?? idText}
          </Anchor>
        ) : (
          <Text size="sm" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {name ?? idText}
          </Text>
        )}
        {name && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {idText}
          </Text>
        )}
      </div>
      {event.subject_id !== null && (
        <Tooltip label={`History of this ${kind.toLowerCase()}`} withArrow openDelay={300}>
          <ActionIcon
            component={Link}
            to={auditHref({ subject_type: event.subject_type, subject_id: event.subject_id })}
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`History of ${idText}`}
          >
            <IconFilter size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** Short values (money, times, statuses) never break inside; long text wraps. */
const keepTogether = (value: string) => (value.length <= 24 ? { whiteSpace: 'nowrap' as const } : undefined);

/** The compact "what changed": before (struck through) → after for each changed field, or a fact; at most `max` lines. */
export function ChangeSummary({ event, max = 3 }: { event: AuditEvent; max?: number }) {
  const lines = summarisePayload(event.type, event.payload);
  if (!lines.length) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const shown = lines.slice(0, max);
  return (
    <Stack gap={2} data-testid="audit-change">
      {shown.map((line, i) =>
        line.kind === 'fact' ? (
          <Text key={i} size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {line.text}
          </Text>
        ) : (
          <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="sm">
              {line.field}:{' '}
            </Text>
            <Text span size="sm" c="dimmed" td="line-through" style={keepTogether(line.before)}>
              {line.before}
            </Text>
            {' → '}
            <Text span size="sm" fw={600} style={keepTogether(line.after)}>
              {line.after}
            </Text>
          </Text>
        ),
      )}
      {lines.length > max && (
        <Text size="xs" c="dimmed">
          +{lines.length - max} more in the details
        </Text>
      )}
    </Stack>
  );
}

/** The event's full payload as indented JSON, scrolling sideways rather than widening the page. */
export function PayloadJson({ event }: { event: AuditEvent }) {
  return (
    <Code block style={{ fontSize: 12, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre' }} data-testid="audit-payload">
      {JSON.stringify(event.payload, null, 2)}
    </Code>
  );
}

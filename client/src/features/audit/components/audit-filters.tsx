import { Button, Grid, Select, TextInput, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AUDIT_EVENT_LABELS, AUDIT_SUBJECT_LABELS, AUDIT_SUBJECT_TYPES, auditTypeLabel } from '@shared/schemas/audit.schema';

/** The audit trail's filters as they stand in the address ('' = any). */
export interface AuditFilterValues {
  type: string;
  subject_type: string;
  subject_id: string;
  actor_id: string;
}

/** How each event family is named in the type list (`Orders` heading, `All order events`). */
const FAMILY_NAMES: Record<string, { heading: string; noun: string }> = {
  order: { heading: 'Orders', noun: 'order' },
  auction: { heading: 'Auctions', noun: 'auction' },
  item: { heading: 'Lots', noun: 'lot' },
  registration: { heading: 'Registrations', noun: 'registration' },
  advert: { heading: 'Adverts', noun: 'advert' },
  cart: { heading: 'Carts', noun: 'cart' },
  watchlist: { heading: 'Watchlists', noun: 'watchlist' },
  user: { heading: 'Users', noun: 'user' },
  newsletter: { heading: 'Newsletter', noun: 'newsletter' },
};

/** The type list: per family, "All … events" (the prefix) then each known type; `current` added when unknown. */
function typeOptions(current: string): ComboboxItemGroup<ComboboxItem, string>[] {
  const families = new Map<string, string[]>();
  const types = Object.keys(AUDIT_EVENT_LABELS);
  if (current && !current.endsWith('.') && !types.includes(current)) types.push(current);
  for (const type of types) {
    const family = type.split('.')[0];
    families.set(family, [...(families.get(family) ?? []), type]);
  }
  if (current.endsWith('.') && !families.has(current.slice(0, -1))) families.set(current.slice(0, -1), []);
  return [...families].map(([family, list]) => {
    const name = FAMILY_NAMES[family] ?? { heading: auditTypeLabel(family), noun: family.replace(/_/g, ' ') };
    return {
      group: name.heading,
      items: [{ value: `${family}.`, label: `All ${name.noun} events` }, ...list.map((type) => ({ value: type, label: auditTypeLabel(type) }))],
    };
  });
}

const SUBJECT_OPTIONS = AUDIT_SUBJECT_TYPES.map((t) => ({ value: t, label: AUDIT_SUBJECT_LABELS[t] }));
const digitsOnly = (s: string) => s.replace(/\D/g, '').slice(0, 12);

/** An id typed into a filter box, applied to the address a moment after typing stops. */
function useDebouncedId(value: string, apply: (v: string) => void): [string, (v: string) => void] {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The address changed from elsewhere (a link, back): the box follows it.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const applyLater = useDebouncedCallback(apply, 400);
  return [
    draft,
    (typed) => {
      const next = digitsOnly(typed);
      setDraft(next);
      applyLater(next);
    },
  ];
}

/**
 * The audit trail's filters: event type (a family or one type), subject type and id, and the user
 * who acted. Lists apply at once; id boxes a moment after typing stops. `onChange` receives the
 * fields to change; Clear empties them all.
 */
export function AuditFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange: (changes: Partial<AuditFilterValues>, opts?: { replace?: boolean }) => void;
}) {
  const [subjectId, setSubjectId] = useDebouncedId(values.subject_id, (v) => onChange({ subject_id: v }, { replace: true }));
  const [actorId, setActorId] = useDebouncedId(values.actor_id, (v) => onChange({ actor_id: v }, { replace: true }));
  const any = Object.values(values).some(Boolean);

  return (
    <Grid gap="sm" align="flex-end" data-testid="audit-filters">
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Select
          label="Event type"
          placeholder="Any event"
          data={typeOptions(values.type)}
          value={values.type || null}
          onChange={(v) => onChange({ type: v ?? '' })}
          clearable
          searchable
          nothingFoundMessage="No such event type"
          maxDropdownHeight={360}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
        <Select
          label="Subject"
          placeholder="Any"
          data={SUBJECT_OPTIONS}
          value={values.subject_type || null}
          onChange={(v) => onChange(v ? { subject_type: v } : { subject_type: '', subject_id: '' })}
          clearable
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
        <TextInput
          label="Subject id"
          placeholder={values.subject_type ? 'Any' : 'Pick a subject'}
          inputMode="numeric"
          value={subjectId}
          onChange={(e) => setSubjectId(e.currentTarget.value)}
          disabled={!values.subject_type && !subjectId}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
        <TextInput label="Actor (user id)" placeholder="Anyone" inputMode="numeric" value={actorId} onChange={(e) => setActorId(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
        <Button
          variant="default"
          fullWidth
          leftSection={<IconX size={14} />}
          disabled={!any}
          onClick={() => onChange({ type: '', subject_type: '', subject_id: '', actor_id: '' })}
        >
          Clear filters
        </Button>
      </Grid.Col>
    </Grid>
  );
}

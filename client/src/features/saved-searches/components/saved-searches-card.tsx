import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Loader, Modal, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SavedSearchView, UpdateSavedSearchInput } from '@shared/schemas/saved-search.schema';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useQueryFailure } from '../../../lib/query-failure';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches';

const FREQUENCY = [
  { value: 'instant', label: 'At once' },
  { value: 'daily', label: 'Daily' },
];

/**
 * Profile card "Saved searches" (anchor `#saved-searches`): each search with what it looks for,
 * how often it tells (at once or the 07:00 digest), pause, rename, run (opens the listing with its
 * filters) and delete. The app layer gives the listing's address and wording of a query.
 * Source: issue 16 "Saved searches".
 */
export function SavedSearchesCard({
  pathOf,
  describe,
}: {
  /** The listing's address for a saved query. */
  pathOf: (query: Record<string, unknown>) => string;
  /** A short description of a saved query. */
  describe: (query: Record<string, unknown>) => string;
}) {
  const query = useSavedSearches();
  useQueryFailure(query, () => notifyError('Failed to load your saved searches'));
  const searches = query.data ?? null;
  const update = useUpdateSavedSearch();
  const deletion = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState<SavedSearchView | null>(null);

  const change = (s: SavedSearchView, changes: UpdateSavedSearchInput) =>
    // Each change tells of its own failure (several may be under way).
    update.mutateAsync({ id: s.id, changes }).catch(() => notifyError('Failed to save the change. Try again.'));
  const remove = (s: SavedSearchView) => {
    if (!window.confirm(`Delete the saved search “${s.name}”?`)) return;
    deletion.mutateAsync(s.id).catch(() => notifyError('Failed to delete the search. Try again.'));
  };

  return (
    <Card withBorder radius="md" p="lg" id="saved-searches" data-testid="saved-searches" style={{ scrollMarginTop: 80 }}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            Saved searches
          </Title>
          <Text size="sm" c="dimmed">
            We tell you when a new lot matches one. Save a search from the listing with “Save this search”.
          </Text>
        </div>
        {searches === null ? (
          <Loader size="sm" color="gavel" />
        ) : searches.length === 0 ? (
          <Group gap="xs">
            <Text size="sm">No saved searches yet.</Text>
            <Button component={Link} to="/" variant="subtle" size="compact-sm" leftSection={<IconSearch size={14} />}>
              Browse lots
            </Button>
          </Group>
        ) : (
          searches.map((s) => (
            <Card key={s.id} withBorder radius="sm" p="sm" data-testid="saved-search-row">
              <Stack gap={8}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} truncate>
                        {s.name}
                      </Text>
                      {s.paused && (
                        <Badge size="xs" color="gray">
                          Paused
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {describe(s.query) || 'Every new lot'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.matches === 0
                        ? 'No matches yet'
                        : `${s.matches} ${s.matches === 1 ? 'match' : 'matches'}, last ${new Date(s.last_match_at!).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}`}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" color="gray" aria-label={`Rename ${s.name}`} onClick={() => setRenaming(s)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} onClick={() => remove(s)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Group>
                <Group justify="space-between" gap="xs">
                  <Group gap="sm">
                    <SegmentedControl
                      size="xs"
                      data={FREQUENCY}
                      value={s.frequency}
                      onChange={(v) => change(s, { frequency: v as 'instant' | 'daily' })}
                      aria-label="How often"
                    />
                    <Switch size="sm" label="Alerts on" checked={!s.paused} onChange={(e) => change(s, { paused: !e.currentTarget.checked })} />
                  </Group>
                  <Button component={Link} to={pathOf(s.query)} size="compact-sm" variant="light" leftSection={<IconSearch size={14} />}>
                    Run
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))
        )}
      </Stack>
      {renaming && <RenameModal search={renaming} onClose={() => setRenaming(null)} />}
    </Card>
  );
}

function RenameModal({ search, onClose }: { search: SavedSearchView; onClose: () => void }) {
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSavedSearch();
  const save = async () => {
    try {
      await update.mutateAsync({ id: search.id, changes: { name } });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (fieldMessages(e.body)[0] ?? e.message) : 'Failed to save. Try again.');
    }
  };
  return (
    <Modal opened onClose={onClose} title="Rename saved search" centered>
      <Stack>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} error={error} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

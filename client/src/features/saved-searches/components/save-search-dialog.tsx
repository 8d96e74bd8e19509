import '../../../lib/mantine-styles-all';
import { useEffect, useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCreateSavedSearch } from '../api/saved-searches';

/**
 * The "Save this search" dialog: the search's name (from `suggestedName` each time it opens) and
 * how often to hear of new matching lots (at once, or a daily digest at 07:00). Loaded when first
 * opened, so its code stays out of the home page's first load. Source: issue 16 "Saved searches".
 */
export function SaveSearchDialog({
  opened,
  onClose,
  query,
  suggestedName,
}: {
  opened: boolean;
  onClose: () => void;
  /** The listing's `GET /ajax-items` parameters (no paging). */
  query: Record<string, unknown> | null;
  suggestedName: string;
}) {
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<'instant' | 'daily'>('instant');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSavedSearch();

  useEffect(() => {
    if (!opened) return;
    setName(suggestedName.slice(0, 80));
    setError(null);
  }, [opened, suggestedName]);

  const save = async () => {
    if (!query) return;
    setError(null);
    try {
      await create.mutateAsync({ name, query, frequency });
      onClose();
      notifySuccess(
        frequency === 'instant' ? 'Search saved. We’ll tell you when a matching lot is listed.' : 'Search saved. New matches come in a daily digest.',
      );
    } catch (e) {
      setError(e instanceof ApiError ? (fieldMessages(e.body)[0] ?? e.message) : 'The search could not be saved. Try again.');
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Save this search" centered size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          We’ll tell you when a new lot matching these filters is listed: in the app, and by e-mail or push as your profile says.
        </Text>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={80}
          error={error}
          data-autofocus
          data-testid="saved-search-name"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            How often
          </Text>
          <SegmentedControl
            fullWidth
            value={frequency}
            onChange={(v) => setFrequency(v as 'instant' | 'daily')}
            data={[
              { value: 'instant', label: 'As soon as listed' },
              { value: 'daily', label: 'Daily digest' },
            ]}
          />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={create.isPending} data-testid="saved-search-submit">
            Save search
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

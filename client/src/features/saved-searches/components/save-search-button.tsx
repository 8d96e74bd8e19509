import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBellPlus } from '@tabler/icons-react';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCreateSavedSearch } from '../api/saved-searches';

/**
 * "Save this search" on the listing: names the current filters and search words (a suggested name
 * from them) and chooses how often to hear of new matching lots (at once, or a daily digest at
 * 07:00). A guest is asked to sign in (`onSignIn`). Source: issue 16 "Saved searches".
 */
export function SaveSearchButton({
  query,
  suggestedName,
  signedIn,
  onSignIn,
}: {
  /** The listing's `GET /ajax-items` parameters (no paging); null when nothing narrows the listing. */
  query: Record<string, unknown> | null;
  suggestedName: string;
  signedIn: boolean;
  onSignIn: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<'instant' | 'daily'>('instant');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSavedSearch();
  const saving = create.isPending;

  const start = () => {
    if (!signedIn) return onSignIn();
    setName(suggestedName.slice(0, 80));
    setError(null);
    setOpen(true);
  };
  const save = async () => {
    if (!query) return;
    setError(null);
    try {
      await create.mutateAsync({ name, query, frequency });
      setOpen(false);
      notifySuccess(
        frequency === 'instant' ? 'Search saved. We’ll tell you when a matching lot is listed.' : 'Search saved. New matches come in a daily digest.',
      );
    } catch (e) {
      setError(e instanceof ApiError ? (fieldMessages(e.body)[0] ?? e.message) : 'The search could not be saved. Try again.');
    }
  };

  return (
    <>
      <Button
        variant="light"
        size="compact-md"
        leftSection={<IconBellPlus size={16} />}
        onClick={start}
        disabled={!query}
        title={query ? undefined : 'Search or choose a filter first'}
        data-testid="save-search"
      >
        Save this search
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Save this search" centered size="md">
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
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={save} loading={saving} data-testid="saved-search-submit">
              Save search
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

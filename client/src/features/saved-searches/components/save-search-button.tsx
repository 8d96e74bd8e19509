import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconBellPlus } from '@tabler/icons-react';
import { useDeferredComponent } from '../../../lib/deferred';

const loadSaveSearchDialog = () => import('./save-search-dialog').then((m) => m.SaveSearchDialog);

/**
 * "Save this search" on the listing: opens the dialog that names the current filters and search
 * words and chooses how often to hear of new matching lots (its code loads on the first click).
 * A guest is asked to sign in (`onSignIn`). Source: issue 16 "Saved searches".
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
  const { Component: Dialog, ready } = useDeferredComponent(loadSaveSearchDialog, open);

  return (
    <>
      <Button
        variant="light"
        size="compact-md"
        leftSection={<IconBellPlus size={16} />}
        onClick={() => (signedIn ? setOpen(true) : onSignIn())}
        disabled={!query}
        title={query ? undefined : 'Search or choose a filter first'}
        data-testid="save-search"
      >
        Save this search
      </Button>
      {Dialog && <Dialog opened={open && ready} onClose={() => setOpen(false)} query={query} suggestedName={suggestedName} />}
    </>
  );
}

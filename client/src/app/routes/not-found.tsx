import { Alert, Stack } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import HomeRoute from './home';
import { PAGE_TITLES, usePageTitle } from '../../lib/page-title';

/**
 * Fallback for unknown paths: the home page, titled 'Page Not Found | Gavel', with a short note.
 * Source: spec/accounts-and-shell.md §2 "Route sets" (home is the fallback, titled as page not found).
 */
export default function NotFoundRoute() {
  return (
    <Stack gap="md" data-testid="not-found">
      <Alert variant="light" color="gold" icon={<IconMapPinOff size={18} />} title="Page not found">
        The page you were looking for has been sold, moved or never existed. Here are the current auctions instead.
      </Alert>
      <HomeRoute />
      <NotFoundTitle />
    </Stack>
  );
}

/** Sets the title after the home page set its own (sibling effects run in order). */
function NotFoundTitle() {
  usePageTitle(PAGE_TITLES.notFound);
  return null;
}

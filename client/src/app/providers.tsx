import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Provider as JotaiProvider } from 'jotai';
import { NOTIFICATION_CLOSE_MS } from '../lib/notify';
import { appStore } from '../lib/store';
import { theme } from './theme';

/** App-wide providers: the one jotai store, Mantine theme and notifications (top right). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" zIndex={2000} limit={5} transitionDuration={NOTIFICATION_CLOSE_MS} />
        {children}
      </MantineProvider>
    </JotaiProvider>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { appStore } from '../lib/store';
import { theme } from './theme';

// The toast container loads right after the first paint; toasts shown before it mounts wait in
// the notifications store and appear once it does (lib/notify.ts only needs the store).
const ToastContainer = lazy(() => import('./toast-container').then((m) => ({ default: m.ToastContainer })));

/** App-wide providers: the server-state cache, the one jotai store, Mantine theme and notifications (top right). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <Suspense fallback={null}>
            <ToastContainer />
          </Suspense>
          {children}
        </MantineProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}

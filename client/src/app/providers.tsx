import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { useOnceTrue } from '../lib/use-once-true';
import { appStore } from '../lib/store';
import { cssVariablesResolver, theme } from './theme';

const ToastContainer = lazy(() => import('./toast-container').then((m) => ({ default: m.ToastContainer })));

/**
 * The toast container, loaded when the first toast is shown and then kept mounted: most first
 * visits show none, and its code and styles (about 10 KB) stay off them (issue 17: the first
 * visit's bytes). A toast shown before it mounts waits in the notifications store (lib/notify.ts
 * only needs the store) and appears once the container has loaded.
 */
function DeferredToasts() {
  const wanted = useOnceTrue(useNotifications().notifications.length > 0);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

/** App-wide providers: the server-state cache, the one jotai store, Mantine theme and notifications (top right). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <DeferredToasts />
          {children}
        </MantineProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { App } from './app/app';
import { runStartup } from './app/startup';
import { startEarlyRequests } from './app/early-requests';
import { readyForFirstRender } from './app/first-render';
import { queryClient } from './lib/query-client';
import { releaseBootScreenLater } from './lib/boot-screen';

// The page's first API answers, asked for while its code loads (issue 17).
startEarlyRequests(window.location);

// Start-up: auth state, then watchlist, then cart (spec/accounts-and-shell.md §4 "Authentication").
const startup = runStartup();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The first screen (index.html's #boot) goes when the routed page commits; at the latest after 10 s.
releaseBootScreenLater();
// Rendered once who is signed in and the page's first answers are known (at most 2 s), so the
// first render is the only one; in a transition, React renders it in slices it can interrupt for input.
void readyForFirstRender(window.location, queryClient, startup).then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});

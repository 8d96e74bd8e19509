import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/mantine-styles-first';
import './app/global.css';
import { App } from './app/app';
import { runStartup } from './app/startup';
import { startEarlyRequests } from './app/early-requests';
import { readyForFirstRender } from './app/first-render';
import { queryClient } from './lib/query-client';
import { releaseBootScreenLater } from './lib/boot-screen';
import { prepareRouter } from './app/router';

// The page's first API answers, asked for while its code loads (issue 17).
startEarlyRequests(window.location);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The rest runs in tasks of its own, so that running the app's code is no one long task that
// blocks input on a cheap phone (issue 17: Total Blocking Time).
setTimeout(() => {
  // Start-up: auth state, then watchlist, then cart (spec/accounts-and-shell.md §4 "Authentication").
  const startup = runStartup();
  // The first screen (index.html's #boot) goes when the routed page commits; at the latest after 10 s.
  releaseBootScreenLater();
  // Rendered once who is signed in and the page's first answers are known (at most 2 s), so the
  // first render is the only one; in a transition, React renders it in slices it can interrupt for input.
  const ready = readyForFirstRender(window.location, queryClient, startup);
  // Ranking the routes is a task of its own, done while the answers are awaited.
  setTimeout(prepareRouter, 0);
  void ready.then(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}, 0);

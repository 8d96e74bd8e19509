import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { App } from './app/app';
import { appStore } from './lib/store';
import { refreshSessionAtom } from './features/auth/atoms/session-atoms';

// Start-up: read the session once (spec/accounts-and-shell.md §4 "Authentication").
void appStore.set(refreshSessionAtom);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

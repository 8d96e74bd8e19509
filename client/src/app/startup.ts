import { appStore } from '../lib/store';
import { refreshSessionAtom } from '../features/auth/atoms/session-atoms';

/** One start-up step; a failure is only logged. */
export interface StartupStep {
  name: string;
  run: () => Promise<void>;
}

/**
 * Start-up steps in the spec's order: auth state, then the watchlist, then the cart (from
 * provided data, otherwise fetched). The watchlist and cart issues add their loaders here,
 * after `auth`. Source: spec/accounts-and-shell.md §4 "Authentication".
 */
export const STARTUP_STEPS: StartupStep[] = [
  { name: 'auth', run: () => appStore.set(refreshSessionAtom) },
  // { name: 'watchlist', run: ... },
  // { name: 'cart', run: ... },
];

/** Runs the steps one after another; an initialisation failure is only logged. */
export async function runStartup(steps: StartupStep[] = STARTUP_STEPS): Promise<void> {
  for (const step of steps) {
    try {
      await step.run();
    } catch (e) {
      console.warn(`Start-up step ${step.name} failed`, e);
    }
  }
}

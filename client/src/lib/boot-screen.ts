import { useLayoutEffect } from 'react';

/** How long the first screen may stand at most when no page ever takes over (a page that failed), in ms. */
const BOOT_SCREEN_LIMIT_MS = 10_000;

/** Pages that still wait for their data before they can take the first screen's place. */
let holds = 0;
/** Whether a page has committed and asked for the first screen to go. */
let released = false;

function removeBootScreen(): void {
  document.getElementById('boot')?.remove();
}

/**
 * Removes the first screen (`#boot` in index.html: the header's look and, on some pages, the page
 * as the server drew it), which shows the app's own `#root` (hidden by CSS while `#boot` stands).
 * Waits while a page holds it ({@link useBootScreenHold}). Source: issue 17 "The first screen
 * comes with the HTML".
 */
export function releaseBootScreen(): void {
  released = true;
  if (holds === 0) removeBootScreen();
}

/** Removes the first screen after {@link BOOT_SCREEN_LIMIT_MS} whatever holds it: a page that failed never leaves it standing. */
export function releaseBootScreenLater(): void {
  window.setTimeout(removeBootScreen, BOOT_SCREEN_LIMIT_MS);
}

/** The page frame calls this in the commit that shows the routed page: the first screen goes then (see {@link releaseBootScreen}). */
export function useBootScreenRelease(): void {
  useLayoutEffect(releaseBootScreen, []);
}

/**
 * Keeps the first screen while `waiting` (a page whose data has not arrived yet, which would
 * otherwise replace the server's copy with a loader), so the two copies never show together and
 * nothing moves. Must render before the frame's {@link useBootScreenRelease} in the same commit.
 */
export function useBootScreenHold(waiting: boolean): void {
  useLayoutEffect(() => {
    if (!waiting) return;
    holds++;
    return () => {
      holds--;
      if (holds === 0 && released) removeBootScreen();
    };
  }, [waiting]);
}

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

/** React's test mode: `act` runs the scheduled renders before it returns. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root drawn into a new `<div>` of jsdom's document for each test of the calling file
 * (`// @vitest-environment jsdom`), unmounted and removed after it. `before` runs before the root is
 * made, `after` once it is gone. Read `container` and `root` of the answer inside the tests.
 */
export function useReactRoot(hooks: { before?: () => void; after?: () => void } = {}): { container: HTMLDivElement; root: Root } {
  const current = {} as { container: HTMLDivElement; root: Root };
  beforeEach(() => {
    hooks.before?.();
    current.container = document.createElement('div');
    document.body.append(current.container);
    current.root = createRoot(current.container);
  });
  afterEach(async () => {
    await act(async () => current.root.unmount());
    current.container.remove();
    hooks.after?.();
  });
  return current;
}

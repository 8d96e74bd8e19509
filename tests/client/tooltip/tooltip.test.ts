// @vitest-environment jsdom
import { act, createElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { useReactRoot } from '../../helpers/react-root.js';
import { Tooltip } from '../../../client/src/components/tooltip/tooltip.js';

const dom = useReactRoot({
  after: () => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  },
});

/** The device as the browser describes it: `hover` answers the `(hover: hover)` query (jsdom has no media queries). */
function deviceCanHover(hover: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(hover: hover)' ? hover : false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** Draws a watch button with its tooltip, lets the tooltip's code load, then moves a mouse onto the button. */
async function hoverWatchButton() {
  await act(async () => {
    dom.root.render(
      createElement(
        MantineProvider,
        null,
        createElement(
          Tooltip,
          { label: 'Add to watchlist', openDelay: 0, transitionProps: { duration: 0 } },
          createElement('button', { type: 'button' }, 'watch'),
        ),
      ),
    );
  });
  // The lazily loaded tooltip module (a dynamic import) settles within a few turns.
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  const button = dom.container.querySelector('button');
  expect(button?.textContent).toBe('watch');
  await act(async () => {
    button?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    button?.dispatchEvent(new MouseEvent('mouseenter', { bubbles: false }));
  });
  for (let i = 0; i < 3; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
}

describe('tooltips of the first page (issue 17: no re-render for nothing on a phone)', () => {
  it('when the device can hover and a mouse moves onto the target, then the label shows', async () => {
    deviceCanHover(true);
    await hoverWatchButton();
    expect(document.body.textContent).toContain('Add to watchlist');
  });

  it('when the device cannot hover (a phone), then only the target is drawn and no label ever shows', async () => {
    deviceCanHover(false);
    await hoverWatchButton();
    expect(document.body.textContent).not.toContain('Add to watchlist');
  });
});

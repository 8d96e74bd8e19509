// @vitest-environment jsdom
import { act, createElement, startTransition } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useReactRoot } from '../../helpers/react-root.js';
import { useServerNow } from '../../../client/src/lib/server-clock.js';

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);

/** A countdown as the cards and the lot page draw one: the server's time, to the second. */
function Clock({ testId }: { testId: string }) {
  const now = useServerNow(1000);
  return createElement('time', { 'data-testid': testId }, String(now.getTime() - T0));
}

const dom = useReactRoot({
  // Only the clock is faked: React's scheduler keeps its own timers.
  before: () => vi.useFakeTimers({ now: T0, toFake: ['Date', 'setInterval', 'clearInterval'] }),
  after: () => vi.useRealTimers(),
});

const shown = (testId: string) => dom.container.querySelector(`[data-testid="${testId}"]`)?.textContent;

describe('countdowns and the first drawing of a page (issue 17: no long task on a cheap phone)', () => {
  it('when the clock moves on while a page is drawn in slices, then the page is drawn once, not thrown away and drawn again at once', async () => {
    let slowRenders = 0;
    // A part of the page whose drawing takes five seconds on a cheap phone.
    function SlowPart() {
      slowRenders += 1;
      vi.setSystemTime(Date.now() + 5_000);
      return createElement('p', null, 'listing');
    }
    await act(async () => {
      startTransition(() =>
        dom.root.render(createElement('main', null, createElement(Clock, { testId: 'a' }), createElement(SlowPart), createElement(Clock, { testId: 'b' }))),
      );
    });
    expect(slowRenders).toBe(1);
    expect(dom.container.querySelector('p')?.textContent).toBe('listing');
    // Both countdowns agree once the page is up.
    expect(shown('a')).toBe(shown('b'));
  });

  it('when the clock ticks, then every countdown shows the new second', async () => {
    await act(async () => dom.root.render(createElement('main', null, createElement(Clock, { testId: 'a' }), createElement(Clock, { testId: 'b' }))));
    expect(shown('a')).toBe('0');
    await act(async () => vi.advanceTimersByTime(3_000));
    expect(shown('a')).toBe('3000');
    expect(shown('b')).toBe('3000');
  });

  it('when a countdown first shows on a clock that last ticked long ago, then it shows the time now', async () => {
    await act(async () => dom.root.render(createElement('main', null, createElement(Clock, { testId: 'a' }))));
    // Time passes between two ticks (a phone asleep, or a long task): the clock has not ticked.
    vi.setSystemTime(T0 + 2_500);
    await act(async () => dom.root.render(createElement('main', null, createElement(Clock, { testId: 'a' }), createElement(Clock, { testId: 'b' }))));
    expect(shown('b')).toBe('2500');
    expect(shown('a')).toBe('2500');
  });
});

import { useEffect, useRef } from 'react';

/** What a console key asks for: the pause and lock keys toggle. */
export type ConsoleCommand = 'floor-bid' | 'fair-warning' | 'sold' | 'pass' | 'next' | 'undo' | 'pause-toggle' | 'lock-toggle';

/** The console's keys, as the buttons and the legend show them. Source: issue 15 "Keyboard shortcuts for a clerk at a laptop". */
export const SHORTCUT_KEYS: Record<ConsoleCommand, string> = {
  'floor-bid': 'F',
  'fair-warning': 'W',
  sold: 'S',
  pass: 'P',
  next: 'N',
  undo: 'U',
  'pause-toggle': 'Space',
  'lock-toggle': 'L',
};

const BY_KEY: Record<string, ConsoleCommand> = {
  f: 'floor-bid',
  w: 'fair-warning',
  s: 'sold',
  p: 'pass',
  n: 'next',
  u: 'undo',
  ' ': 'pause-toggle',
  l: 'lock-toggle',
};

/** True when a key press belongs to a text field (typing a paddle number or a message). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/**
 * Listens for the clerk's keys on the page: F floor bid, W fair warning, S sold, P pass, N next
 * lot, U or Ctrl/⌘+Z undo, Space pause/resume, L lock/unlock. Ignored while typing in a field,
 * with other modifier keys, and for a held key's repeats. Space's own page scroll or button
 * press is prevented. `onCommand` may change between renders. Source: issue 15.
 */
export function useConsoleShortcuts(onCommand: (command: ConsoleCommand) => void, enabled = true): void {
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  }, [onCommand]);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      let command: ConsoleCommand | undefined;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && key === 'z') command = 'undo';
      else if (!e.ctrlKey && !e.metaKey && !e.altKey) command = BY_KEY[key];
      if (!command) return;
      e.preventDefault();
      if (e.repeat) return;
      handler.current(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

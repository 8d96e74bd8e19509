import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mantine/core';

const MantineTooltip = lazy(() => import('./mantine-tooltip').then((m) => ({ default: m.MantineTooltip })));

/**
 * Whether the device's main pointer can hover (a mouse, a trackpad). False on phones and tablets,
 * where a tooltip never opens (its target is tapped, not hovered), on the server, and where the
 * browser cannot say.
 */
function canHover(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover)').matches;
}

/**
 * Mantine's Tooltip (same props), loaded right after the first paint instead of before it:
 * until its module (with Floating UI, ~11 KB gzip) has arrived the target renders on its own,
 * without a tooltip. On a device that cannot hover (a phone) the target always renders on its
 * own: there each tooltip would only cost a re-render of its target after the first commit
 * (Mantine's random id and Floating UI's position are set in layout effects), for nothing shown.
 * Use it in components of the first page (header, listing cards). Source: issue 17 (total
 * blocking time on a cheap phone).
 */
export function Tooltip(props: TooltipProps) {
  if (!canHover()) return props.children;
  return (
    <Suspense fallback={props.children}>
      <MantineTooltip {...props} />
    </Suspense>
  );
}

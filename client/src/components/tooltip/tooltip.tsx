import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mantine/core';

const MantineTooltip = lazy(() => import('./mantine-tooltip').then((m) => ({ default: m.MantineTooltip })));

/**
 * Mantine's Tooltip (same props), loaded right after the first paint instead of before it:
 * until its module (with Floating UI, ~11 KB gzip) has arrived the target renders on its own,
 * without a tooltip. Use it in components of the first page (header, listing cards).
 */
export function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <MantineTooltip {...props} />
    </Suspense>
  );
}

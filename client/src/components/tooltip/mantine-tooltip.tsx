import { Tooltip, type TooltipProps } from '@mantine/core';

/** Mantine's Tooltip in a module of its own, so `components/tooltip/tooltip` can load it (and Floating UI) after the first paint. */
export function MantineTooltip(props: TooltipProps) {
  return <Tooltip {...props} />;
}

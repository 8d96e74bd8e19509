import { Switch } from '@mantine/core';
import { Tooltip } from './tooltip/tooltip';
import { useDataSaver } from '../lib/data-saver';

/**
 * The data saver switch of the footer (issue 17): smaller pictures and no autoplaying media, for
 * costly mobile data. `color` is the footer's text colour.
 */
export function DataSaverSwitch({ color }: { color: string }) {
  const [on, setOn] = useDataSaver();
  return (
    <Tooltip label="Smaller pictures and no autoplaying video, for costly mobile data" withArrow>
      <Switch
        size="xs"
        checked={on}
        onChange={(e) => setOn(e.currentTarget.checked)}
        label="Data saver"
        styles={{ label: { color, fontSize: 'var(--mantine-font-size-xs)' } }}
        data-testid="data-saver"
      />
    </Tooltip>
  );
}

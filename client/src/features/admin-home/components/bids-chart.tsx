import { Group, Text } from '@mantine/core';
import type { Overview } from '@shared/schemas/overview.schema';

const WIDTH = 610;
const HEIGHT = 120;
const GAP = 2;

/** `14:05` of an ISO minute, in the browser's time zone. */
const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * Bids per minute over the last hour as bars (oldest on the left, the current minute on the
 * right), drawn as one SVG that scales to its width; each bar names its minute and count on
 * hover, and the chart's label sums it up for screen readers. Source: issue 13 "An operator's home".
 */
export function BidsChart({ minutes }: { minutes: Overview['bids_per_minute'] }) {
  const max = Math.max(1, ...minutes.map((m) => m.bids));
  const busiest = minutes.reduce((best, m) => (m.bids > best.bids ? m : best), minutes[0] ?? { minute: '', bids: 0 });
  const total = minutes.reduce((n, m) => n + m.bids, 0);
  const barWidth = WIDTH / Math.max(1, minutes.length);
  const label =
    total === 0 ? 'No bids in the last hour.' : `${total} bids in the last hour; the busiest minute, ${clock(busiest.minute)}, had ${busiest.bids}.`;
  return (
    <div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        style={{ width: '100%', height: 140, display: 'block' }}
        data-testid="bids-chart"
      >
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="var(--mantine-color-gray-4)" strokeWidth={1} />
        {minutes.map((m, i) => {
          const h = m.bids === 0 ? 0 : Math.max(3, (m.bids / max) * (HEIGHT - 8));
          return (
            <rect
              key={m.minute}
              x={i * barWidth + GAP / 2}
              y={HEIGHT - h}
              width={Math.max(1, barWidth - GAP)}
              height={h}
              rx={1.5}
              fill={i === minutes.length - 1 ? 'var(--mantine-color-yellow-6)' : 'var(--mantine-color-gavel-6, var(--mantine-color-green-7))'}
              data-bids={m.bids}
            >
              <title>{`${clock(m.minute)}: ${m.bids} ${m.bids === 1 ? 'bid' : 'bids'}`}</title>
            </rect>
          );
        })}
      </svg>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {minutes[0] ? clock(minutes[0].minute) : ''}
        </Text>
        <Text size="xs" c="dimmed">
          busiest minute: {busiest.bids} {busiest.bids === 1 ? 'bid' : 'bids'}
        </Text>
        <Text size="xs" c="dimmed">
          now
        </Text>
      </Group>
    </div>
  );
}

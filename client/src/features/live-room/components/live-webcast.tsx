import { useEffect, useState } from 'react';
import { Anchor, Card, Group, SegmentedControl, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import type { LiveState } from '@shared/schemas/live-sale.schema';
import classes from './live-room.module.css';

/** The sale's webcast as the room's state carries it. */
type Webcast = NonNullable<LiveState['webcast']>;

/** How the viewer takes the webcast: the picture, its sound alone (HLS), or nothing. */
type WebcastMode = 'video' | 'sound' | 'off';

/** Where the viewer's choice is remembered, so a slow phone stays on sound only or off. */
const MODE_KEY = 'gavel.live.webcast';

function storedMode(): WebcastMode {
  try {
    const v = localStorage.getItem(MODE_KEY);
    return v === 'sound' || v === 'off' ? v : 'video';
  } catch {
    return 'video';
  }
}

/** Whether this browser plays HLS in its own media elements (Safari, Chrome on Android). */
function playsHls(): boolean {
  return typeof document !== 'undefined' && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * The sale's webcast above the lot (issue 15 "The bidder's live room"): an HLS stream in a video
 * element, or a provider's player (e.g. YouTube) in a frame. The viewer may switch to the sound
 * alone (HLS: a smaller element, no picture drawn) or turn it off on a slow connection; the
 * choice is remembered on the device. A browser that cannot play HLS is given the stream's link.
 */
export function LiveWebcast({ webcast }: { webcast: Webcast }) {
  const [mode, setMode] = useState<WebcastMode>(storedMode);
  const hls = webcast.kind === 'hls';
  const effective: WebcastMode = !hls && mode === 'sound' ? 'video' : mode;
  const [canPlay] = useState(() => !hls || playsHls());

  useEffect(() => {
    try {
      localStorage.setItem(MODE_KEY, mode);
    } catch {
      // Storage may be unavailable (private mode): the choice lasts for this page only.
    }
  }, [mode]);

  const options = hls
    ? [
        { value: 'video', label: 'Video' },
        { value: 'sound', label: 'Sound only' },
        { value: 'off', label: 'Off' },
      ]
    : [
        { value: 'video', label: 'Video' },
        { value: 'off', label: 'Off' },
      ];

  return (
    <Card withBorder radius="md" padding="xs" data-testid="live-webcast">
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={effective === 'off' ? 0 : 'xs'}>
        <Group gap={6} wrap="nowrap">
          <IconBroadcast size={18} color="var(--mantine-color-red-6)" />
          <Text size="sm" fw={700}>
            Webcast
          </Text>
        </Group>
        <SegmentedControl size="xs" value={effective} onChange={(v) => setMode(v as WebcastMode)} data={options} aria-label="Webcast" />
      </Group>
      {effective !== 'off' && !canPlay && (
        <Text size="sm" c="dimmed">
          This browser cannot play the stream here.{' '}
          <Anchor href={webcast.url} target="_blank" rel="noopener noreferrer">
            Open the stream
          </Anchor>
        </Text>
      )}
      {effective === 'video' && canPlay && hls && <video className={classes.webcast} src={webcast.url} controls autoPlay muted playsInline />}
      {effective === 'sound' && canPlay && <audio src={webcast.url} controls autoPlay style={{ width: '100%' }} />}
      {effective === 'video' && !hls && (
        <iframe
          className={classes.webcast}
          src={webcast.url}
          title="Live webcast of the sale"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </Card>
  );
}

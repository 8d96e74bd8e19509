import { useCallback, useEffect, useRef, useState } from 'react';
import { Anchor, Card, Group, SegmentedControl, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import type { LiveState } from '@shared/schemas/live-sale.schema';
import { isDataSaver } from '../../../lib/data-saver';
import classes from './live-room.module.css';

/** The sale's webcast as the room's state carries it. */
type Webcast = NonNullable<LiveState['webcast']>;

/** How the viewer takes the webcast: the picture, its sound alone (HLS), or nothing. */
type WebcastMode = 'video' | 'sound' | 'off';

/** Where the viewer's choice is remembered, so a slow phone stays on sound only or off. */
const MODE_KEY = 'gavel.live.webcast';

/** The viewer's remembered choice; without one, off under data saver (nothing plays by itself), else the picture. */
function storedMode(): WebcastMode {
  try {
    const v = localStorage.getItem(MODE_KEY);
    if (v === 'video' || v === 'sound' || v === 'off') return v;
  } catch {
    // Storage may be unavailable (private mode).
  }
  return isDataSaver() ? 'off' : 'video';
}

/** Whether this browser plays HLS in its own media elements (Safari, Chrome on Android). */
function playsHls(): boolean {
  return typeof document !== 'undefined' && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * An HLS stream in a media element: the browser's own player where it has one (Safari, Chrome on
 * Android), else hls.js (loaded only when a stream is shown), which plays it through Media Source
 * Extensions. `onFailed` is called when neither can.
 */
function HlsStream({ url, sound, onFailed }: { url: string; sound: boolean; onFailed: () => void }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    if (playsHls()) {
      media.src = url;
      return () => {
        media.removeAttribute('src');
        media.load();
      };
    }
    let stopped = false;
    let player: { destroy(): void } | null = null;
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (stopped) return;
        if (!Hls.isSupported()) return onFailed();
        // No worker: the page's security policy keeps workers to its own scripts.
        const hls = new Hls({ enableWorker: false, lowLatencyMode: true, capLevelToPlayerSize: true });
        // Sound only: the lowest rendition (an audio-only one when the stream offers it).
        if (sound) hls.on(Hls.Events.MANIFEST_PARSED, () => (hls.currentLevel = 0));
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) onFailed();
        });
        hls.loadSource(url);
        hls.attachMedia(media);
        player = hls;
      })
      .catch(() => onFailed());
    return () => {
      stopped = true;
      player?.destroy();
    };
  }, [url, sound, onFailed]);
  return sound ? (
    <audio ref={ref} controls autoPlay style={{ width: '100%' }} data-testid="live-webcast-audio" />
  ) : (
    <video ref={ref} className={classes.webcast} controls autoPlay muted playsInline data-testid="live-webcast-video" />
  );
}

/**
 * The sale's webcast above the lot (issue 15 "The bidder's live room"): an HLS stream in a video
 * element, or a provider's player (e.g. YouTube) in a frame. The viewer may switch to the sound
 * alone (HLS: an audio element on the lowest rendition) or turn it off on a slow connection; the
 * choice is remembered on the device. A browser that cannot play the stream is given its link.
 */
export function LiveWebcast({ webcast }: { webcast: Webcast }) {
  const [mode, setMode] = useState<WebcastMode>(storedMode);
  const hls = webcast.kind === 'hls';
  const effective: WebcastMode = !hls && mode === 'sound' ? 'video' : mode;
  const [canPlay, setCanPlay] = useState(true);
  const failed = useCallback(() => setCanPlay(false), []);

  const choose = (next: WebcastMode) => {
    setMode(next);
    try {
      localStorage.setItem(MODE_KEY, next);
    } catch {
      // Storage may be unavailable (private mode): the choice lasts for this page only.
    }
  };

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
        <SegmentedControl size="xs" value={effective} onChange={(v) => choose(v as WebcastMode)} data={options} aria-label="Webcast" />
      </Group>
      {effective !== 'off' && !canPlay && (
        <Text size="sm" c="dimmed">
          This browser cannot play the stream here.{' '}
          <Anchor href={webcast.url} target="_blank" rel="noopener noreferrer">
            Open the stream
          </Anchor>
        </Text>
      )}
      {effective !== 'off' && canPlay && hls && <HlsStream key={effective} url={webcast.url} sound={effective === 'sound'} onFailed={failed} />}
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

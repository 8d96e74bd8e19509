import { Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../lib/online';

/** The banner's words, exactly as the issue gives them. */
export const OFFLINE_BANNER_TEXT = 'You are offline — prices may have changed';

/**
 * A bar across the top of the page while the browser reports no network: what is shown was stored
 * on the device and may be out of date. Nothing when online. Source: issue "Installable and offline".
 */
export function OfflineBanner() {
  const online = useOnline();
  // The live region stays in the page so a screen reader announces the banner when it appears.
  return (
    <div role="status">
      {!online && (
        <Group justify="center" gap={8} wrap="nowrap" px="sm" py={6} bg="gold.5" c="dark.9" data-testid="offline-banner">
          <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={700} c="dark.9">
            {OFFLINE_BANNER_TEXT}
          </Text>
        </Group>
      )}
    </div>
  );
}

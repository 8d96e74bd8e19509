import { useEffect, useState } from 'react';
import { Anchor, Box, Button, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconMap2, IconMapPin } from '@tabler/icons-react';
import classes from './office-map.module.css';

/** The map's search for an office address (in Malawi). */
const mapQuery = (address: string) => (/malawi/i.test(address) ? address : `${address}, Malawi`);

/**
 * The office map of `address` (the auctioneer's office, setting `auctioneer_contact`). A drawn
 * location card first (works offline, no third party); 'Show interactive map' loads the Google
 * Maps embed when the browser is online, with a link to open the map in a new tab. Offline, the
 * card says so and keeps the address.
 */
export function OfficeMap({ address }: { address: string }) {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [interactive, setInteractive] = useState(false);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  if (interactive && online) {
    return (
      <Box className={classes.frame} data-testid="office-map">
        <iframe
          title="Map of our head office"
          src={`https://maps.google.com/maps?q=${encodeURIComponent(mapQuery(address))}&z=15&output=embed`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className={classes.iframe}
        />
      </Box>
    );
  }
  return (
    <Box className={classes.card} data-testid="office-map">
      <svg className={classes.streets} viewBox="0 0 400 240" aria-hidden="true" preserveAspectRatio="xMidYMid slice">
        <path d="M0 170 C 90 150, 160 190, 240 160 S 360 120, 400 135" />
        <path d="M120 0 C 130 70, 110 140, 150 240" />
        <path d="M0 60 L 400 95" className={classes.minor} />
        <path d="M260 0 L 300 240" className={classes.minor} />
        <path d="M40 240 L 210 0" className={classes.minor} />
      </svg>
      <Stack gap={6} align="center" className={classes.overlay}>
        <IconMapPin size={40} className={classes.pin} />
        <Text fw={700}>Head office</Text>
        <Text size="sm" ta="center" maw={300}>
          {address}
        </Text>
        {online ? (
          <Button size="xs" variant="white" color="gavel" leftSection={<IconMap2 size={14} />} onClick={() => setInteractive(true)}>
            Show interactive map
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            The interactive map needs an internet connection.
          </Text>
        )}
        <Anchor
          href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(mapQuery(address))}`}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
        >
          Open in Google Maps <IconExternalLink size={12} style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </Stack>
    </Box>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import type { NotificationType } from '@shared/schemas/notification.schema';
import { notifyError } from '../../../lib/notify';
import { useQueryFailure } from '../../../lib/query-failure';
import { useChangeNotificationPreference, useNotificationPreferences } from '../api/notification-preferences';
import { currentPushSubscription, pushSupported, turnPushOff, turnPushOn } from '../utils/push-device';

const CHANNEL_NAMES = { email: 'e-mail', sms: 'SMS', push: 'push' } as const;

const LABELS: Partial<Record<NotificationType, string>> = {
  outbid: 'Outbid',
  closing_soon: 'Closing soon (30 and 5 minutes)',
  won: 'You won a lot',
  payment_received: 'Payment received',
  registration_decided: 'Live-auction registration decided',
  saved_search: 'New lots matching a saved search',
  lot_withdrawn: 'A lot you lead is withdrawn',
};

/**
 * Profile card: how each kind of notification reaches the user — always in the app, and by
 * e-mail or SMS as they choose (saved at once, audited). SMS only when the account's phone is a
 * Malawian mobile number. Source: issue 16 "Preferences".
 */
export function NotificationPreferencesCard() {
  const query = useNotificationPreferences();
  useQueryFailure(query, () => notifyError('Failed to load your notification settings'));
  const prefs = query.data ?? null;
  const preferenceChange = useChangeNotificationPreference();
  const saving = preferenceChange.isPending;
  const [device, setDevice] = useState<'unsupported' | 'off' | 'on' | 'denied' | 'busy'>('off');

  // The push column follows this browser's subscription: read the grid again after turning it on or off.
  const reload = () => query.refetch();
  useEffect(() => {
    if (!pushSupported()) setDevice('unsupported');
    else if (Notification.permission === 'denied') setDevice('denied');
    else void currentPushSubscription().then((s) => setDevice(s ? 'on' : 'off'));
  }, []);

  const toggleDevice = async () => {
    const wasOn = device === 'on';
    setDevice('busy');
    try {
      if (wasOn) {
        await turnPushOff();
        setDevice('off');
      } else setDevice(await turnPushOn());
    } catch {
      notifyError('Notifications could not be turned on in this browser.');
      setDevice(wasOn ? 'on' : 'off');
    }
    await reload();
  };

  const change = (type: NotificationType, channel: 'email' | 'sms' | 'push', enabled: boolean) =>
    preferenceChange.mutate({ type, channel, enabled }, { onError: () => notifyError('Failed to save the change. Try again.') });

  /** SMS need a mobile number, push a browser that turned it on. */
  const usable = (channel: 'email' | 'sms' | 'push') => channel === 'email' || (channel === 'sms' ? prefs?.sms_number != null : (prefs?.push_devices ?? 0) > 0);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="notification-preferences">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Notifications
          </Title>
          <Text size="sm" c="dimmed">
            Everything shows under the bell in the app. Choose what also comes by e-mail, SMS or push.
          </Text>
        </div>
        {device !== 'unsupported' && (
          <Group justify="space-between" wrap="wrap" gap="xs" data-testid="push-device">
            <Group gap={6} wrap="nowrap">
              <IconBellRinging size={18} />
              <Text size="sm">
                {device === 'on'
                  ? 'Notifications are on in this browser.'
                  : device === 'denied'
                    ? 'This browser blocks notifications from Gavel: allow them in its site settings.'
                    : 'Get notifications on this phone or computer, even when Gavel is closed.'}
              </Text>
            </Group>
            {device !== 'denied' && (
              <Button size="xs" variant={device === 'on' ? 'default' : 'filled'} loading={device === 'busy'} onClick={() => void toggleDevice()}>
                {device === 'on' ? 'Turn off here' : 'Turn on'}
              </Button>
            )}
          </Group>
        )}
        {prefs && !prefs.sms_number && (
          <Alert color="yellow" variant="light" p="xs">
            <Text size="sm">SMS need a Malawian mobile number (08… or 09…). Add it in your account details below.</Text>
          </Alert>
        )}
        {prefs === null ? (
          <Text c="dimmed" size="sm">
            Loading…
          </Text>
        ) : (
          <Table verticalSpacing={6} horizontalSpacing={4} layout="fixed" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="38%">Notification</Table.Th>
                <Table.Th ta="center" fz="xs">
                  App
                </Table.Th>
                <Table.Th ta="center" fz="xs">
                  E-mail
                </Table.Th>
                <Table.Th ta="center" fz="xs">
                  SMS
                </Table.Th>
                <Table.Th ta="center" fz="xs">
                  Push
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(Object.keys(LABELS) as NotificationType[]).map((type) => (
                <Table.Tr key={type}>
                  <Table.Td>
                    <Text size="sm">{LABELS[type]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox checked disabled aria-label={`${LABELS[type]} in the app`} mx="auto" w="fit-content" />
                  </Table.Td>
                  {(['email', 'sms', 'push'] as const).map((channel) => (
                    <Table.Td key={channel}>
                      <Checkbox
                        mx="auto"
                        w="fit-content"
                        aria-label={`${LABELS[type]} by ${CHANNEL_NAMES[channel]}`}
                        checked={prefs.choices[type][channel] && usable(channel)}
                        disabled={saving || !usable(channel)}
                        onChange={(e) => change(type, channel, e.currentTarget.checked)}
                        data-testid={`pref-${type}-${channel}`}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {prefs?.sms_number && (
          <Text size="xs" c="dimmed">
            SMS go to {prefs.sms_number}. An outbid SMS comes at most once per lot every 10 minutes.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

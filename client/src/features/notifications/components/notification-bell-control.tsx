import { useState } from 'react';
import { ActionIcon, Anchor, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBan, IconBell, IconGavel, IconReceipt, IconTrophy, IconUserCheck, IconSearch, IconClock } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import type { NotificationView } from '@shared/schemas/notification.schema';
import { capBadge } from '../../../lib/badge';
import { formatRelativeTime } from '../../../lib/dates';
import { loadOlderNotificationsAtom, markReadAtom, notificationsAtom } from '../atoms/notification-atoms';
import { useNotificationsSession } from '../hooks/use-notifications-session';
import classes from './notification-bell.module.css';

const ICONS: Record<NotificationView['type'], typeof IconBell> = {
  outbid: IconGavel,
  closing_soon: IconClock,
  won: IconTrophy,
  payment_received: IconReceipt,
  registration_decided: IconUserCheck,
  saved_search: IconSearch,
  lot_withdrawn: IconBan,
};

/**
 * The bell: unread count (9+ cap) on the icon; opens the newest notifications, unread ones
 * marked, each linking to its lot or order (opening one marks it read), "Mark all as read", and
 * older ones on demand. Live through the user's socket. Source: issue 16 "In the app".
 */
export function NotificationBellControl({ userId }: { userId: number }) {
  useNotificationsSession(true, userId);
  const state = useAtomValue(notificationsAtom);
  const markRead = useSetAtom(markReadAtom);
  const loadOlder = useSetAtom(loadOlderNotificationsAtom);
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const now = new Date();

  const open = (n: NotificationView) => {
    setOpened(false);
    if (n.read_at == null) void markRead([n.id]).catch(() => undefined);
    if (n.link) void navigate(n.link);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width="min(380px, calc(100vw - 16px))" shadow="lg" radius="md" offset={6} withinPortal>
      {/* The popover's trigger is the button itself (a div around it may not say it opens a dialog). */}
      <Indicator
        label={<span data-testid="nav-notifications-count">{capBadge(state.unread, 9)}</span>}
        size={16}
        color="red"
        offset={4}
        disabled={state.unread === 0}
        styles={{ indicator: { fontWeight: 700 } }}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="white"
            size="lg"
            radius="xl"
            aria-label={state.unread ? `Notifications, ${state.unread} unread` : 'Notifications'}
            data-testid="nav-notifications"
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} data-testid="notifications-panel">
        <Group justify="space-between" px="md" py="sm" className={classes.head}>
          <Text fw={700}>Notifications</Text>
          {state.unread > 0 && (
            <Anchor component="button" size="sm" onClick={() => void markRead('all').catch(() => undefined)}>
              Mark all as read
            </Anchor>
          )}
        </Group>
        {state.items.length === 0 ? (
          <Text c="dimmed" size="sm" px="md" py="lg" ta="center">
            {state.loaded ? 'Nothing yet. We tell you here when you are outbid, win a lot or a payment is received.' : 'Loading…'}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="min(70vh, 480px)" type="auto">
            <Stack gap={0}>
              {state.items.map((n) => {
                const Icon = ICONS[n.type];
                return (
                  <UnstyledButton
                    key={n.id}
                    className={classes.row}
                    data-unread={n.read_at == null || undefined}
                    onClick={() => open(n)}
                    data-testid="notification-row"
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Box className={classes.icon}>
                        <Icon size={18} />
                      </Box>
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={n.read_at == null ? 700 : 500} lineClamp={2}>
                          {n.title}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={3}>
                          {n.body}
                        </Text>
                        <Text size="xs" c="dimmed" mt={2}>
                          {formatRelativeTime(n.created_at, now)}
                        </Text>
                      </Box>
                      {n.read_at == null && <span className={classes.dot} aria-label="Unread" />}
                    </Group>
                  </UnstyledButton>
                );
              })}
              {state.hasMore && (
                <Button variant="subtle" size="xs" m="xs" onClick={() => void loadOlder().catch(() => undefined)}>
                  Show older
                </Button>
              )}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

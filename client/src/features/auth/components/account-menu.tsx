import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconGavel, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useSetAtom } from 'jotai';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { notifySuccess } from '../../../lib/notify';
import { logoutAtom } from '../atoms/session-atoms';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || 'U';
}

/**
 * The signed-in user's header menu: avatar (and name unless compact), then Bid Dashboard,
 * My Profile, Admin for operators (issue 13) and Logout. Loaded by `UserMenu` once a user is signed in.
 */
export function AccountMenu({ user, compact = false }: { user: PublicUser; compact?: boolean }) {
  const logout = useSetAtom(logoutAtom);
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        {/* Its name holds what it shows (initials, and the name when wide), so what is seen is what is said. */}
        <UnstyledButton aria-label={`Account menu: ${initials(user.name)}${compact ? '' : ` ${user.name}`}`} data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar src={user.image} radius="xl" size={compact ? 30 : 34} color="gold" variant="filled">
              {initials(user.name)}
            </Avatar>
            {!compact && (
              <Text size="sm" fw={600} c="white" maw={140} truncate>
                {user.name}
              </Text>
            )}
            <IconChevronDown size={14} color="white" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component="a" href="/bid-dashboard" leftSection={<IconGavel size={16} />}>
          Bid Dashboard
        </Menu.Item>
        <Menu.Item component="a" href="/spa/profile" leftSection={<IconUser size={16} />}>
          My Profile
        </Menu.Item>
        {user.roles.some((r) => r.name === 'admin') && (
          <Menu.Item component="a" href="/admin" leftSection={<IconSettings size={16} />} data-testid="menu-admin">
            Admin
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={async () => {
            await logout();
            notifySuccess('You have been signed out.', 'Signed out');
          }}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { NavLink, useLocation } from 'react-router';
import { openAuthModal } from '../../lib/auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';
import { ACCOUNT_LINKS, NAV } from './nav-links';
import classes from './app-header.module.css';

/**
 * The phone navigation drawer of the header: main links, then the account links for a
 * signed-in user or Sign in / Create Account for a guest. Loaded the first time it opens.
 */
export function MobileNavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { isAuthenticated, user } = useSession();
  // Operators reach the back office from here (issue 13: there was no way to /admin).
  const isAdmin = user?.roles.some((r) => r.name === 'admin') ?? false;
  const { pathname } = useLocation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={
        <Group gap={8} wrap="nowrap">
          <span className={classes.logoMark} style={{ width: 30, height: 30, borderRadius: 8 }}>
            <IconGavel size={18} stroke={2.2} />
          </span>
          <Text fw={800} size="lg">
            Gavel
          </Text>
        </Group>
      }
      size="80%"
      hiddenFrom="sm"
    >
      <Stack gap={0} component="nav" aria-label="Main">
        {NAV.map((n) =>
          n.to === '/about' ? (
            <a key={n.to} href={n.to} className={`${classes.drawerLink} ${pathname === '/about' ? classes.drawerLinkActive : ''}`}>
              {n.label}
            </a>
          ) : (
            <NavLink
              key={n.to}
              to={n.to}
              end={n.end}
              className={({ isActive }) => `${classes.drawerLink} ${isActive ? classes.drawerLinkActive : ''}`}
              onClick={onClose}
            >
              {n.label}
            </NavLink>
          ),
        )}
      </Stack>
      {isAuthenticated ? (
        <Stack gap={0} mt="lg" component="nav" aria-label="Account">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} px={8} mb={4}>
            My account
          </Text>
          {ACCOUNT_LINKS.map((l) => (
            <a key={l.href} href={l.href} className={classes.drawerLink}>
              {l.label}
            </a>
          ))}
          {isAdmin && (
            <a href="/admin" className={classes.drawerLink} data-testid="drawer-admin">
              Admin
            </a>
          )}
        </Stack>
      ) : (
        <Stack gap="xs" mt="lg">
          <Button
            color="gold"
            c="dark.9"
            onClick={() => {
              onClose();
              openAuthModal('login');
            }}
          >
            Sign in
          </Button>
          <Button
            variant="default"
            onClick={() => {
              onClose();
              openAuthModal('register');
            }}
          >
            Create Account
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}

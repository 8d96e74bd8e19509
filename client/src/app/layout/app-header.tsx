import { ActionIcon, Burger, Button, Container, Drawer, Group, Indicator, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconGavel } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { NavLink, useLocation } from 'react-router';
import { capBadge } from '../../lib/badge';
import { openAuthModal } from '../../lib/auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';
import { UserMenu } from '../../features/auth/components/user-menu';
import { CartNavButton } from '../../features/cart/components/cart-nav-button';
import { watchlistCountAtom } from '../../features/watchlist/atoms/watchlist-atoms';
import classes from './app-header.module.css';

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/auctions', label: 'Auctions', end: false },
  { to: '/about', label: 'About', end: false },
];

/** Account pages listed in the phone drawer for a signed-in user (full page loads, as in the user menu). */
const ACCOUNT_LINKS = [
  { href: '/bid-dashboard', label: 'Bid Dashboard' },
  { href: '/bid-dashboard/watchlist', label: 'My Watchlist' },
  { href: '/spa/profile', label: 'My Profile' },
];

/** Watchlist icon: a gavel with a count badge (9+ cap); guests get the sign-in modal. Source: accounts-and-shell §2. */
function WatchlistButton({ signedIn }: { signedIn: boolean }) {
  const count = useAtomValue(watchlistCountAtom);
  const icon = <IconGavel size={22} />;
  return (
    <Tooltip label="My bids & watchlist">
      <Indicator label={<span data-testid="nav-watchlist-count">{capBadge(count, 9)}</span>} size={16} color="gold" offset={4} disabled={count === 0} styles={{ indicator: { color: '#1a1b1e', fontWeight: 700 } }}>
        {signedIn ? (
          <ActionIcon component="a" href="/bid-dashboard" variant="subtle" color="white" size="lg" radius="xl" aria-label="Watchlist" data-testid="nav-watchlist">
            {icon}
          </ActionIcon>
        ) : (
          <ActionIcon
            variant="subtle"
            color="white"
            size="lg"
            radius="xl"
            aria-label="Watchlist"
            data-testid="nav-watchlist"
            onClick={() => openAuthModal('login', 'Sign in to access your bid dashboard')}
          >
            {icon}
          </ActionIcon>
        )}
      </Indicator>
    </Tooltip>
  );
}

/** The site header: logo, navigation (drawer on phones), watchlist, cart and account controls. */
export function AppHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { isAuthenticated } = useSession();
  const { pathname } = useLocation();

  return (
    <header className={classes.header}>
      <Container size={1400} className={classes.inner}>
        <Group gap="xs" wrap="nowrap">
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" color="white" size="sm" aria-label="Open navigation" />
          <NavLink to="/" className={classes.logo} aria-label="Gavel home">
            <span className={classes.logoMark}>
              <IconGavel size={22} stroke={2.2} />
            </span>
            Gavel
          </NavLink>
        </Group>
        <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
          {NAV.map((n) =>
            n.to === '/about' ? (
              <a key={n.to} href={n.to} className={`${classes.link} ${pathname === '/about' ? classes.linkActive : ''}`}>
                {n.label}
              </a>
            ) : (
              <NavLink key={n.to} to={n.to} end={n.end} className={({ isActive }) => `${classes.link} ${isActive ? classes.linkActive : ''}`}>
                {n.label}
              </NavLink>
            ),
          )}
        </Group>
        <Group gap={6} wrap="nowrap">
          <WatchlistButton signedIn={isAuthenticated} />
          <CartNavButton />
          <UserMenu compact />
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
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
              <NavLink key={n.to} to={n.to} end={n.end} className={({ isActive }) => `${classes.drawerLink} ${isActive ? classes.drawerLinkActive : ''}`} onClick={close}>
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
          </Stack>
        ) : (
          <Stack gap="xs" mt="lg">
            <Button
              color="gold"
              c="dark.9"
              onClick={() => {
                close();
                openAuthModal('login');
              }}
            >
              Sign in
            </Button>
            <Button
              variant="default"
              onClick={() => {
                close();
                openAuthModal('register');
              }}
            >
              Create Account
            </Button>
          </Stack>
        )}
      </Drawer>
    </header>
  );
}

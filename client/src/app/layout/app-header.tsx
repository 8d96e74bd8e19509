import { ActionIcon, Burger, Container, Group, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconGavel } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { NavLink, useLocation } from 'react-router';
import { Tooltip } from '../../components/tooltip/tooltip';
import { capBadge } from '../../lib/badge';
import { openAuthModal } from '../../lib/auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';
import { UserMenu } from '../../features/auth/components/user-menu';
import { CartNavButton } from '../../features/cart/components/cart-nav-button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { watchlistCountAtom } from '../../features/watchlist/atoms/watchlist-atoms';
import { useDeferredComponent } from '../../lib/deferred';
import { NAV } from './nav-links';
import classes from './app-header.module.css';

const loadMobileNavDrawer = () => import('./mobile-nav-drawer').then((m) => m.MobileNavDrawer);

/** Watchlist icon: a gavel with a count badge (9+ cap); guests get the sign-in modal. Source: accounts-and-shell §2. */
function WatchlistButton({ signedIn }: { signedIn: boolean }) {
  const count = useAtomValue(watchlistCountAtom);
  const icon = <IconGavel size={22} />;
  return (
    <Tooltip label="My bids & watchlist">
      <Indicator
        label={<span data-testid="nav-watchlist-count">{capBadge(count, 9)}</span>}
        size={16}
        color="gold"
        offset={4}
        disabled={count === 0}
        styles={{ indicator: { color: '#1a1b1e', fontWeight: 700 } }}
      >
        {signedIn ? (
          <ActionIcon
            component="a"
            href="/bid-dashboard"
            variant="subtle"
            color="white"
            size="lg"
            radius="xl"
            aria-label="Watchlist"
            data-testid="nav-watchlist"
          >
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
  const { isAuthenticated, user } = useSession();
  const { pathname } = useLocation();
  const { Component: MobileNav, ready: mobileNavReady } = useDeferredComponent(loadMobileNavDrawer, opened);

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
          <NotificationBell userId={user?.id ?? null} />
          <WatchlistButton signedIn={isAuthenticated} />
          <CartNavButton />
          <UserMenu compact />
        </Group>
      </Container>
      {MobileNav && <MobileNav opened={opened && mobileNavReady} onClose={close} />}
    </header>
  );
}

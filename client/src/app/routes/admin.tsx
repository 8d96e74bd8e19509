import { Anchor, Container, Group, NavLink as MantineNavLink, Stack, Text, Title } from '@mantine/core';
import { Navigate, NavLink, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { AuthGuard } from '../../features/auth/components/auth-guard';
import { useSession } from '../../features/auth/hooks/use-session';
import { AdvertsAdmin } from '../../features/admin/components/adverts-admin';
import { BiddingAdmin } from '../../features/admin/components/bidding-admin';
import { AuditLog } from '../../features/audit/components/audit-log';
import { BiddersSection } from '../../features/admin-bidders/components/bidders-section';
import { OperatorHome } from '../../features/admin-home/components/operator-home';
import { OrdersAdmin } from '../../features/admin/components/orders-admin';
import { RegistrationsAdmin } from '../../features/admin/components/registrations-admin';
import { SettingsAdmin } from '../../features/admin/components/settings-admin';
import { PagesAdmin } from '../../features/site-pages/components/pages-admin';
import { OutboxAdmin } from '../../features/notifications/components/outbox-admin';
import { SalesSection } from '../../features/admin-sales/components/sales-section';
import { LotsSection } from '../../features/admin-lots/components/lots-section';
import { CatalogueImport } from '../../features/catalogue-import/components/catalogue-import';
import { InvoicesAdmin } from '../../features/admin-invoices/components/invoices-admin';

const SECTIONS = {
  home: 'Home',
  sales: 'Sales',
  lots: 'Lots',
  import: 'Import',
  registrations: 'Registrations',
  bidders: 'Bidders',
  orders: 'Orders',
  invoices: 'Invoices',
  adverts: 'Adverts',
  bidding: 'Bidding',
  pages: 'Pages',
  settings: 'Settings',
  outbox: 'Outbox',
  audit: 'Audit',
} as const;
type Section = keyof typeof SECTIONS;

/** Each section's screen. */
const SCREENS: Record<Section, () => React.ReactNode> = {
  home: () => <OperatorHome />,
  sales: () => <SalesSection />,
  lots: () => <LotsSection />,
  import: () => <CatalogueImport />,
  registrations: () => <RegistrationsAdmin />,
  bidders: () => <BiddersSection />,
  orders: () => <OrdersAdmin />,
  invoices: () => <InvoicesAdmin />,
  adverts: () => <AdvertsAdmin />,
  bidding: () => <BiddingAdmin />,
  pages: () => <PagesAdmin />,
  settings: () => <SettingsAdmin />,
  outbox: () => <OutboxAdmin />,
  audit: () => <AuditLog />,
};

/**
 * /admin/{sales (and /admin/sales/{id})|lots (and /admin/lots/new, /admin/lots/{id})|import|registrations|orders|invoices|adverts|bidding|pages|settings|outbox|audit}: the operators' screens, admin role only (others are sent
 * home). /admin itself is the operator's home (figures and bids per minute). Bidders: the list at /admin/bidders, a bidder's page at /admin/bidders/{id} (issue 13 "Bidders").
 * Code-split from the shopper's pages. Source: spec/accounts-and-shell.md §2 (admin
 * route flag).
 */
export default function AdminRoute() {
  // /admin/sales/{id} and /admin/lots/{id} are routes of their own: their section is the path's second segment.
  const { pathname } = useLocation();
  const { section = pathname.split('/').filter(Boolean)[1] ?? 'home' } = useParams();
  // An unknown section is "not found", never silently Registrations (issue 13).
  const known = section in SECTIONS;
  const current: Section = known ? (section as Section) : 'registrations';
  usePageTitle(known ? `Admin: ${SECTIONS[current]}` : 'Admin: not found');
  return (
    <Container size={1400} py="xl">
      <AuthGuard>
        <AdminOnly>
          <Stack gap="lg">
            <Group gap={4} wrap="nowrap" style={{ overflowX: 'auto' }}>
              {(Object.keys(SECTIONS) as Section[]).map((key) => (
                <MantineNavLink
                  key={key}
                  component={NavLink}
                  to={key === 'home' ? '/admin' : `/admin/${key}`}
                  // Home is /admin itself: not active under every other section.
                  end={key === 'home'}
                  label={SECTIONS[key]}
                  active={known && key === current}
                  w="auto"
                  px={10}
                  style={{ borderRadius: 8, flexShrink: 0 }}
                />
              ))}
            </Group>
            {known ? (
              SCREENS[current]()
            ) : (
              <Stack gap="xs" data-testid="admin-not-found">
                <Title order={1} size="h2">
                  Not found
                </Title>
                <Text c="dimmed">There is no admin section “{section}”. Choose one above.</Text>
                <Anchor component={NavLink} to="/admin/registrations">
                  Go to Registrations
                </Anchor>
              </Stack>
            )}
          </Stack>
        </AdminOnly>
      </AuthGuard>
    </Container>
  );
}

function AdminOnly({ children }: { children: React.ReactNode }) {
  const { user } = useSession();
  if (!user?.roles.some((r) => r.name === 'admin')) return <Navigate to="/" replace />;
  return <>{children}</>;
}

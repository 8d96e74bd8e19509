import { Container, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Navigate, NavLink, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { AuthGuard } from '../../features/auth/components/auth-guard';
import { useSession } from '../../features/auth/hooks/use-session';
import { AdvertsAdmin } from '../../features/admin/components/adverts-admin';
import { AuditLog } from '../../features/audit/components/audit-log';
import { OrdersAdmin } from '../../features/admin/components/orders-admin';
import { RegistrationsAdmin } from '../../features/admin/components/registrations-admin';

const SECTIONS = { registrations: 'Registrations', orders: 'Orders', adverts: 'Adverts', audit: 'Audit' } as const;
type Section = keyof typeof SECTIONS;

/**
 * /admin/{registrations|orders|adverts|audit}: the operators' screens, admin role only (others are sent
 * home). Code-split from the shopper's pages. Source: spec/accounts-and-shell.md §2 (admin
 * route flag).
 */
export default function AdminRoute() {
  const { section = 'registrations' } = useParams();
  const current: Section = section in SECTIONS ? (section as Section) : 'registrations';
  usePageTitle(`Admin: ${SECTIONS[current]}`);
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
                  to={`/admin/${key}`}
                  label={SECTIONS[key]}
                  active={key === current}
                  w="auto"
                  px={10}
                  style={{ borderRadius: 8, flexShrink: 0 }}
                />
              ))}
            </Group>
            {current === 'adverts' ? <AdvertsAdmin /> : current === 'orders' ? <OrdersAdmin /> : current === 'audit' ? <AuditLog /> : <RegistrationsAdmin />}
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

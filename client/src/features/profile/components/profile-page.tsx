import { Avatar, Badge, Button, Card, Center, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendar, IconDeviceFloppy, IconReceipt, IconRotate, IconWallet } from '@tabler/icons-react';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { formatMK } from '@shared/rules/money';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { SignInCard } from '../../../components/sign-in-card';
import { useQueryFailure } from '../../../lib/query-failure';
import { useBillingAddress, useProfileSummary, type BillingAddress } from '../api/account';
import { useProfileForm } from '../hooks/use-profile-form';
import { formatOrderDate } from '../utils/order-display';
import { AccountForm } from './account-form';
import { BillingAddressCard } from './billing-address-card';
import { type PayRenderer } from './payment-confirmation-modal';
import { PurchaseHistory } from './purchase-history';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || 'C';
}

/**
 * My Profile for a signed-in customer: header (Reset, Save Changes), left card, billing address,
 * summary tiles, purchase history and the Account Information form; for a guest, the prompt
 * 'Sign in to manage your profile'. Source: spec/accounts-and-shell.md §2 "Profile page".
 */
export function ProfilePage({
  user,
  status,
  settings,
  renderPay,
}: {
  user: PublicUser | null;
  status: 'loading' | 'authenticated' | 'guest';
  /** More settings cards under the account form (the app layer passes the notification settings). */
  settings?: React.ReactNode;
  /** The Pay action of an unpaid invoice in the purchase history. */
  renderPay?: PayRenderer;
}) {
  if (status === 'loading') {
    return (
      <Center py={80}>
        <Loader color="gavel" />
      </Center>
    );
  }
  if (!user) return <SignedOutProfile />;
  return <SignedInProfile key={user.id} user={user} settings={settings} renderPay={renderPay} />;
}

function SignedOutProfile() {
  return <SignInCard title={ACCOUNT_MESSAGES.profileSignedOutTitle} message={ACCOUNT_MESSAGES.profileSignedOutText} testId="profile-signed-out" />;
}

function SignedInProfile({ user, settings, renderPay }: { user: PublicUser; settings?: React.ReactNode; renderPay?: PayRenderer }) {
  const form = useProfileForm(user);
  const addressQuery = useBillingAddress();
  useQueryFailure(addressQuery, (e) => console.error('Failed to load billing address', e));
  // A failed first read shows as no address on file.
  const address: BillingAddress | null | undefined = addressQuery.data !== undefined ? addressQuery.data : addressQuery.isError ? null : undefined;
  const summaryQuery = useProfileSummary();
  useQueryFailure(summaryQuery, (e) => console.error('Failed to load profile summary', e));
  const summary = summaryQuery.data ?? null;

  const displayName = user.name || 'Customer';
  const tiles = [
    { label: 'Orders', value: summary ? String(summary.order_count) : '—', icon: IconReceipt },
    { label: 'Total paid', value: summary ? formatMK(summary.total_spent) : '—', icon: IconWallet },
    { label: 'Last purchase', value: summary?.last_order_at ? formatOrderDate(summary.last_order_at) : '—', icon: IconCalendar },
  ];

  return (
    <Stack gap="lg" data-testid="profile-page">
      <Group justify="space-between" gap="sm">
        <Stack gap={0}>
          <Title order={1} size="h2">
            My Profile
          </Title>
          <Text c="dimmed" size="sm">
            Your account, billing address and purchases.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconRotate size={16} />} onClick={form.reset} disabled={!form.canReset}>
            Reset
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={form.save} disabled={!form.canSave} loading={form.saving}>
            Save Changes
          </Button>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg" data-testid="profile-card">
              <Stack align="center" gap={6}>
                <Avatar src={user.image} size={88} radius={88} color="gavel" variant="filled">
                  {initials(displayName)}
                </Avatar>
                <Text fw={700} size="lg" ta="center">
                  {displayName}
                </Text>
                <Text size="sm" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
                  {user.email}
                </Text>
                {user.phone && <Text size="sm">{user.phone}</Text>}
                <Group gap="xs" mt={4}>
                  <Badge color={user.is_customer ? 'gavel' : 'gray'} variant="light">
                    {user.is_customer ? 'Customer' : 'User'}
                  </Badge>
                  <Badge color="gold" variant="light" c="dark.7">
                    {summary ? `${summary.order_count} ${summary.order_count === 1 ? 'order' : 'orders'}` : '… orders'}
                  </Badge>
                </Group>
              </Stack>
            </Card>
            <BillingAddressCard address={address} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
              {tiles.map((t) => (
                <Paper key={t.label} withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon size={36} radius="md" variant="light" color="gavel" style={{ flexShrink: 0 }}>
                      <t.icon size={22} />
                    </ThemeIcon>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                        {t.label}
                      </Text>
                      <Text fw={700} fz={{ base: 'sm', sm: 'md' }} lh={1.25}>
                        {t.value}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
            <PurchaseHistory renderPay={renderPay} />
            <AccountForm form={form} />
            {settings}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

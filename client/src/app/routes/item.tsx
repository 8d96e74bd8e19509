import { useParams } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../features/auth/hooks/use-session';
import { ItemDetail } from '../../features/items/components/item-detail';
import { DetailCartActions } from '../../features/cart/components/item-cart-buttons';
import { PayWonLot } from '../../features/dashboard/components/pay-won-lot';
import { LiveIndicator } from '../../features/realtime/components/live-indicator';
import { WatchButton } from '../../features/watchlist/components/watch-button';

/** /item/{id}: the item page for the signed-in viewer (or a guest). */
export default function ItemRoute() {
  const { id } = useParams();
  const itemId = Number(id);
  const { user } = useSession();
  if (!Number.isInteger(itemId) || itemId <= 0) return <InvalidItem />;
  return (
    <ItemDetail
      key={itemId}
      itemId={itemId}
      user={user}
      liveIndicator={<LiveIndicator />}
      renderWatch={(item) => <WatchButton item={item} variant="button" />}
      renderCartActions={(item) => <DetailCartActions item={item} />}
      renderWonActions={(item) => <PayWonLot itemId={item.id} size="md" variant="panel" />}
    />
  );
}

function InvalidItem() {
  usePageTitle('Item Not Found');
  return (
    <Stack align="center" py={80} gap="md">
      <Title order={2}>Item Not Found</Title>
      <Text c="dimmed">Item not found</Text>
      <Button component={Link} to="/">
        Go Back
      </Button>
    </Stack>
  );
}

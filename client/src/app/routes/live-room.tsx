import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { LiveRoomPage } from '../../features/live-room/components/live-room-page';

/**
 * `/live/{id}`: the bidder's live room of sale `id` (issue 15); anyone may watch. An id that is
 * not a positive whole number is "Sale not found".
 */
export default function LiveRoomRoute() {
  const { id } = useParams();
  const saleId = Number(id);
  if (!Number.isSafeInteger(saleId) || saleId <= 0) return <InvalidSale />;
  return <LiveRoomPage key={saleId} saleId={saleId} />;
}

function InvalidSale() {
  usePageTitle('Sale Not Found');
  return (
    <Stack align="center" py={80} gap="md">
      <Title order={2}>Sale not found</Title>
      <Text c="dimmed">There is no live sale at this address.</Text>
      <Button component={Link} to="/auctions">
        All auctions
      </Button>
    </Stack>
  );
}

import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { LiveIndicator } from '../../features/realtime/components/live-indicator';
import { SaleCataloguePage } from '../../features/sale-catalogue/components/sale-catalogue-page';

/** /auctions/{id}: a sale's public catalogue (its lots in order, live). Source: issue 13 "Sales". */
export default function SaleCatalogueRoute() {
  const { id } = useParams();
  const saleId = Number(id);
  if (!Number.isInteger(saleId) || saleId <= 0) return <InvalidSale />;
  return <SaleCataloguePage key={saleId} saleId={saleId} liveIndicator={<LiveIndicator />} />;
}

function InvalidSale() {
  usePageTitle('Sale Not Found');
  return (
    <Stack align="center" py={80} gap="md">
      <Title order={2}>Sale not found</Title>
      <Text c="dimmed">There is no sale at this address.</Text>
      <Button component={Link} to="/auctions">
        All auctions
      </Button>
    </Stack>
  );
}

import { Alert, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { LiveConsole } from '../../features/live-console/components/live-console';

/**
 * `/admin/live/{id}` (admin role, guarded by the router): the clerk's console of live sale `id`
 * (issue 15 "The clerk's console"). An id that is not a positive whole number is "Sale not found".
 */
export default function AdminLiveRoute() {
  const { id } = useParams();
  const saleId = Number(id);
  const valid = Number.isSafeInteger(saleId) && saleId > 0;
  return (
    <Container fluid px={{ base: 'xs', sm: 'md', lg: 'xl' }} py="md" maw={1680}>
      {valid ? (
        <LiveConsole key={saleId} saleId={saleId} />
      ) : (
        <Alert color="red" title="The console cannot be shown">
          Sale not found
        </Alert>
      )}
    </Container>
  );
}

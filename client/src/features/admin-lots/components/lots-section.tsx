import { useParams } from 'react-router';
import { LotPage, NewLotPage } from './lot-page';
import { LotsList } from './lots-list';

/**
 * The Lots section of /admin: the list at `/admin/lots`, a new lot at `/admin/lots/new`, one lot's
 * page at `/admin/lots/{id}`. Source: issue 13 "Lots (items)".
 */
export function LotsSection() {
  const { id } = useParams();
  if (id === 'new') return <NewLotPage />;
  const lotId = Number(id);
  if (id !== undefined && Number.isInteger(lotId) && lotId > 0) return <LotPage key={lotId} lotId={lotId} />;
  return <LotsList />;
}

import { useParams } from 'react-router';
import { SalePage } from './sale-page';
import { SalesList } from './sales-list';

/** The Sales section of /admin: the list at `/admin/sales`, one sale's page at `/admin/sales/{id}`. Source: issue 13 "Sales". */
export function SalesSection() {
  const { id } = useParams();
  const saleId = Number(id);
  if (id !== undefined && Number.isInteger(saleId) && saleId > 0) return <SalePage key={saleId} saleId={saleId} />;
  return <SalesList />;
}

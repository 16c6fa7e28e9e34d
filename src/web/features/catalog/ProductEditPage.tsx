import { useParams } from 'react-router';
import { AdminEditPage } from '../../back-office/admin-edit-page';
import { ProductForm } from './ProductForm';

/** One product at its own address, for a link the admin keeps or shares. */
export function ProductEditPage() {
  const { id = '' } = useParams();
  return (
    <AdminEditPage
      heading="Edit product"
      back={{ to: '/admin/productlist', label: 'Back to products' }}
      width="max-w-2xl"
    >
      <ProductForm key={id} productId={id} />
    </AdminEditPage>
  );
}

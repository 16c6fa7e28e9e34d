import { Link, useParams } from 'react-router';
import { SHOP_NAME } from '../../../shared/shop';
import { textLinkClass } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { ProductForm } from './ProductForm';

export function ProductEditPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-xl">
      <title>{`Edit product | ${SHOP_NAME}`}</title>
      <p className="mb-6">
        <Link to="/admin/productlist" className={textLinkClass}>
          <span aria-hidden="true">← </span>Back to products
        </Link>
      </p>
      <PageHeading>Edit product</PageHeading>
      <ProductForm key={id} productId={id} />
    </div>
  );
}

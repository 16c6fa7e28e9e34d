import { ProductForm } from './ProductForm';
import { GuardedPanel } from '../../back-office/unsaved-changes';

/** A product's form in the side panel, which asks before closing over unsaved changes. */
export function EditProductPanel({ productId }: { productId: string }) {
  return (
    <GuardedPanel>
      <ProductForm key={productId} productId={productId} />
    </GuardedPanel>
  );
}

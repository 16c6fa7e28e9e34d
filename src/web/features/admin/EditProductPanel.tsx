import { ProductForm } from './ProductForm';

export function EditProductPanel({ productId }: { productId: string }) {
  return <ProductForm key={productId} productId={productId} />;
}

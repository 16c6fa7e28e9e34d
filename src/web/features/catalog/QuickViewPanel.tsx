import { Link } from 'react-router';
import { ErrorBox } from '../../ui/ErrorBox';
import { Price } from '../../ui/Price';
import { RatingStars } from '../../ui/RatingStars';
import { Skeleton } from '../../ui/Skeleton';
import { useProduct } from '../../api/products';
import { AddToBasket } from './components/AddToBasket';
import { ProductImage } from './components/ProductImage';

export function QuickViewPanel({ productId, onClose }: { productId: string; onClose: () => void }) {
  const { data: product, isPending, error } = useProduct(productId);
  if (isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">Loading product…</span>
        <Skeleton className="aspect-square w-full" />
        <Skeleton className="h-6 w-2/3" />
      </div>
    );
  }
  if (error) return <ErrorBox error={error} />;
  return (
    <div className="flex flex-col gap-4">
      <ProductImage
        src={product.image}
        alt={product.name}
        size="small"
        priority
        className="rounded-shop"
      />
      <div>
        <p className="text-xs tracking-[0.12em] text-muted uppercase">{product.brand}</p>
        <h3 className="mt-1 text-xl">{product.name}</h3>
      </div>
      <Price pounds={product.price} className="text-xl" />
      <RatingStars rating={product.rating} numReviews={product.numReviews} />
      <p>{product.description}</p>
      <AddToBasket product={product} onAdded={onClose} />
      <Link
        to={`/product/${product._id}`}
        onClick={onClose}
        className="text-sm text-accent underline underline-offset-4"
      >
        See full details
      </Link>
    </div>
  );
}

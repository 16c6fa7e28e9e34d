import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../ui/ErrorBox';
import { RatingStars } from '../../ui/RatingStars';
import { Skeleton } from '../../ui/Skeleton';
import { useProduct } from '../../api/products';
import { ProductPurchase } from './components/ProductPurchase';
import { ProductImage } from './components/ProductImage';

export function QuickViewPanel({ productId, onClose }: { productId: string; onClose: () => void }) {
  const { data: product, isPending, error } = useProduct(productId);
  const [variantId, setVariantId] = useState<string>();
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
  // The chosen variant's own picture, else the product's first.
  const variantImage = product.variants.find((variant) => variant._id === variantId)?.image;
  const picture = product.images.find((each) => each.url === variantImage) ??
    product.images[0] ?? { url: product.image, alt: product.name };
  return (
    <div className="flex flex-col gap-4">
      <ProductImage
        src={picture.url}
        alt={picture.alt}
        size="small"
        priority
        className="rounded-shop"
      />
      <div>
        <p className="text-xs tracking-[0.12em] text-muted uppercase">{product.brand}</p>
        <h3 className="mt-1 text-xl">{product.name}</h3>
      </div>
      <RatingStars rating={product.rating} numReviews={product.numReviews} />
      <p>{product.description}</p>
      <ProductPurchase
        product={product}
        variantId={variantId}
        onVariantChange={setVariantId}
        onAdded={onClose}
        priceClassName="text-xl"
      />
      <Link
        to={`/product/${product._id}${variantId ? `?variant=${encodeURIComponent(variantId)}` : ''}`}
        onClick={onClose}
        className="text-sm text-accent underline underline-offset-4"
      >
        See full details
      </Link>
    </div>
  );
}

import { Link, useParams } from 'react-router';
import { usePanels } from '../../state/panel-store';
import { ErrorBox } from '../../ui/ErrorBox';
import { Price } from '../../ui/Price';
import { RatingStars } from '../../ui/RatingStars';
import { Skeleton } from '../../ui/Skeleton';
import { useProduct } from '../../api/products';
import { AddToBasket } from './components/AddToBasket';
import { DeliveryNote } from './components/DeliveryNote';
import { ProductImage } from './components/ProductImage';
import { ReviewList } from './components/ReviewList';
import { SimilarProducts } from './components/SimilarProducts';
import { StockStatus } from './components/StockStatus';

function ProductSkeleton() {
  return (
    <div className="grid gap-10 md:grid-cols-2" aria-busy="true">
      <span className="sr-only">Loading product…</span>
      <Skeleton className="aspect-square w-full" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-4 w-1/4" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-7 w-1/5" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}

export function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isPending, error } = useProduct(id);
  const openPanel = usePanels((state) => state.open);

  if (isPending) return <ProductSkeleton />;
  if (error) {
    return (
      <div className="mx-auto max-w-xl py-10">
        <title>Product not found | Larkspur</title>
        <ErrorBox error={error} />
        <Link to="/" className="mt-6 inline-block text-accent underline underline-offset-4">
          Back to the shop
        </Link>
      </div>
    );
  }

  return (
    <>
      <title>{`${product.name} | Larkspur`}</title>
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted">
        <Link to="/" className="hover:underline">
          Shop
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={`/search/${product.category}`} className="capitalize hover:underline">
          {product.category.replace('-', ' ')}
        </Link>
      </nav>
      <div className="grid gap-8 md:grid-cols-2 md:gap-14">
        <ProductImage
          src={product.image}
          alt={product.name}
          size="large"
          priority
          className="rounded-shop"
        />
        <div className="flex flex-col gap-5">
          <div>
            <p className="text-sm tracking-[0.12em] text-muted uppercase">{product.brand}</p>
            <h1 className="mt-1 text-2xl md:text-3xl">{product.name}</h1>
          </div>
          <Price pounds={product.price} className="text-2xl" />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <RatingStars rating={product.rating} numReviews={product.numReviews} />
            <button
              type="button"
              className="min-h-11 text-sm text-accent underline underline-offset-4"
              onClick={() => openPanel({ kind: 'review', productId: product._id })}
            >
              Write a review
            </button>
          </div>
          <p className="max-w-prose">{product.description}</p>
          <StockStatus countInStock={product.countInStock} />
          <AddToBasket key={product._id} product={product} />
          <DeliveryNote />
        </div>
      </div>

      <section aria-labelledby="reviews-heading" className="mt-20 max-w-3xl">
        <h2 id="reviews-heading" className="mb-6 text-xl">
          Reviews
        </h2>
        <ReviewList reviews={product.reviews} />
      </section>

      <SimilarProducts productId={product._id} />
    </>
  );
}

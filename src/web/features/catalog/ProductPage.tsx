import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorBox } from '../../ui/ErrorBox';
import { RatingStars } from '../../ui/RatingStars';
import { PageHead } from '../../ui/PageHead';
import { Skeleton } from '../../ui/Skeleton';
import { WishlistHeart } from '../../ui/WishlistHeart';
import { variantLabel } from '../../../shared/catalog/variants';
import { summaryOf } from '../../../shared/text';
import { shelfName } from '../../../shared/catalog/shelves';
import { useProduct } from '../../api/products';
import { DeliveryNote } from './components/DeliveryNote';
import { ProductGallery } from './components/ProductGallery';
import { ReviewList } from './components/ReviewList';
import { SimilarProducts } from './components/SimilarProducts';
import { RecentlyViewed } from './components/RecentlyViewed';
import { useRecentlyViewed } from '../../state/recently-viewed-store';
import { ProductPurchase } from './components/ProductPurchase';
import { Specifications } from './components/Specifications';
import { WriteReview } from './components/WriteReview';
import { GIFT_CARD_CATEGORY } from '../../../shared/gift-cards/gift-cards';
import { ProductStructuredData } from './components/ProductStructuredData';

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
  const [search, setSearch] = useSearchParams();
  const variantId = search.get('variant') ?? undefined;
  const view = useRecentlyViewed((state) => state.view);
  const shownId = product?._id;
  useEffect(() => {
    if (shownId !== undefined) view(shownId);
  }, [shownId, view]);
  const chooseVariant = (chosen: string | undefined) =>
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        if (chosen) next.set('variant', chosen);
        else next.delete('variant');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  if (isPending) return <ProductSkeleton />;
  if (error) {
    return (
      <div className="mx-auto max-w-xl py-10">
        <PageHead
          title={
            error instanceof ApiError && error.status === 404
              ? 'Product not found'
              : 'This product cannot be shown just now'
          }
          path={`/product/${id}`}
          noindex
        />
        <ErrorBox error={error} />
        <Link to="/" className="mt-6 inline-block text-accent underline underline-offset-4">
          Back to the shop
        </Link>
      </div>
    );
  }

  // The heart keeps the variant chosen, or the product itself until one is.
  const chosenVariant = product.variants.find((variant) => variant._id === variantId);
  const trail = [
    { name: 'Shop', path: '/' },
    { name: shelfName(product.category), path: `/category/${product.category}` },
    { name: product.name, path: `/product/${product._id}` },
  ];
  return (
    <>
      <PageHead
        title={product.name}
        description={summaryOf(product.description)}
        path={`/product/${product._id}`}
        image={product.image}
        type="product"
      />
      <ProductStructuredData product={product} trail={trail} />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted">
        <Link to="/" className="hover:underline">
          Shop
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={`/category/${product.category}`} className="hover:underline">
          {shelfName(product.category)}
        </Link>
      </nav>
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2 md:gap-14">
        <ProductGallery
          key={product._id}
          pictures={product.images}
          variantImage={product.variants.find((variant) => variant._id === variantId)?.image}
        />
        <div className="flex flex-col gap-5">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="text-sm tracking-[0.12em] text-muted uppercase">{product.brand}</p>
              <h1 className="mt-1 text-2xl md:text-3xl">{product.name}</h1>
            </div>
            <WishlistHeart
              product={product._id}
              variant={chosenVariant?._id ?? null}
              name={
                chosenVariant
                  ? `${product.name} (${variantLabel(product.options, chosenVariant.options)})`
                  : product.name
              }
              size="large"
              className="shrink-0 border border-line"
            />
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <RatingStars rating={product.rating} numReviews={product.numReviews} />
            <WriteReview productId={product._id} />
          </div>
          <ProductPurchase
            key={product._id}
            product={product}
            variantId={variantId}
            onVariantChange={chooseVariant}
            withSizeGuide
          />
          {product.category === GIFT_CARD_CATEGORY ? (
            <p className="text-sm text-muted">
              Sent by email to the recipient on the day you choose, with your message. No delivery
              to pay.
            </p>
          ) : (
            <DeliveryNote product={product} variantId={variantId} />
          )}
          <p className="max-w-prose">{product.description}</p>
          <Specifications rows={product.specifications} />
        </div>
      </div>

      <section aria-labelledby="reviews-heading" className="mt-20 max-w-3xl">
        <h2 id="reviews-heading" className="mb-6 text-xl">
          Reviews
        </h2>
        <ReviewList productId={product._id} reviews={product.reviews} />
      </section>

      <SimilarProducts productId={product._id} />
      <RecentlyViewed except={[product._id]} />
    </>
  );
}

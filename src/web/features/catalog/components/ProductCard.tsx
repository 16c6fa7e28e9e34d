import { Link } from 'react-router';
import type { Product } from '../../../../shared/catalog/catalog';
import { usePanels } from '../../../state/panel-store';
import { ShownPrice } from '../../../ui/Price';
import { RatingStars } from '../../../ui/RatingStars';
import { WishlistHeart } from '../../../ui/WishlistHeart';
import { ProductImage } from './ProductImage';
import { MakingNote } from '../../../ui/MakingNote';
import {
  madeToOrderAnyWay,
  preorderOpen,
  unitsOnSale,
} from '../../../../shared/catalog/made-for-you';
import { ukToday } from '../../../../shared/uk-time';

export function ProductCard({ product, priority }: { product: Product; priority?: boolean }) {
  const openPanel = usePanels((state) => state.open);
  const today = ukToday();
  const madeToOrder = madeToOrderAnyWay(product);
  const preorder = !madeToOrder && preorderOpen(product, today) ? product.preorder : null;
  const inStock = madeToOrder !== null || unitsOnSale(product, undefined, today) > 0;
  return (
    <li className="group relative flex flex-col">
      <div className="relative overflow-hidden rounded-shop">
        <ProductImage
          src={product.image}
          alt={product.name}
          size="small"
          priority={priority ?? false}
          className="transition-transform duration-300 group-hover:scale-[1.02]"
        />
        <WishlistHeart
          product={product._id}
          variant={null}
          name={product.name}
          className="absolute top-2 right-2 z-10"
        />
        {inStock ? (
          <button
            type="button"
            onClick={() => openPanel({ kind: 'quickView', productId: product._id })}
            className="absolute inset-x-3 bottom-3 z-10 min-h-11 rounded-shop bg-page/95 px-4 py-2 text-sm font-medium text-ink opacity-0 shadow-sm transition-opacity duration-150 group-hover:opacity-100 focus:opacity-100 max-md:opacity-100 max-md:relative max-md:inset-auto max-md:bottom-auto max-md:mt-2 max-md:w-full max-md:bg-transparent max-md:border max-md:border-line max-md:shadow-none"
            aria-label={`Quick view ${product.name}`}
          >
            Quick View
          </button>
        ) : (
          <span className="absolute top-3 left-3 rounded-shop bg-page/90 px-2.5 py-1 text-xs text-muted">
            Out Of Stock
          </span>
        )}
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        <p className="text-xs tracking-[0.12em] text-muted uppercase">{product.brand}</p>
        <h3 className="font-sans text-base font-normal">
          <Link
            to={`/product/${product._id}`}
            className="after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {product.name}
          </Link>
        </h3>
        <ShownPrice pounds={product.price} wasPounds={product.compareAtPrice} className="text-lg" />
        <MakingNote madeToOrder={madeToOrder} preorder={preorder} />
        {product.numReviews > 0 && (
          <RatingStars rating={product.rating} numReviews={product.numReviews} />
        )}
      </div>
    </li>
  );
}

import { Link } from 'react-router';
import type { WishlistItem } from '../../../shared/wishlist/wishlist';
import { useProduct } from '../../api/products';
import { useBasket } from '../../state/basket-store';
import { showToast } from '../../state/toast-store';
import { BackInStockForm } from '../../ui/BackInStockForm';
import { Button, buttonClass } from '../../ui/Button';
import { addedMessage } from '../../ui/messages';
import { Price } from '../../ui/Price';
import { stockLevel, stockWords } from '../../../shared/catalog/stock';

const LEVEL_COLOUR = { out: 'text-muted', low: 'text-warning', in: 'text-success' } as const;

const productPath = (item: WishlistItem) =>
  `/product/${item.product}${item.variant === null ? '' : `?variant=${item.variant}`}`;

/** `Silver Band Ring (Ring size: N)`: what the buttons of a row name. */
export const wishlistItemName = (item: WishlistItem) =>
  item.variantLabel === null ? item.name : `${item.name} (${item.variantLabel})`;

/** `Choose a ring size`, or `Choose a size and colour`. */
const chooseWords = (groups: readonly string[]) =>
  `Choose a ${groups.map((group) => group.toLowerCase()).join(' and ')}`;

/** `Ring size`, or `Size and colour`: the options a kept item still needs, as one name. */
const optionsName = (groups: readonly string[]) =>
  groups.map((group, index) => (index === 0 ? group : group.toLowerCase())).join(' and ');

/**
 * A product kept before an option was chosen, now sold out in every one: nothing to choose to
 * buy, so the back-in-stock alert of the option the shopper wants, as its product page offers.
 */
function SoldOutInEveryOption({ item }: { item: WishlistItem }) {
  const product = useProduct(item.product);
  const name = optionsName(item.optionsToChoose);
  if (!product.data) {
    return <p className="text-sm text-muted">Sold out in every {name.toLowerCase()} just now.</p>;
  }
  const { options, variants } = product.data;
  const choice = {
    name,
    options: variants.map((variant) => ({
      id: variant._id,
      label: options.map((group) => variant.options[group.name] ?? '').join(', '),
    })),
  };
  return (
    <BackInStockForm
      productId={item.product}
      variantId={undefined}
      what={item.name}
      choice={choice}
    />
  );
}

/** What can be done with a kept item: buy it, choose its size first, or hear when it is back. */
function ItemAction({ item }: { item: WishlistItem }) {
  const add = useBasket((state) => state.add);
  if (item.optionsToChoose.length > 0 && item.countInStock < 1) {
    return <SoldOutInEveryOption item={item} />;
  }
  if (item.optionsToChoose.length > 0) {
    return (
      <Link to={productPath(item)} className={buttonClass('secondary', 'self-start')}>
        {chooseWords(item.optionsToChoose)} <span className="sr-only">of {item.name}</span>
      </Link>
    );
  }
  if (item.countInStock < 1) {
    return (
      <BackInStockForm
        productId={item.product}
        variantId={item.variant ?? undefined}
        what={wishlistItemName(item)}
      />
    );
  }
  return (
    <Button
      className="self-start"
      onClick={() =>
        showToast(
          addedMessage(
            add({
              product: item.product,
              name: item.name,
              brand: item.brand,
              image: item.image,
              price: item.price,
              countInStock: item.countInStock,
              qty: 1,
              variant: item.variant,
              variantLabel: item.variantLabel,
            }),
          ),
        )
      }
    >
      Add To Basket
      <span className="sr-only">{`: ${wishlistItemName(item)}`}</span>
    </Button>
  );
}

/** One kept item: its picture, name, price and stock as the shop has them now, and what to do. */
export function WishlistItemRow({
  item,
  onRemove,
  removing = false,
}: {
  item: WishlistItem;
  onRemove: () => void;
  removing?: boolean;
}) {
  const name = wishlistItemName(item);
  return (
    <li className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-4 border-b border-line py-6 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-6">
      <img
        src={item.image}
        alt=""
        width={128}
        height={128}
        loading="lazy"
        decoding="async"
        className="aspect-square w-full rounded-shop bg-sand object-cover"
      />
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <p className="text-xs tracking-[0.12em] text-muted uppercase">{item.brand}</p>
            <h2 className="font-sans text-base font-normal">
              <Link to={productPath(item)} className="hover:underline">
                {item.name}
              </Link>
            </h2>
            {item.variantLabel !== null && (
              <p className="text-sm text-muted">{item.variantLabel}</p>
            )}
          </div>
          <p className="text-lg">
            {item.optionsToChoose.length > 0 && <span className="text-sm text-muted">From </span>}
            <Price pounds={item.price} />
          </p>
        </div>
        <p className={`text-sm ${LEVEL_COLOUR[stockLevel(item.countInStock)]}`}>
          {stockWords(item.countInStock)}
        </p>
        <ItemAction item={item} />
        <button
          type="button"
          className="min-h-11 self-start text-sm underline underline-offset-4 hover:text-accent"
          aria-label={`Remove ${name} from your wishlist`}
          aria-disabled={removing || undefined}
          onClick={() => {
            if (!removing) onRemove();
          }}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

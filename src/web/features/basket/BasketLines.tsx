import { MakingNote } from '../../ui/MakingNote';
import { useId } from 'react';
import { Link } from 'react-router';
import { basketItemFrom, lineKey, lineTotalPence } from '../../../shared/orders/basket';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { smallImageUrl } from '../../../shared/catalog/images';
import { formatPence, formatPounds } from '../../../shared/money';
import { variantLabel } from '../../../shared/catalog/variants';
import { useProduct } from '../../api/products';
import { useBasket } from '../../state/basket-store';
import { showToast } from '../../state/toast-store';
import { TOAST } from '../../ui/messages';
import { QuantitySelect } from '../../ui/QuantitySelect';
import { giftCardForWords } from '../../ui/gift-card-words';
import { PersonalisedText } from '../../ui/PersonalisedText';
import { personalisedLineName } from '../../../shared/catalog/personalisation';

/**
 * A line saved before its product came in options (sizes, lengths) names no variant: the shopper
 * chooses one here before it can be ordered.
 */
function ChooseVariant({ item }: { item: BasketItem }) {
  const id = useId();
  const { data: product } = useProduct(item.product);
  const chooseVariant = useBasket((state) => state.chooseVariant);
  if (!product || product.variants.length === 0) return null;
  const groups = product.options.map((group) => group.name.toLowerCase()).join(' and ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-error">
        {`Please choose a ${groups}`}
      </label>
      <select
        id={id}
        defaultValue=""
        onChange={(event) => {
          const variant = product.variants.find(
            (candidate) => candidate._id === event.target.value,
          );
          if (variant) chooseVariant(lineKey(item), basketItemFrom(product, item.qty, variant));
        }}
        className="min-h-11 rounded-shop border border-line bg-surface px-3 py-2 text-base"
      >
        <option value="" disabled>
          Choose…
        </option>
        {product.variants.map((variant) => (
          <option key={variant._id} value={variant._id} disabled={variant.countInStock < 1}>
            {`${variantLabel(product.options, variant.options)}, ${formatPounds(variant.price)}${variant.countInStock < 1 ? ' (sold out)' : ''}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Who a card is for, when it is sent, and the buyer's message. */
function GiftCardDetails({ card }: { card: NonNullable<BasketItem['giftCard']> }) {
  return (
    <>
      <p className="text-sm text-muted">{giftCardForWords(card)}</p>
      {card.message && (
        <p className="line-clamp-2 text-sm whitespace-pre-line text-muted">“{card.message}”</p>
      )}
    </>
  );
}

function BasketLine({ item, onNavigate }: { item: BasketItem; onNavigate?: () => void }) {
  const setQuantity = useBasket((state) => state.setQuantity);
  const remove = useBasket((state) => state.remove);
  const key = lineKey(item);
  // A personalised line's key holds its text, spaces and all: no good as an element's id.
  const quantityId = useId();
  const fullName = item.giftCard
    ? `${item.name} for ${item.giftCard.recipientName}`
    : personalisedLineName({
        ...item,
        personalisation: item.personalisation?.text,
        personalisationLabel: item.personalisation?.label,
      });
  const productLink = item.variant
    ? `/product/${item.product}?variant=${encodeURIComponent(item.variant)}`
    : `/product/${item.product}`;
  return (
    <li className="flex gap-4 py-4">
      <img
        src={smallImageUrl(item.image) ?? item.image}
        alt=""
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-shop bg-sand object-cover"
      />
      <div className="flex flex-1 flex-col gap-2">
        <div className="flex justify-between gap-3">
          <div className="min-w-0 wrap-anywhere">
            <p className="text-xs tracking-[0.12em] text-muted uppercase">{item.brand}</p>
            <Link to={productLink} onClick={onNavigate} className="hover:underline">
              {item.name}
            </Link>
            {item.giftCard ? (
              <GiftCardDetails card={item.giftCard} />
            ) : (
              item.variantLabel && <p className="text-sm text-muted">{item.variantLabel}</p>
            )}
            <MakingNote madeToOrder={item.madeToOrder} preorder={item.preorder} />
            {item.personalisation && (
              <PersonalisedText
                label={item.personalisation.label}
                text={item.personalisation.text}
              />
            )}
          </div>
          <div className="shrink-0 text-right tabular-nums">
            <p className="font-serif">
              <span className="sr-only">Line total </span>
              {formatPence(lineTotalPence(item))}
            </p>
            {!item.giftCard && (
              <p className="text-sm text-muted">{formatPounds(item.price)} each</p>
            )}
          </div>
        </div>
        {!item.variant && <ChooseVariant item={item} />}
        <div className="flex items-center justify-between gap-3">
          {/* A card is one card for one person: another is added from its page. */}
          {item.giftCard ? (
            <span />
          ) : (
            <QuantitySelect
              id={quantityId}
              label={`Quantity of ${fullName}`}
              hideLabel
              value={item.qty}
              countInStock={item.countInStock}
              onChange={(qty) => setQuantity(key, qty)}
            />
          )}
          <button
            type="button"
            className="min-h-11 px-2 text-sm text-muted underline underline-offset-4 hover:text-ink"
            aria-label={`Remove ${fullName}`}
            onClick={() => {
              remove(key);
              showToast(TOAST.removedFromBasket);
            }}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

export function BasketLines({
  items,
  onNavigate,
}: {
  items: readonly BasketItem[];
  onNavigate?: () => void;
}) {
  return (
    <ul className="divide-y divide-line" aria-label="Items in your basket">
      {items.map((item) => (
        <BasketLine key={lineKey(item)} item={item} {...(onNavigate ? { onNavigate } : {})} />
      ))}
    </ul>
  );
}

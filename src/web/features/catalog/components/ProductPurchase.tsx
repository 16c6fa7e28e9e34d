import { PayLaterMessage } from '../../../ui/PayLaterMessage';
import { useRef, useState } from 'react';
import type { Product } from '../../../../shared/catalog/catalog';
import { variantFor, variantLabel } from '../../../../shared/catalog/variants';
import type { OptionGroup, VariantOptions } from '../../../../shared/catalog/catalog';
import { usePanels } from '../../../state/panel-store';
import { Button } from '../../../ui/Button';
import { ShownPrice } from '../../../ui/Price';
import { GUIDED_OPTIONS } from '../SizeGuidePanel';
import { AddToBasket, type Personalised } from './AddToBasket';
import { Personalise, draftForBasket, draftProblem, emptyDraft } from './Personalise';
import { BackInStockForm } from '../../../ui/BackInStockForm';
import { StockStatus } from './StockStatus';
import { VariantPicker } from './VariantPicker';
import { makingOf, unitsOnSale } from '../../../../shared/catalog/made-for-you';
import { ukToday } from '../../../../shared/uk-time';
import { MakingNote } from '../../../ui/MakingNote';
import { GIFT_CARD_CATEGORY } from '../../../../shared/gift-cards/gift-cards';
import { GiftCardPurchase } from './gift-card/GiftCardPurchase';

/** A group with one value has nothing to choose: it starts chosen. */
function onlyValues(groups: readonly OptionGroup[]): VariantOptions {
  return Object.fromEntries(
    groups.flatMap((group) =>
      group.values.length === 1 ? [[group.name, group.values[0] ?? '']] : [],
    ),
  );
}

/**
 * The price of what is chosen (the product sold one way, or a variant), or, until a variant is,
 * the lowest of them ("From"); on sale, with its was price.
 */
function PriceOf({
  product,
  chosen,
  className,
}: {
  product: Product;
  chosen: Pick<Product, 'price' | 'compareAtPrice'> | undefined;
  className: string;
}) {
  if (chosen) {
    return (
      <ShownPrice pounds={chosen.price} wasPounds={chosen.compareAtPrice} className={className} />
    );
  }
  const prices = product.variants.map((variant) => variant.price);
  const lowest = Math.min(...prices);
  return (
    <ShownPrice
      pounds={lowest}
      wasPounds={product.compareAtPrice}
      from={prices.some((price) => price !== lowest)}
      className={className}
    />
  );
}

interface ProductPurchaseProps {
  product: Product;
  /** The variant the address names (`?variant=`), if any. */
  variantId: string | undefined;
  /** Told of each complete choice (or undefined while one is incomplete). */
  onVariantChange: (variantId: string | undefined) => void;
  onAdded?: () => void;
  priceClassName?: string;
  /** Offer the size guide (the product page does; the quick view links to the page). */
  withSizeGuide?: boolean;
}

/**
 * What a shopper needs to buy: for a gift card, its amount, recipient and day; for goods, see
 * `GoodsPurchase`.
 */
export function ProductPurchase(props: ProductPurchaseProps) {
  if (props.product.category === GIFT_CARD_CATEGORY) {
    const { product, variantId, onVariantChange, onAdded, priceClassName } = props;
    return (
      <GiftCardPurchase
        product={product}
        variantId={variantId}
        onVariantChange={onVariantChange}
        {...(onAdded ? { onAdded } : {})}
        {...(priceClassName ? { priceClassName } : {})}
      />
    );
  }
  return <GoodsPurchase {...props} />;
}

/**
 * What a shopper needs to buy goods: the price and stock of what is chosen, the choices themselves,
 * then Add To Basket, or, for something sold out, a form to hear when it is back.
 */
function GoodsPurchase({
  product,
  variantId,
  onVariantChange,
  onAdded,
  priceClassName = 'text-2xl',
  withSizeGuide = false,
}: ProductPurchaseProps) {
  const groups = product.options;
  const named = product.variants.find((variant) => variant._id === variantId);
  const [chosen, setChosen] = useState<VariantOptions>(() => named?.options ?? onlyValues(groups));
  const [missing, setMissing] = useState<string>();
  const picker = useRef<HTMLDivElement>(null);
  const offer = product.personalisation;
  const [draft, setDraft] = useState(() => (offer ? emptyDraft(offer) : undefined));
  const [personaliseError, setPersonaliseError] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);
  const openPanel = usePanels((state) => state.open);

  // Back and forward through the address move the choice with it.
  const [followed, setFollowed] = useState(variantId);
  if (variantId !== followed) {
    setFollowed(variantId);
    if (named) setChosen(named.options);
  }

  const hasOptions = groups.length > 0;
  const variant = hasOptions ? variantFor(groups, product.variants, chosen) : undefined;
  const today = ukToday();
  const stock = unitsOnSale(product, variant, today);
  const making = makingOf(product, variant && { madeToOrder: variant.madeToOrder ?? null }, today);
  const guided = groups
    .map((group) => group.name)
    .filter((name) => (GUIDED_OPTIONS as readonly string[]).includes(name));

  function choose(group: string, value: string) {
    const next = { ...chosen, [group]: value };
    setChosen(next);
    setMissing(undefined);
    onVariantChange(variantFor(groups, product.variants, next)?._id);
  }

  /** The text to add with, or the rule it breaks told beside the fields (focused to mend it). */
  function personalise(): Personalised {
    if (!offer || !draft) return { ok: true };
    const problem = draftProblem(offer, draft, product.name);
    if (problem) {
      setPersonaliseError(problem);
      fields.current?.querySelector('input')?.focus();
      return { ok: false };
    }
    const personalisation = draftForBasket(offer, draft);
    return personalisation ? { ok: true, personalisation } : { ok: true };
  }

  function askForMissing() {
    const group = groups.find((candidate) => chosen[candidate.name] === undefined);
    if (!group) return;
    setMissing(group.name);
    picker.current
      ?.querySelector<HTMLInputElement>(
        `fieldset:nth-of-type(${String(groups.indexOf(group) + 1)}) input:not(:disabled)`,
      )
      ?.focus();
  }

  return (
    <div className="flex flex-col gap-5">
      <PriceOf
        product={product}
        chosen={hasOptions ? variant : product}
        className={priceClassName}
      />
      <PayLaterMessage amount={variant?.price ?? product.price} placement="product" />
      {hasOptions && (
        <div ref={picker} className="flex flex-col gap-2">
          <VariantPicker
            groups={groups}
            variants={product.variants}
            chosen={chosen}
            onChoose={choose}
            missing={missing}
          />
          {withSizeGuide && guided.length > 0 && (
            <button
              type="button"
              className="min-h-11 self-start text-sm text-accent underline underline-offset-4"
              onClick={() => openPanel({ kind: 'sizeGuide', groups: guided })}
            >
              Size guide
            </button>
          )}
        </div>
      )}
      {offer && draft && (stock > 0 || (hasOptions && !variant)) && (
        <div ref={fields}>
          <Personalise
            offer={offer}
            name={product.name}
            facets={product.facets}
            itemPrice={(variant ?? product).price}
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              setPersonaliseError(undefined);
            }}
            error={personaliseError}
          />
        </div>
      )}
      {/* Sold out, the form below says so in its own heading. */}
      <div aria-live="polite">
        {making ? (
          <MakingNote madeToOrder={making.madeToOrder} preorder={making.preorder} />
        ) : (
          (stock > 0 || (hasOptions && !variant)) && <StockStatus countInStock={stock} />
        )}
      </div>
      {hasOptions && !variant ? (
        <div>
          <Button className="w-full sm:w-auto" onClick={askForMissing}>
            Add To Basket
          </Button>
        </div>
      ) : stock < 1 ? (
        <BackInStockForm
          key={variant?._id ?? product._id}
          productId={product._id}
          variantId={variant?._id}
          what={variant ? variantLabel(groups, variant.options) : product.name}
        />
      ) : (
        <AddToBasket
          key={variant?._id ?? product._id}
          product={product}
          variant={variant}
          personalise={offer ? personalise : undefined}
          onAdded={() => {
            // Each text is a line of its own: the fields are cleared for the next.
            if (offer) setDraft(emptyDraft(offer));
            onAdded?.();
          }}
        />
      )}
    </div>
  );
}

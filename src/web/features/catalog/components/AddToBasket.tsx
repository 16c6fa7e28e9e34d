import { useId, useState } from 'react';
import { basketItemFrom } from '../../../../shared/orders/basket';
import type { BasketPersonalisation } from '../../../../shared/orders/basket-item';
import type { Product } from '../../../../shared/catalog/catalog';
import type { Variant } from '../../../../shared/catalog/catalog';
import { useBasket } from '../../../state/basket-store';
import { showToast } from '../../../state/toast-store';
import { Button } from '../../../ui/Button';
import { addedMessage } from '../../../ui/messages';
import { QuantitySelect } from '../../../ui/QuantitySelect';
import { unitsOnSale } from '../../../../shared/catalog/made-for-you';
import { ukToday } from '../../../../shared/uk-time';

/** Whether a personalised item may go in the basket as it is, and with what text. */
export type Personalised = { ok: true; personalisation?: BasketPersonalisation } | { ok: false };

interface AddToBasketProps {
  product: Product;
  /** The variant chosen, for a product sold in options. */
  variant?: Variant | undefined;
  onAdded?: () => void;
  /** For a product offering personalisation: the text to add with, or a refusal told beside it. */
  personalise?: (() => Personalised) | undefined;
}

/**
 * A quantity from 1 to the stock (of the variant chosen) and the Add To Basket button; a
 * personalised item goes in as its own line, with its text's price.
 */
export function AddToBasket({ product, variant, onAdded, personalise }: AddToBasketProps) {
  const [qty, setQty] = useState(1);
  const add = useBasket((state) => state.add);
  const id = useId();
  // Made to order and pre-orders are not limited by stock.
  const countInStock = unitsOnSale(product, variant, ukToday());
  return (
    <div className="flex flex-wrap items-center gap-4">
      <QuantitySelect
        id={`${id}-qty`}
        label="Quantity"
        value={Math.min(qty, countInStock)}
        countInStock={countInStock}
        onChange={setQty}
      />
      <Button
        className="flex-1 sm:flex-none"
        onClick={() => {
          const personalised = personalise?.() ?? { ok: true };
          if (!personalised.ok) return;
          const item = basketItemFrom(product, qty, variant, personalised.personalisation);
          showToast(addedMessage(add(item)));
          onAdded?.();
        }}
      >
        Add To Basket
      </Button>
    </div>
  );
}

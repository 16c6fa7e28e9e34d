import { useBasket } from '../../../state/basket-store';
import { useHydrated } from '../../../state/hydrated';
import { RecentlyViewed } from './RecentlyViewed';
import { SimilarProducts } from './SimilarProducts';

/**
 * Below the basket: what goes with the product added last, and what the shopper looked at
 * lately, neither repeating what is already in the basket.
 */
export function BasketSuggestions() {
  const hydrated = useHydrated();
  const items = useBasket((state) => state.basketItems);
  const inBasket = items.map((item) => item.product);
  const latest = items.at(-1)?.product;
  return (
    <>
      {hydrated && latest !== undefined && <SimilarProducts productId={latest} except={inBasket} />}
      <RecentlyViewed except={inBasket} />
    </>
  );
}

import { itemCountOf } from '../../shared/basket';
import { useBasket } from '../state/basket-store';

export function useBasketCount(): number {
  return useBasket((state) => itemCountOf(state.basketItems));
}

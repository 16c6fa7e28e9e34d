import { itemCountOf } from '../../shared/orders/basket';
import { useBasket } from '../state/basket-store';

export function useBasketCount(): number {
  return useBasket((state) => itemCountOf(state.basketItems));
}

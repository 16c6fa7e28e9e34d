import { summariseBasket } from '../../shared/basket';
import { useBasket } from '../state/basket-store';

export function useBasketCount(): number {
  return useBasket((state) => summariseBasket(state.basketItems).itemCount);
}

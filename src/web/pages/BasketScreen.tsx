import { BasketPage } from '../features/basket/BasketPage';
import { BasketSuggestions } from '../features/catalog/components/BasketSuggestions';

/** The basket, and below it what goes with it and what the shopper looked at lately. */
export function BasketScreen() {
  return (
    <>
      <BasketPage />
      <BasketSuggestions />
    </>
  );
}

/** The words of the shop's toasts, as the spec gives them. */
export const TOAST = {
  addedToBasket: 'Item(s) added to basket',
  removedFromBasket: 'Item(s) removed from basket',
} as const;

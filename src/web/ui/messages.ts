/** The words of the shop's toasts, as the spec gives them. */
export const TOAST = {
  addedToBasket: 'Item(s) added to basket',
  removedFromBasket: 'Item(s) removed from basket',
  loginSuccessful: 'Login Successful',
  logoutSuccessful: 'Logout Successful',
  reviewSubmitted: 'Review submitted!',
  /** Not in the spec: said when the server stops accepting the stored token. */
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** Not in the spec: said as the new order's page opens. */
  orderPlaced: 'Thank you for your order',
  /** Not in the spec: said as a closed account's page goes. */
  accountClosed: 'Your account is closed',
  /** Not in the spec: said as a reminder's link brings a basket back. */
  basketRestored: 'Your basket is back',
  /** Not in the spec: said when a guest's tick for basket reminders could not be kept. */
  reminderNotKept: 'We could not set up your basket reminder; your order is not affected.',
} as const;

/**
 * Not in the spec: said in place of 'Item(s) added to basket' when the stock stopped Add To
 * Basket, so the shopper knows why the basket holds fewer than they asked for.
 */
function allInBasketMessage(inBasket: number): string {
  return inBasket === 1
    ? 'You have the last one we have in your basket'
    : `You have all ${String(inBasket)} we have in your basket`;
}

/** What Add To Basket says: added, or that the basket already holds all there is. */
export const addedMessage = ({
  inBasket,
  limitedByStock,
}: {
  inBasket: number;
  limitedByStock: boolean;
}): string => (limitedByStock ? allInBasketMessage(inBasket) : TOAST.addedToBasket);

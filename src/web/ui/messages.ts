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
} as const;

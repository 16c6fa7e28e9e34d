/**
 * Where the order page was opened from: the shopper's account, the admin's order list, or a
 * guest's link (`/order/:id?key=`).
 */
export type OrderPageContext = 'account' | 'admin' | 'guest';

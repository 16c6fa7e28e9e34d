import type { RefundBody } from '../../../shared/orders/after-sale';
import { putBackInStock } from '../../catalog/stock.service';
import type { Db } from '../../db/schema';
import { ShopError } from '../../http/errors';
import type { StoredOrder } from '../orders.repository';
import { itemLeftToRestock, recordRestocked } from '../order-writes.repository';

/** What of an order goes back into stock: a product (and variant) and how many. */
type RestockBody = RefundBody['restock'];

/**
 * The order's items a refund or an exchange puts back into stock (by product, variant and text),
 * each checked against what it holds.
 */
export function restockLines(order: StoredOrder, restock: RestockBody) {
  return restock.map((line) => {
    // Two lines of one item personalised with two texts are told apart by their text.
    const item = order.items.find(
      (candidate) =>
        candidate.productId === line.product &&
        candidate.variantId === (line.variant ?? null) &&
        candidate.personalisation?.text === line.personalisation,
    );
    if (item?.giftCard) {
      throw new ShopError(
        'RESTOCK_UNKNOWN_ITEM',
        'A gift card has no stock to go back into: to cancel one, void it on the gift cards page, which refunds what is left on it',
      );
    }
    if (!item || line.qty > item.qty) {
      throw new ShopError(
        'RESTOCK_UNKNOWN_ITEM',
        'Only items of this order, up to the quantity bought, can go back into stock',
      );
    }
    return { item, productId: line.product, variantId: item.variantId, qty: line.qty };
  });
}

/** Puts the lines back into stock, never more of an item than the order has left to. */
export async function restock(trx: Db, orderId: string, lines: ReturnType<typeof restockLines>) {
  for (const { item, ...line } of lines) {
    if (!(await recordRestocked(trx, orderId, item.id, line.qty))) {
      const left = await itemLeftToRestock(trx, orderId, item.id);
      const name = `${item.name}${item.variantLabel ? ` (${item.variantLabel})` : ''}`;
      throw new ShopError(
        'RESTOCK_TOO_MANY',
        `Only ${left} of ${name} can still go back into stock from this order`,
      );
    }
    await putBackInStock(trx, line.productId, line.variantId, line.qty);
  }
}

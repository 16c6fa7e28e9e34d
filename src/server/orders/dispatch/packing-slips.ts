import type { Slips } from '../../../shared/orders/order-desk';
import type { UserAccount } from '../../accounts/user-account';
import type { OrdersContext } from '../orders-context';
import { orderNotFound } from '../order-queries';
import { presentOrders } from '../order-view';
import { findOrders, type StoredOrder } from '../orders.repository';

/**
 * Every product and variant across the orders, with its SKU and how many in all, by name, and the
 * orders it is for (how many each, and whether that order goes gift wrapped); an item personalised
 * is a line for each text, to be made as it says.
 */
function pickList(orders: StoredOrder[]): Slips['pickList'] {
  const lines = new Map<string, Slips['pickList'][number]>();
  for (const order of orders) {
    for (const item of order.items) {
      const text = item.personalisation?.text;
      const key = `${item.productId ?? item.name}/${item.variantId ?? ''}${text === undefined ? '' : `#${text}`}`;
      const forOrder = {
        _id: order.id,
        orderNumber: order.orderNumber,
        qty: item.qty,
        wrap: order.giftWrapPence > 0,
      };
      const line = lines.get(key);
      if (line) {
        line.qty += item.qty;
        line.orders.push(forOrder);
      } else {
        lines.set(key, {
          product: item.productId,
          variant: item.variantId,
          name: item.name,
          variantLabel: item.variantLabel,
          sku: item.sku,
          qty: item.qty,
          ...(item.personalisation
            ? {
                personalisation: item.personalisation.text,
                personalisationLabel: item.personalisation.label,
              }
            : {}),
          orders: [forOrder],
        });
      }
    }
  }
  return [...lines.values()].sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en-GB') ||
      (a.variantLabel ?? '').localeCompare(b.variantLabel ?? '', 'en-GB', { numeric: true }) ||
      (a.personalisation ?? '').localeCompare(b.personalisation ?? '', 'en-GB'),
  );
}

/**
 * What staff print to pack a morning's orders: the pick list, then each order as its packing slip
 * shows it. An order that is not there makes the whole print 404, so no parcel goes out short.
 */
export async function packingSlips(
  { database }: OrdersContext,
  _staff: UserAccount,
  ids: string[],
): Promise<Slips> {
  const found = await findOrders(database.db, ids);
  const orders = ids.map((id) => found.find((order) => order.id === id));
  if (orders.some((order) => order === undefined)) throw orderNotFound();
  const stored = orders.filter((order) => order !== undefined);
  // The slips and the pick list are of what goes in the parcel: gift cards go by email.
  const packed = stored.map((order) => ({
    ...order,
    items: order.items.filter((item) => !item.giftCard),
  }));
  return { pickList: pickList(packed), orders: await presentOrders(database.db, packed) };
}

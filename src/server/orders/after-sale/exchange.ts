import { RETURN_OUTCOME_WORDS } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import type { ExchangeBody } from '../../../shared/orders/after-sale';
import type { UserAccount } from '../../accounts/user-account';
import { recordChange } from '../../audit/audit-log';
import { takeFromStock } from '../../catalog/stock.service';
import { newId } from '../../sql/ids';
import { nowIso } from '../../sql/timestamps';
import { ShopError } from '../../http/errors';
import { announceBackInStock } from '../../stock-alerts/stock-alerts.service';
import { REFUSALS } from '../order-moves';
import { freeOrderNumber } from '../checkout/order-numbers';
import { lineName, linesInStock, type PricedLine } from '../checkout/order-pricing';
import { loadOrder } from '../order-queries';
import { noteInHistory, queueOrderMails } from '../order-records';
import { presentOne, presentOrder } from '../order-view';
import { actorName, type OrdersContext } from '../orders-context';
import { findOrder, type NewOrder, type StoredOrder } from '../orders.repository';
import { insertOrder, moveOrder } from '../order-writes.repository';
import { restock, restockLines } from './restock';
import { replacementMail } from './return-mails';

/** What a replacement order's payment columns hold: there was no payment, and nothing to pay. */
export const EXCHANGE_PAYMENT_METHOD = 'Exchange';

/**
 * The replacement as a new order of the same buyer to the same address, at no charge: what is sent
 * in exchange for what came back. Anyone who could open the first order (its account, its link's
 * key) opens this one too; one kept for a closed account is kept the same way.
 */
function replacementOf(
  original: StoredOrder,
  orderNumber: string,
  lines: PricedLine[],
): NewOrder & { id: string; items: (NewOrder['items'][number] & { id: string })[] } {
  const id = newId();
  const now = nowIso();
  return {
    id,
    orderNumber,
    userId: original.userId,
    userName: original.userName,
    userEmail: original.userEmail,
    guestKeyHash: original.guestKeyHash,
    recipientKeyHash: original.recipientKeyHash,
    closedAccountAt: original.closedAccountAt,
    giftMessage: original.giftMessage,
    giftWrapPence: 0,
    shippingAddress: original.shippingAddress,
    paymentMethod: EXCHANGE_PAYMENT_METHOD,
    itemsPence: 0,
    shippingPence: 0,
    taxPence: 0,
    voucherName: null,
    voucherCode: null,
    voucherDiscountPence: 0,
    totalPence: 0,
    notes: '',
    // Unique, as every order's are, and never a provider's id.
    paymentId: `exchange-${id}`,
    captureId: `exchange-${id}`,
    paymentStatus: 'NONE',
    payerEmail: '',
    paymentUpdateTime: now,
    paidAt: null,
    createdAt: now,
    exchangeFor: original.id,
    items: lines.map(({ product, variant, label, qty, personalisation }) => ({
      id: newId(),
      // A replacement made again with its text (a faulty engraving put right) is sent at no charge.
      personalisation: personalisation ? { ...personalisation, pricePence: 0 } : null,
      productId: product.id,
      variantId: variant?.id ?? null,
      variantLabel: label,
      sku: variant?.sku ?? null,
      name: product.name,
      brand: product.brand,
      image: product.image,
      pricePence: 0,
      qty,
    })),
  };
}

const soldOut = (line: PricedLine) =>
  new ShopError('INSUFFICIENT_STOCK', `Sorry, ${lineName(line)} has just sold out`);

/**
 * Staff exchange what came back of an order with its return open: the replacement is a new order
 * of total 0 to the same address, linked both ways, taking its stock; what of the first order is
 * named goes back into stock; the return is closed as exchanged; the customer is mailed the
 * replacement. All in one transaction, the return's closing first, so two exchanges of one return
 * cannot both be made. Answers the replacement.
 */
export async function exchangeOrder(
  context: OrdersContext,
  staff: UserAccount,
  id: string,
  body: ExchangeBody,
): Promise<Order> {
  const { db } = context.database;
  const original = await loadOrder(context, id);
  if (original.status !== 'return_requested') throw REFUSALS.closeReturn();
  const lines = await linesInStock(db, body.items, new Date());
  const putBack = restockLines(original, body.restock);
  const replacement = replacementOf(original, await freeOrderNumber(db), lines);
  const by = actorName(staff);
  const note = `Replaced by order ${replacement.orderNumber}`;
  await db.transaction().execute(async (trx) => {
    const closedAt = replacement.createdAt;
    const returnClosed = { outcome: 'exchanged' as const, note, closedAt };
    if (!(await moveOrder(trx, original.id, 'closeReturn', { returnClosed }))) {
      throw REFUSALS.closeReturn();
    }
    await insertOrder(trx, replacement);
    for (const line of lines) {
      if (!(await takeFromStock(trx, line.product.id, line.variant?.id ?? null, line.qty))) {
        throw soldOut(line);
      }
    }
    await restock(trx, original.id, putBack);
    await noteInHistory(trx, original.id, {
      type: 'exchanged',
      by,
      detail: `${RETURN_OUTCOME_WORDS.exchanged}: ${note}`,
    });
    await noteInHistory(trx, replacement.id, {
      type: 'placed',
      by,
      detail: `Replacement for order ${original.orderNumber}`,
      at: replacement.createdAt,
    });
    await recordChange(trx, staff, {
      action: 'order.exchanged',
      target: { type: 'order', id: original.id, label: original.orderNumber },
      before: { status: 'return_requested' },
      after: {
        status: 'delivered',
        replacement: replacement.orderNumber,
        items: lines.map((line) => ({
          name: lineName(line),
          sku: line.variant?.sku ?? null,
          qty: line.qty,
        })),
        restocked: putBack.map(({ item, qty }) => ({ name: item.name, sku: item.sku, qty })),
      },
    });
    const stored = await findOrder(trx, replacement.id);
    const first = await findOrder(trx, original.id);
    if (!stored || !first)
      throw new Error(`order ${original.id} is not there within its own exchange`);
    await queueOrderMails(context, trx, {
      orderId: replacement.id,
      mails: (made) => [replacementMail(first.userEmail, presentOrder(first, []), made, context)],
      asMade: { stored, order: presentOrder(stored, []) },
    });
  });
  context.mailer.deliverDue();
  await announceBackInStock(
    context.alerts,
    putBack.map((line) => line.productId),
  );
  return presentOne(context, await loadOrder(context, replacement.id), staff);
}

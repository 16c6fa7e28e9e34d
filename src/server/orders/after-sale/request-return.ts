import {
  PERSONALISED_RETURN_KINDS,
  RETURN_WINDOW_DAYS,
  type ReturnKind,
} from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import type { ReturnBody } from '../../../shared/orders/after-sale';
import type { UserAccount } from '../../accounts/user-account';
import { actorName, type OrdersContext } from '../orders-context';
import { returnReceivedMail, returnRequestedMail } from '../order-mails';
import { moveOrderOn } from '../order-moves';
import { presentOne } from '../order-view';
import { ownOrder } from '../order-queries';
import type { StoredOrder } from '../orders.repository';
import { ShopError } from '../../http/errors';
import { onlyGiftCards } from '../../../shared/gift-cards/gift-cards';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An order with a personalised item may be sent back only when something is wrong with it: made
 * for its buyer, it is outside the right to cancel (Consumer Contracts Regulations 2013,
 * regulation 28(1)(b)), but must still be as described and not faulty (Consumer Rights Act 2015).
 */
function refuseForPersonalised(order: StoredOrder, kind: ReturnKind): void {
  const personalised = order.items.filter((item) => item.personalisation !== null);
  if (personalised.length === 0 || PERSONALISED_RETURN_KINDS.includes(kind)) return;
  const others = order.items.some((item) => item.personalisation === null && !item.giftCard);
  throw new ShopError(
    'ORDER_NOT_RETURNABLE',
    `Personalised items are made for you, so they can be returned only if faulty or not as described.${others ? ' To send back the other items of this order, please contact us.' : ''}`,
  );
}

/**
 * Within 14 days of delivery, the customer asks to send the order back, saying why (a change of
 * mind unless they say otherwise); the shop is told. An order of gift cards alone has nothing to
 * send back, and one with a personalised item goes back only when faulty or not as described.
 */
export async function requestReturn(
  context: OrdersContext,
  user: UserAccount,
  id: string,
  { reason, kind }: ReturnBody,
): Promise<Order> {
  const order = await ownOrder(context, user, id);
  if (onlyGiftCards(order.items)) {
    throw new ShopError(
      'ORDER_NOT_RETURNABLE',
      'Gift cards are not sent back: to cancel one, please contact us, and we will refund what is left on it',
    );
  }
  refuseForPersonalised(order, kind);
  const now = new Date();
  const returned = await moveOrderOn(context, {
    orderId: id,
    step: 'requestReturn',
    event: { type: 'return_requested', by: actorName(user), detail: reason },
    changes: {
      ownerId: user.id,
      noReturnYet: true,
      returnRequest: { reason, kind, createdAt: now.toISOString() },
      deliveredSince: new Date(now.getTime() - RETURN_WINDOW_DAYS * DAY_MS).toISOString(),
    },
    mails: (moved, stored) => [
      returnRequestedMail(moved, stored.userEmail, context),
      returnReceivedMail(stored.userEmail, moved, context),
    ],
  });
  return presentOne(context, returned, user);
}

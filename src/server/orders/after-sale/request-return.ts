import { RETURN_WINDOW_DAYS } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import type { ReturnBody } from '../../../shared/orders/after-sale';
import type { UserAccount } from '../../accounts/user-account';
import { actorName, type OrdersContext } from '../orders-context';
import { returnReceivedMail, returnRequestedMail } from '../order-mails';
import { moveOrderOn } from '../order-moves';
import { presentOne } from '../order-view';
import { ownOrder } from '../order-queries';
import { ShopError } from '../../http/errors';
import { onlyGiftCards } from '../../../shared/gift-cards/gift-cards';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Within 14 days of delivery, the customer asks to send the order back; the shop is told. An
 * order of gift cards alone has nothing to send back.
 */
export async function requestReturn(
  context: OrdersContext,
  user: UserAccount,
  id: string,
  { reason }: ReturnBody,
): Promise<Order> {
  if (onlyGiftCards((await ownOrder(context, user, id)).items)) {
    throw new ShopError(
      'ORDER_NOT_RETURNABLE',
      'Gift cards are not sent back: to cancel one, please contact us, and we will refund what is left on it',
    );
  }
  const now = new Date();
  const returned = await moveOrderOn(context, {
    orderId: id,
    step: 'requestReturn',
    event: { type: 'return_requested', by: actorName(user), detail: reason },
    changes: {
      ownerId: user.id,
      noReturnYet: true,
      returnRequest: { reason, createdAt: now.toISOString() },
      deliveredSince: new Date(now.getTime() - RETURN_WINDOW_DAYS * DAY_MS).toISOString(),
    },
    mails: (moved, stored) => [
      returnRequestedMail(moved, stored.userEmail, context),
      returnReceivedMail(stored.userEmail, moved, context),
    ],
  });
  return presentOne(context, returned, user);
}

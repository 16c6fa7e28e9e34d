import { holdForAsking, refundsLeftPending } from '../../payments/refunds.service';
import type { OrdersContext } from '../orders-context';
import { sendAnyRefund } from './send-refund';

/**
 * Refunds a crash left between recording them and the provider's answer are asked for again with
 * their own key (the provider takes each once) and recorded as a live one is, the customer's mail
 * included. Every instance runs this on start and every minute; each refund is first held by one
 * of them alone (the others pass it by), and whichever settles it records what follows, once.
 */
export async function resumeLeftRefunds(context: OrdersContext): Promise<void> {
  const { db } = context.database;
  for (const refund of await refundsLeftPending(db)) {
    const held = await holdForAsking(db, refund);
    if (held) await sendAnyRefund(context, held, 'the shop');
  }
}

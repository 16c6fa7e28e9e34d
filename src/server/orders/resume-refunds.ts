import { refundsLeftPending } from '../payments/refunds.service';
import type { OrdersContext } from './orders-context';
import { sendAnyRefund } from './send-refund';

/**
 * Refunds a crash left between recording them and the provider's answer are asked for again with
 * their own key (the provider takes each once) and recorded as a live one is, the customer's mail
 * included. Every instance runs this on start and every minute; whichever settles a refund first
 * records what follows from it, once.
 */
export async function resumeLeftRefunds(context: OrdersContext): Promise<void> {
  for (const refund of await refundsLeftPending(context.database.db)) {
    await sendAnyRefund(context, refund, 'the shop');
  }
}

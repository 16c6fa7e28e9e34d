import { formatPence } from '../../shared/money';
import type { UserAccount } from '../accounts/user-account';
import { ShopError } from '../http/errors';
import { failedRefund } from '../payments/refunds.service';
import { actorName, type OrdersContext } from './orders-context';
import { sendAnyRefund } from './send-refund';

/** An admin asks again for a refund the provider refused before. */
export async function retryFailedRefund(
  context: OrdersContext,
  admin: UserAccount,
  id: string,
): Promise<{ message: string }> {
  const refund = await failedRefund(context.database.db, id);
  const sent = await sendAnyRefund(context, refund, actorName(admin));
  if (sent.status !== 'succeeded') {
    throw new ShopError(
      'REFUND_FAILED',
      `The payment provider still did not take this refund: ${sent.error ?? 'no reason given'}`,
    );
  }
  return { message: `${formatPence(refund.amountPence)} has been refunded` };
}

import { describe, expect, it } from 'vitest';
import { returnBodySchema, returnCloseBodySchema } from '../../../shared/orders/after-sale';
import { dispatchBodySchema } from '../../../shared/orders/parcels';
import { deliverOrder } from '../dispatch/deliver';
import { dispatchOrder } from '../dispatch/dispatch';
import { refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { closeReturn } from './close-return';
import { requestReturn } from './request-return';

describe('closing a return refuses', () => {
  const kit = useOrdersOnADatabase();
  const refunded = returnCloseBodySchema.parse({ outcome: 'refunded' });

  it('an order with no return open, and a return closed as refunded with nothing refunded', async () => {
    const { order } = await kit.paidOrder();
    const close = () => closeReturn(kit.context, kit.admin, order._id, refunded);
    expect(await refusalOf(close())).toBe('RETURN_NOT_OPEN');
    await dispatchOrder(kit.context, kit.admin, order._id, dispatchBodySchema.parse({}));
    await deliverOrder(kit.context, kit.admin, order._id);
    await requestReturn(
      kit.context,
      kit.customer,
      order._id,
      returnBodySchema.parse({ reason: 'Too small' }),
    );
    expect(await refusalOf(close())).toBe('RETURN_NOT_REFUNDED');
  });
});

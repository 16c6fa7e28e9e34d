import { describe, expect, it } from 'vitest';
import { returnBodySchema } from '../../../shared/orders/after-sale';
import { dispatchBodySchema } from '../../../shared/orders/parcels';
import { deliverOrder } from '../dispatch/deliver';
import { dispatchOrder } from '../dispatch/dispatch';
import { refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { requestReturn } from './request-return';

describe('asking to return an order refuses', () => {
  const kit = useOrdersOnADatabase();
  const reason = returnBodySchema.parse({ reason: 'Too small' });

  it("an order not delivered yet, and another customer's", async () => {
    const { order } = await kit.paidOrder();
    expect(await refusalOf(requestReturn(kit.context, kit.customer, order._id, reason))).toBe(
      'ORDER_NOT_RETURNABLE',
    );
    await dispatchOrder(kit.context, kit.admin, order._id, dispatchBodySchema.parse({}));
    await deliverOrder(kit.context, kit.admin, order._id);
    expect(await refusalOf(requestReturn(kit.context, kit.other, order._id, reason))).toBe(
      'ORDER_NOT_FOUND',
    );
  });
});

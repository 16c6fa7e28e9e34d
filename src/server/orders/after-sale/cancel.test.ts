import { describe, expect, it } from 'vitest';
import { dispatchBodySchema } from '../../../shared/orders/parcels';
import { dispatchOrder } from '../dispatch/dispatch';
import { refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { cancelOrder } from './cancel';

describe('cancelling an order refuses', () => {
  const kit = useOrdersOnADatabase();

  it("another customer's order, and one dispatched already", async () => {
    const { order } = await kit.paidOrder();
    expect(await refusalOf(cancelOrder(kit.context, kit.other, order._id))).toBe('ORDER_NOT_FOUND');
    await dispatchOrder(kit.context, kit.admin, order._id, dispatchBodySchema.parse({}));
    expect(await refusalOf(cancelOrder(kit.context, kit.customer, order._id))).toBe(
      'ORDER_NOT_CANCELLABLE',
    );
  });
});

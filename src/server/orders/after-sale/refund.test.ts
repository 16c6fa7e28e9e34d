import { describe, expect, it } from 'vitest';
import { refundBodySchema } from '../../../shared/orders/after-sale';
import { newId } from '../../sql/ids';
import { refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { cancelOrder } from './cancel';
import { refundOrder } from './refund';

describe('a refund refuses', () => {
  const kit = useOrdersOnADatabase();

  it('more than is left, an item the order does not hold, more of it than is left, a closed order', async () => {
    const { order, product } = await kit.paidOrder(2);
    const refund = (body: unknown) =>
      refusalOf(refundOrder(kit.context, kit.admin, order._id, refundBodySchema.parse(body)));
    expect(await refund({ amount: 100, reason: 'Too much', restock: [] })).toBe('REFUND_TOO_LARGE');
    expect(await refund({ amount: 1, reason: 'x', restock: [{ product: newId(), qty: 1 }] })).toBe(
      'RESTOCK_UNKNOWN_ITEM',
    );
    await refundOrder(
      kit.context,
      kit.admin,
      order._id,
      refundBodySchema.parse({
        amount: 1,
        reason: 'One back',
        restock: [{ product: product.id, qty: 2 }],
      }),
    );
    expect(
      await refund({ amount: 1, reason: 'x', restock: [{ product: product.id, qty: 1 }] }),
    ).toBe('RESTOCK_TOO_MANY');
    await cancelOrder(kit.context, kit.customer, order._id);
    expect(await refund({ amount: 1, reason: 'After cancelling', restock: [] })).toBe(
      'ORDER_NOT_REFUNDABLE',
    );
  });
});

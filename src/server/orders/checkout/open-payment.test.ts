import { describe, expect, it } from 'vitest';
import { addProduct } from '../../../../tests/support/catalogue-fixtures';
import { ADDRESS } from '../../../../tests/support/order-fixtures';
import { paymentBodySchema } from '../../../shared/orders/checkout';
import { ADDRESS_OF_CALLER, refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { buyerOf } from './buyer';
import { openPayment } from './open-payment';

describe('opening a payment refuses', () => {
  const kit = useOrdersOnADatabase();

  it('a total the shopper was not shown', async () => {
    const product = await addProduct(kit.database, { pricePence: 1500, countInStock: 2 });
    const body = paymentBodySchema.parse({
      orderItems: [{ product: product.id, qty: 1 }],
      shippingAddress: ADDRESS,
      expectedTotal: 15,
    });
    expect(
      await refusalOf(
        openPayment(kit.context, buyerOf(kit.customer, undefined), body, ADDRESS_OF_CALLER),
      ),
    ).toBe('PRICE_CHANGED');
  });
});

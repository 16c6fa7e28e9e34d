import { describe, expect, it } from 'vitest';
import { ADDRESS_OF_CALLER, refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { buyerOf } from './buyer';
import { placeOrder } from './place-order';

describe('placing an order refuses', () => {
  const kit = useOrdersOnADatabase();

  it("another customer's payment, and a payment the shop does not know", async () => {
    const { orderBody: body } = await kit.paidOrder();
    expect(
      await refusalOf(
        placeOrder(kit.context, buyerOf(kit.other, undefined), body, ADDRESS_OF_CALLER),
      ),
    ).toBe('PAYMENT_USED_BY_ANOTHER');
    const unknown = { ...body, paymentResult: { id: 'TESTNOSUCHPAYMENT' } };
    expect(
      await refusalOf(
        placeOrder(kit.context, buyerOf(kit.customer, undefined), unknown, ADDRESS_OF_CALLER),
      ),
    ).toBe('PAYMENT_NOT_FOUND');
  });
});

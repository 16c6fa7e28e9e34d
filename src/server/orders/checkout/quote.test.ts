import { describe, expect, it } from 'vitest';
import { addProduct } from '../../../../tests/support/catalogue-fixtures';
import { quoteBodySchema } from '../../../shared/orders/checkout';
import { newId } from '../../sql/ids';
import { ADDRESS_OF_CALLER, refusalOf, useOrdersOnADatabase } from '../use-case-test-kit';
import { quoteBasket } from './quote';

describe('a quote refuses', () => {
  const kit = useOrdersOnADatabase();

  it('a product that is not sold, more than is in stock, a voucher that does not exist', async () => {
    const product = await addProduct(kit.database, { countInStock: 2 });
    const quote = (body: unknown) =>
      refusalOf(quoteBasket(kit.context, quoteBodySchema.parse(body), ADDRESS_OF_CALLER));
    expect(await quote({ orderItems: [{ product: newId(), qty: 1 }] })).toBe('PRODUCT_UNAVAILABLE');
    expect(await quote({ orderItems: [{ product: product.id, qty: 3 }] })).toBe(
      'INSUFFICIENT_STOCK',
    );
    expect(await quote({ orderItems: [{ product: product.id, qty: 1 }], voucher: 'NOPE' })).toBe(
      'VOUCHER_NOT_FOUND',
    );
  });
});

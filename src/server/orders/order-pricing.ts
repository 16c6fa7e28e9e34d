import type { Kysely } from 'kysely';
import type { PaymentBody } from '../../shared/orders';
import { priceOrder, type OrderPrice } from '../../shared/pricing';
import { findProducts, type ProductRecord } from '../catalog/catalog.repository';
import type { Database } from '../db/schema';
import { ShopError } from '../http/errors';
import type { VoucherRow } from '../vouchers/vouchers.repository';
import { usableVoucher } from '../vouchers/vouchers.service';

export interface PricedLine {
  product: ProductRecord;
  qty: number;
}

export interface PricedBasket {
  lines: PricedLine[];
  voucher: VoucherRow | undefined;
  price: OrderPrice;
}

function outOfStock({ product, qty }: PricedLine): ShopError {
  const message =
    product.countInStock === 0
      ? `Sorry, ${product.name} is out of stock`
      : `Sorry, only ${product.countInStock} of ${product.name} ${product.countInStock === 1 ? 'is' : 'are'} left in stock (you asked for ${qty})`;
  return new ShopError('CONFLICT', message);
}

/**
 * Prices a basket from the database alone: each product's price and stock now, the voucher if it
 * can still be used, and the shop's one pricing rule. Nothing the browser says about money counts.
 */
export async function priceBasket(
  db: Kysely<Database>,
  { orderItems, voucher: code }: Pick<PaymentBody, 'orderItems' | 'voucher'>,
): Promise<PricedBasket> {
  const products = new Map(
    (
      await findProducts(
        db,
        orderItems.map((line) => line.product),
      )
    ).map((product) => [product.id, product]),
  );
  const lines = orderItems.map(({ product: id, qty }) => {
    const product = products.get(id);
    if (product?.status !== 'live') {
      throw new ShopError('NOT_FOUND', 'One of the products in your basket is no longer sold');
    }
    return { product, qty };
  });
  const short = lines.find((line) => line.qty > line.product.countInStock);
  if (short) throw outOfStock(short);
  const voucher = code === undefined ? undefined : await usableVoucher(db, code);
  const price = priceOrder(
    lines.map((line) => ({ pricePence: line.product.pricePence, qty: line.qty })),
    voucher?.discount_pence ?? 0,
  );
  if (price.totalPence <= 0) {
    throw new ShopError('BAD_REQUEST', 'An order must come to more than £0.00');
  }
  return { lines, voucher, price };
}

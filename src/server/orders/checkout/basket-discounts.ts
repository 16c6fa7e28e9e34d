import type { OrderDiscount } from '../../../shared/orders/checkout';
import { penceToPounds } from '../../../shared/money';
import {
  minSpendShortfall,
  minSpendWords,
  savingTotal,
  type DiscountLine,
} from '../../../shared/orders/discounts';
import { departmentOf } from '../../catalog/departments';
import type { Db } from '../../db/schema';
import { ShopError } from '../../http/errors';
import { livePromotions } from '../../promotions/live-promotions';
import type { StoredVoucher } from '../../vouchers/voucher';
import { voucherCoversBasket, type AppliedDiscount, type DiscountOffer } from './choose-discounts';
import type { ProductRecord } from '../../catalog/stock.service';
import { isGiftCardProduct } from './gift-card-lines';

// A priced basket's discounts: its lines as offers see them, the voucher and the live promotions
// it reaches, and what they took off each line, as answers carry them.

/** A basket line as discounts see it: on its category's shelf and its department's. */
/** What a line is, to the offers: the product it sells, at what price, how many. */
interface BasketLine {
  product: Pick<ProductRecord, 'id' | 'category' | 'specifications'>;
  pricePence: number;
  qty: number;
}

export function discountLineOf(line: BasketLine): DiscountLine {
  const department = departmentOf(line.product.category, line.product.specifications);
  return {
    productId: line.product.id,
    shelves: department ? [line.product.category, department] : [line.product.category],
    valuePence: line.pricePence * line.qty,
    // No offer applies to a gift card: it is money, not goods.
    discountable: !isGiftCardProduct(line.product),
  };
}

const offerOfVoucher = (voucher: StoredVoucher): DiscountOffer => ({
  source: 'voucher',
  name: voucher.name,
  code: voucher.code,
  terms: voucher,
});

/**
 * The voucher's offer, when it reaches this basket: a voucher for shelves or products none of its
 * lines is on, or whose lines fall short of its minimum spend, is refused in words that say why.
 */
export function voucherOffer(
  voucher: StoredVoucher,
  lines: readonly DiscountLine[],
): DiscountOffer {
  const offer = offerOfVoucher(voucher);
  if (!voucherCoversBasket(offer, lines)) {
    throw new ShopError(
      'VOUCHER_NOT_APPLICABLE',
      'That voucher is for items that are not in your basket',
    );
  }
  const shortfall = minSpendShortfall(voucher, lines);
  if (shortfall > 0) {
    throw new ShopError('VOUCHER_MIN_SPEND', minSpendWords(voucher, shortfall, 'This voucher'));
  }
  return offer;
}

/** The live promotions this basket reaches, each on its minimum spend. */
export async function promotionOffers(
  db: Db,
  lines: readonly DiscountLine[],
  at: Date,
): Promise<DiscountOffer[]> {
  return (await livePromotions(db, at))
    .filter((promotion) => minSpendShortfall(promotion, lines) === 0)
    .map((promotion) => ({
      source: 'promotion',
      name: promotion.name,
      code: null,
      terms: promotion,
    }));
}

/** What the discounts took off each line, added up. */
export function linesWithDiscounts<Line extends BasketLine>(
  lines: Line[],
  discounts: AppliedDiscount[],
): (Line & { discountPence: number })[] {
  return lines.map((line, index) => ({
    ...line,
    discountPence: discounts.reduce(
      (sum, discount) => sum + (discount.saving.linePence[index] ?? 0),
      0,
    ),
  }));
}

export const savedFrom = (discounts: AppliedDiscount[], source: AppliedDiscount['source']) =>
  discounts
    .filter((discount) => discount.source === source)
    .reduce((sum, discount) => sum + savingTotal(discount.saving), 0);

/** A discount as answers carry it: where it came from, its name and code, what it took off. */
export const presentDiscount = (discount: AppliedDiscount): OrderDiscount => ({
  source: discount.source,
  name: discount.name,
  code: discount.code,
  amount: penceToPounds(savingTotal(discount.saving)),
});

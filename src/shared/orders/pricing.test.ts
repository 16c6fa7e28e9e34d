import { describe, expect, it } from 'vitest';
import { priceOrder, shortfallForFreeDelivery, vatIncluded } from './pricing';

describe('pricing an order', () => {
  it('charges the delivery chosen, and none for an empty basket', () => {
    expect(priceOrder([{ pricePence: 5999, qty: 1 }], { deliveryPence: 995 })).toMatchObject({
      shippingPence: 995,
      totalPence: 6994,
    });
    expect(priceOrder([{ pricePence: 6000, qty: 1 }], { deliveryPence: 0 }).shippingPence).toBe(0);
    expect(priceOrder([], { deliveryPence: 395 }).shippingPence).toBe(0);
  });

  it('adds items and shipping and takes off the voucher', () => {
    expect(
      priceOrder([{ pricePence: 1999, qty: 2 }], { deliveryPence: 499, voucherPence: 500 }),
    ).toEqual({
      itemsPence: 3998,
      shippingPence: 499,
      giftWrapPence: 0,
      // The VAT inside £39.97: 3997 / 6 = 666.17p.
      taxPence: 666,
      voucherDiscountPence: 500,
      promotionDiscountPence: 0,
      totalPence: 3997,
    });
  });

  it('takes a promotion off after the voucher, from what is left', () => {
    expect(
      priceOrder([{ pricePence: 1000, qty: 1 }], {
        deliveryPence: 395,
        voucherPence: 1000,
        promotionPence: 600,
      }),
    ).toMatchObject({ voucherDiscountPence: 1000, promotionDiscountPence: 395, totalPence: 0 });
  });

  it('never lets discounts take the total below zero', () => {
    // A voucher takes no more than its lines (discounts.ts); whatever it is given, the total stops at £0.00.
    const price = priceOrder([{ pricePence: 800, qty: 1 }], {
      deliveryPence: 499,
      voucherPence: 5000,
    });
    expect(price.voucherDiscountPence).toBe(1299);
    expect(price.totalPence).toBe(0);
    expect(price.taxPence).toBe(0);
  });

  it('ignores a negative voucher', () => {
    expect(
      priceOrder([{ pricePence: 800, qty: 1 }], { deliveryPence: 499, voucherPence: -500 })
        .voucherDiscountPence,
    ).toBe(0);
  });

  it('adds gift wrap within the VAT', () => {
    const price = priceOrder([{ pricePence: 5800, qty: 1 }], {
      deliveryPence: 499,
      giftWrapPence: 350,
    });
    expect(price.shippingPence).toBe(499);
    expect(price.giftWrapPence).toBe(350);
    expect(price.totalPence).toBe(5800 + 499 + 350);
    expect(price.taxPence).toBe(vatIncluded(6649));
  });

  it('never lets a discount take off the gift wrap', () => {
    const price = priceOrder([{ pricePence: 800, qty: 1 }], {
      deliveryPence: 499,
      voucherPence: 5000,
      giftWrapPence: 350,
    });
    expect(price.voucherDiscountPence).toBe(800 + 499);
    expect(price.totalPence).toBe(350);
  });

  it('charges nothing for an empty order', () => {
    expect(priceOrder([], { deliveryPence: 499 }).totalPence).toBe(0);
  });
});

describe('VAT', () => {
  it('is the sixth of a VAT-inclusive amount, to the nearest penny with halves rounded up', () => {
    expect(vatIncluded(600)).toBe(100);
    expect(vatIncluded(4100)).toBe(683);
    expect(vatIncluded(3)).toBe(1);
    expect(vatIncluded(2)).toBe(0);
    expect(vatIncluded(1)).toBe(0);
    expect(vatIncluded(9)).toBe(2);
    expect(vatIncluded(15)).toBe(3);
    expect(vatIncluded(0)).toBe(0);
  });

  it('is taken from what the shopper pays: delivery in, voucher out', () => {
    // £41 of items and £4.99 delivery: £45.99, of which £7.665 is VAT, rounded up to £7.67.
    expect(priceOrder([{ pricePence: 4100, qty: 1 }], { deliveryPence: 499 }).taxPence).toBe(767);
    expect(
      priceOrder([{ pricePence: 4100, qty: 1 }], { deliveryPence: 499, voucherPence: 599 })
        .taxPence,
    ).toBe(vatIncluded(4000));
  });

  it('is within half a penny of a sixth of the total, for every total up to £1,000', () => {
    let worst = 0;
    for (let total = 0; total <= 100_000; total += 1) {
      worst = Math.max(worst, Math.abs(vatIncluded(total) * 6 - total));
    }
    expect(worst).toBeLessThanOrEqual(3);
  });
});

describe('free delivery shortfall', () => {
  it('is what takes the items to the threshold, reached at exactly its value', () => {
    expect(shortfallForFreeDelivery(5000, 6000)).toBe(1000);
    expect(shortfallForFreeDelivery(5999, 6000)).toBe(1);
    expect(shortfallForFreeDelivery(6000, 6000)).toBe(0);
    expect(shortfallForFreeDelivery(7000, 6000)).toBe(0);
  });

  it('is nothing for a service that is never free', () => {
    expect(shortfallForFreeDelivery(5000, null)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { priceOrder, shortfallForFreeShipping, vatIncluded } from './pricing';

describe('pricing an order', () => {
  it('charges £4.99 shipping up to £59.99 and nothing above', () => {
    expect(priceOrder([{ pricePence: 5999, qty: 1 }]).shippingPence).toBe(499);
    expect(priceOrder([{ pricePence: 6000, qty: 1 }]).shippingPence).toBe(0);
    expect(priceOrder([{ pricePence: 2000, qty: 3 }]).shippingPence).toBe(0);
  });

  it('adds items and shipping and takes off the voucher', () => {
    expect(priceOrder([{ pricePence: 1999, qty: 2 }], 500)).toEqual({
      itemsPence: 3998,
      shippingPence: 499,
      taxPence: 800,
      voucherDiscountPence: 500,
      totalPence: 3997,
    });
  });

  it('never lets a voucher take the items below zero', () => {
    const price = priceOrder([{ pricePence: 800, qty: 1 }], 5000);
    expect(price.voucherDiscountPence).toBe(800);
    expect(price.totalPence).toBe(499);
  });

  it('ignores a negative voucher', () => {
    expect(priceOrder([{ pricePence: 800, qty: 1 }], -500).voucherDiscountPence).toBe(0);
  });

  it('charges nothing for an empty order', () => {
    expect(priceOrder([]).totalPence).toBe(0);
  });
});

describe('VAT', () => {
  it('is 20% of the items, to the nearest penny with halves up, and is not added', () => {
    expect(vatIncluded(1000)).toBe(200);
    expect(vatIncluded(1)).toBe(0);
    expect(vatIncluded(3)).toBe(1);
    expect(vatIncluded(1999)).toBe(400);
    expect(vatIncluded(2)).toBe(0);
    expect(vatIncluded(5)).toBe(1);
    const price = priceOrder([{ pricePence: 1000, qty: 1 }]);
    expect(price.totalPence).toBe(1499);
  });
});

describe('free delivery shortfall', () => {
  it('is what takes the items above £59.99', () => {
    expect(shortfallForFreeShipping(5000)).toBe(1000);
    expect(shortfallForFreeShipping(6000)).toBe(0);
  });
});

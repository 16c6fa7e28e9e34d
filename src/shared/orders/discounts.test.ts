import { describe, expect, it } from 'vitest';
import { offerSaving, spreadPence, type DiscountLine, type OfferTerms } from './discounts';

const line = (productId: string, valuePence: number, shelves = ['rings']): DiscountLine => ({
  productId,
  shelves,
  valuePence,
  discountable: true,
});

const offer = (terms: Partial<OfferTerms>): OfferTerms => ({
  kind: 'amount',
  discountPence: 0,
  percent: null,
  capPence: null,
  services: [],
  appliesTo: { categories: [], products: [] },
  minSpendPence: null,
  ...terms,
});

const noDelivery = { service: 'tracked-48', pricePence: 395 };

describe('sharing a discount over lines', () => {
  it('adds up to the amount exactly, spare pence to the largest remainders', () => {
    expect(spreadPence(100, [333, 333, 333])).toEqual([34, 33, 33]);
    expect(spreadPence(500, [1000, 3000])).toEqual([125, 375]);
    expect(spreadPence(7, [1, 1, 5])).toEqual([1, 1, 5]);
    expect(spreadPence(10, [2, 3, 0, 5])).toEqual([2, 3, 0, 5]);
    expect(spreadPence(1, [999, 1])).toEqual([1, 0]);
  });

  it('gives nothing when there is nothing to share or nothing to share it over', () => {
    expect(spreadPence(0, [100, 200])).toEqual([0, 0]);
    expect(spreadPence(50, [0, 0])).toEqual([0, 0]);
  });
});

describe('what an offer takes off', () => {
  it('takes a percentage of its own lines, halves of a penny up, up to its cap', () => {
    const lines = [line('a', 333), line('b', 333), line('c', 333)];
    expect(offerSaving(offer({ kind: 'percent', percent: 10 }), lines, noDelivery)).toEqual({
      linePence: [34, 33, 33],
      deliveryPence: 0,
    });
    expect(
      offerSaving(offer({ kind: 'percent', percent: 50, capPence: 100 }), lines, noDelivery),
    ).toEqual({ linePence: [34, 33, 33], deliveryPence: 0 });
  });

  it('takes nothing from lines off its shelves, and no more than its lines come to', () => {
    const lines = [line('hat', 2000, ['hats', 'knitwear']), line('ring', 3000)];
    const knitwear = { categories: ['knitwear'], products: [] };
    expect(
      offerSaving(offer({ discountPence: 5000, appliesTo: knitwear }), lines, noDelivery),
    ).toEqual({ linePence: [2000, 0], deliveryPence: 0 });
    const ringOnly = { categories: [], products: ['ring'] };
    expect(
      offerSaving(offer({ kind: 'percent', percent: 10, appliesTo: ringOnly }), lines, noDelivery),
    ).toEqual({ linePence: [0, 300], deliveryPence: 0 });
  });

  it('takes the delivery only for a service it names', () => {
    const lines = [line('ring', 3000)];
    const tracked24 = offer({ kind: 'delivery', services: ['tracked-24'] });
    expect(offerSaving(tracked24, lines, noDelivery).deliveryPence).toBe(0);
    expect(offerSaving(tracked24, lines, { service: 'tracked-24', pricePence: 495 })).toEqual({
      linePence: [0],
      deliveryPence: 495,
    });
  });
});

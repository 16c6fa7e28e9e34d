import { describe, expect, it } from 'vitest';
import {
  addToBasket,
  basketItemFrom,
  changeQuantity,
  holdsOnlyGiftCards,
  chooseVariantOfLine,
  lineKey,
  quantityChoices,
  removeFromBasket,
  summariseBasket,
} from './basket';
import type { BasketItem } from './basket-item';
import { priceOrder } from './pricing';

const pendant: BasketItem = {
  product: 'p1',
  name: 'Moon Pendant',
  brand: 'Wren',
  image: '/uploads/moon.webp',
  price: 45,
  countInStock: 5,
  qty: 1,
};
const chain: BasketItem = {
  ...pendant,
  product: 'c1',
  name: 'Curb Chain',
  price: 19.99,
  countInStock: 2,
};

/** The basket after adding `added` to `items`. */
const add = (items: readonly BasketItem[], added: BasketItem) => addToBasket(items, added).items;

describe('adding to the basket', () => {
  it('adds a new product as a new line', () => {
    expect(addToBasket([], { ...pendant, qty: 2 })).toEqual({
      items: [{ ...pendant, qty: 2 }],
      inBasket: 2,
      limitedByStock: false,
    });
  });

  it('adds to the quantity when the product is already there: two and one make three', () => {
    const basket = add([], { ...pendant, qty: 2 });
    expect(addToBasket(basket, pendant)).toEqual({
      items: [{ ...pendant, qty: 3 }],
      inBasket: 3,
      limitedByStock: false,
    });
    expect(add(add([], pendant), pendant)[0]?.qty).toBe(2);
  });

  it('never holds more than the stock, and says when the stock stopped it', () => {
    expect(addToBasket([], { ...chain, qty: 9 })).toEqual({
      items: [{ ...chain, qty: 2 }],
      inBasket: 2,
      limitedByStock: true,
    });
    const basket = add([], { ...pendant, countInStock: 3, qty: 2 });
    expect(addToBasket(basket, { ...pendant, countInStock: 3, qty: 2 })).toMatchObject({
      inBasket: 3,
      limitedByStock: true,
    });
    const full = add([], { ...pendant, countInStock: 3, qty: 3 });
    expect(addToBasket(full, { ...pendant, countInStock: 3, qty: 1 })).toEqual({
      items: full,
      inBasket: 3,
      limitedByStock: true,
    });
  });

  it('does not call it limited when the stock is exactly reached', () => {
    const basket = add([], { ...pendant, countInStock: 3, qty: 2 });
    expect(addToBasket(basket, { ...pendant, countInStock: 3, qty: 1 })).toMatchObject({
      inBasket: 3,
      limitedByStock: false,
    });
  });

  it('takes the latest price and stock that the product page showed', () => {
    const basket = add([], { ...pendant, qty: 3 });
    const updated = addToBasket(basket, { ...pendant, price: 40, countInStock: 4, qty: 2 });
    expect(updated).toEqual({
      items: [{ ...pendant, price: 40, countInStock: 4, qty: 4 }],
      inBasket: 4,
      limitedByStock: true,
    });
  });

  it('ignores a product out of stock and a quantity below one', () => {
    expect(addToBasket([], { ...pendant, countInStock: 0 })).toEqual({
      items: [],
      inBasket: 0,
      limitedByStock: true,
    });
    for (const qty of [0, -3, Number.NaN]) {
      expect(addToBasket([], { ...pendant, qty })).toEqual({
        items: [],
        inBasket: 0,
        limitedByStock: false,
      });
    }
    const basket = add([], { ...pendant, qty: 2 });
    expect(addToBasket(basket, { ...pendant, qty: 0 })).toMatchObject({
      items: basket,
      inBasket: 2,
    });
  });

  it('rounds a fractional quantity down', () => {
    expect(add([], { ...pendant, qty: 2.7 })[0]?.qty).toBe(2);
    expect(add(add([], pendant), { ...pendant, qty: 1.9 })[0]?.qty).toBe(2);
  });

  it('keeps other lines as they were', () => {
    const basket = add(add([], pendant), chain);
    expect(add(basket, { ...pendant, qty: 3 }).map((item) => item.qty)).toEqual([4, 1]);
  });
});

describe('changing and removing lines', () => {
  const basket = [
    { ...pendant, qty: 2 },
    { ...chain, qty: 1 },
  ];

  it('changes a quantity within 1 and the stock', () => {
    expect(changeQuantity(basket, 'p1', 4)[0]?.qty).toBe(4);
    expect(changeQuantity(basket, 'p1', 40)[0]?.qty).toBe(5);
    expect(changeQuantity(basket, 'p1', 0)[0]?.qty).toBe(1);
    expect(changeQuantity(basket, 'c1', 2)[1]?.qty).toBe(2);
  });

  it('removes a line and leaves the rest', () => {
    expect(removeFromBasket(basket, 'p1')).toEqual([{ ...chain, qty: 1 }]);
    expect(removeFromBasket(basket, 'missing')).toEqual(basket);
  });
});

describe('the basket summary', () => {
  const tracked48 = { price: 3.95, freeOver: 60 };

  it('counts items and adds prices in pence, without float drift', () => {
    const summary = summariseBasket(
      [
        { ...chain, qty: 2 },
        { ...pendant, price: 0.1, qty: 3 },
      ],
      tracked48,
    );
    expect(summary.itemCount).toBe(5);
    expect(summary.itemsPence).toBe(4028);
  });

  it('tells how much more makes the chosen service free, from its own threshold', () => {
    const at = (price: number) => summariseBasket([{ ...pendant, price }], tracked48);
    expect(at(45).freeDeliveryShortfallPence).toBe(1500);
    expect(at(59.99).freeDeliveryShortfallPence).toBe(1);
    // The shop prices it free from the threshold on.
    expect(summariseBasket([{ ...pendant, price: 60 }], { price: 0, freeOver: 60 })).toMatchObject({
      shippingPence: 0,
      freeDeliveryShortfallPence: 0,
    });
    expect(
      summariseBasket([{ ...pendant, price: 45 }], { price: 4.95, freeOver: null })
        .freeDeliveryShortfallPence,
    ).toBe(0);
  });

  it('adds the chosen delivery as the checkout does', () => {
    const under = summariseBasket([{ ...pendant, price: 45 }], tracked48);
    expect(under).toMatchObject({ itemsPence: 4500, shippingPence: 395, totalPence: 4895 });
    const { shippingPence, totalPence, taxPence } = priceOrder([{ pricePence: 4500, qty: 1 }], {
      deliveryPence: 395,
    });
    expect(under).toMatchObject({ shippingPence, totalPence, taxPence });
    expect(
      summariseBasket([{ ...pendant, price: 120 }], { price: 9.95, freeOver: null }),
    ).toMatchObject({
      shippingPence: 995,
      totalPence: 12995,
    });
    expect(summariseBasket([], tracked48)).toMatchObject({ shippingPence: 0, totalPence: 0 });
  });
});

describe('quantity choices', () => {
  it('runs from 1 to the stock', () => {
    expect(quantityChoices(3)).toEqual([1, 2, 3]);
    expect(quantityChoices(0)).toEqual([]);
    expect(quantityChoices(-1)).toEqual([]);
  });
});

describe('a product sold in sizes', () => {
  const small = { ...pendant, variant: 'v-s', variantLabel: 'Size: S' };
  const medium = {
    ...pendant,
    variant: 'v-m',
    variantLabel: 'Size: M',
    price: 47,
    countInStock: 2,
  };

  it('keeps one line per size, each changed and removed on its own', () => {
    const basket = add(add([], small), { ...medium, qty: 2 });
    expect(basket.map(lineKey)).toEqual(['p1/v-s', 'p1/v-m']);
    const changed = changeQuantity(basket, 'p1/v-m', 9);
    expect(changed.map((item) => item.qty)).toEqual([1, 2]);
    expect(removeFromBasket(changed, 'p1/v-s')).toEqual([{ ...medium, qty: 2 }]);
    expect(summariseBasket(basket, { price: 3.95, freeOver: 60 }).itemsPence).toBe(4500 + 2 * 4700);
  });

  it('puts a chosen size in place of a line saved before the sizes, keeping its quantity', () => {
    const old = { ...pendant, qty: 2 };
    expect(chooseVariantOfLine([old, chain], lineKey(old), medium)).toEqual([
      chain,
      { ...medium, qty: 2 },
    ]);
  });

  it('adds the old line to a line of the size chosen, up to its stock', () => {
    const old = { ...pendant, qty: 1 };
    const sized = { ...medium, qty: 1 };
    expect(chooseVariantOfLine([sized, old], lineKey(old), medium)).toEqual([
      { ...medium, qty: 2 },
    ]);
    expect(chooseVariantOfLine([{ ...medium, qty: 2 }, old], lineKey(old), medium)).toEqual([
      { ...medium, qty: 2 },
    ]);
  });
});

describe('gift cards in the basket', () => {
  const card = (id: string, recipientName: string): BasketItem => ({
    product: 'gc1',
    name: 'Gift card',
    brand: 'Larkspur',
    image: '/uploads/gift-card.webp',
    price: 25,
    countInStock: 0,
    qty: 1,
    variant: 'gc-25',
    variantLabel: 'Amount: £25',
    giftCard: {
      id,
      recipientName,
      recipientEmail: `${recipientName.toLowerCase()}@example.com`,
      message: '',
      sendOn: '2026-12-24',
    },
  });

  it('adds each card as a line of its own, one card, whatever the stock says', () => {
    const forAnn = card('a', 'Ann');
    const forBea = card('b', 'Bea');
    const basket = add(add([pendant], forAnn), { ...forBea, qty: 3 });
    expect(basket).toEqual([pendant, forAnn, { ...forBea, qty: 1 }]);
    expect(new Set(basket.map(lineKey)).size).toBe(3);
  });

  it('keeps a card at one and removes it alone', () => {
    const forAnn = card('a', 'Ann');
    const basket = [forAnn, card('b', 'Bea')];
    expect(changeQuantity(basket, lineKey(forAnn), 4)[0]?.qty).toBe(1);
    expect(removeFromBasket(basket, lineKey(forAnn))).toEqual([card('b', 'Bea')]);
  });

  it('counts only the goods towards free delivery', () => {
    const summary = summariseBasket([{ ...pendant, price: 45 }, card('a', 'Ann')], {
      price: 3.95,
      freeOver: 60,
    });
    expect(summary.itemsPence).toBe(7000);
    expect(summary.freeDeliveryShortfallPence).toBe(1500);
  });

  it('counts no VAT on the cards, which is due when they are spent', () => {
    const goods = summariseBasket([pendant], { price: 3.95, freeOver: 60 });
    const withCard = summariseBasket([pendant, card('a', 'Ann')], { price: 3.95, freeOver: 60 });
    expect(withCard.totalPence).toBe(goods.totalPence + 2500);
    expect(withCard.taxPence).toBe(goods.taxPence);
    expect(summariseBasket([card('a', 'Ann')], { price: 0, freeOver: null }).taxPence).toBe(0);
  });

  it('needs no delivery when it holds gift cards alone', () => {
    expect(holdsOnlyGiftCards([card('a', 'Ann')])).toBe(true);
    expect(holdsOnlyGiftCards([card('a', 'Ann'), pendant])).toBe(false);
    expect(holdsOnlyGiftCards([])).toBe(false);
  });
});

describe('personalised lines', () => {
  const disc = {
    _id: 'd1',
    name: 'Disc',
    brand: 'Wren',
    image: '/d.webp',
    options: [],
    madeToOrder: null,
    preorder: null,
  };
  const engraved = (text: string, qty = 1, countInStock = 3) =>
    basketItemFrom({ ...disc, price: 30, countInStock }, qty, undefined, {
      label: 'Engraving',
      text,
      price: 8.45,
    });

  it('prices a line at the item’s price and its text’s together', () => {
    expect(engraved('A & J')).toMatchObject({
      price: 38.45,
      personalisation: { label: 'Engraving', text: 'A & J', price: 8.45 },
    });
  });

  it('keeps each text as its own line, and adds to the line of the same text', () => {
    const basket = add(add(add([], engraved('A & J')), engraved('M & T')), engraved('A & J'));
    expect(basket.map((line) => [line.personalisation?.text, line.qty])).toEqual([
      ['A & J', 2],
      ['M & T', 1],
    ]);
    expect(lineKey(basket[0] ?? pendant)).not.toBe(lineKey(basket[1] ?? pendant));
  });

  it('holds no more of an item across its texts than there are in stock', () => {
    const two = add([], engraved('A & J', 2));
    expect(addToBasket(two, engraved('M & T', 5))).toEqual({
      items: [...two, engraved('M & T', 1)],
      inBasket: 1,
      limitedByStock: true,
    });
    const full = add(two, engraved('M & T', 1));
    expect(addToBasket(full, engraved('B', 1)).limitedByStock).toBe(true);
    expect(changeQuantity(full, lineKey(engraved('A & J')), 3)[0]?.qty).toBe(2);
  });

  it('keeps the same item without a text apart from those with one', () => {
    const plain = basketItemFrom({ ...disc, price: 30, countInStock: 3 }, 1);
    const basket = add(add([], plain), engraved('A & J'));
    expect(basket).toHaveLength(2);
    expect(basket[0]?.price).toBe(30);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopError } from '../../../src/server/http/errors';
import {
  refundToGiftCards,
  spendGiftCards,
} from '../../../src/server/gift-cards/gift-cards.service';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { cardFor, issueCards } from '../../support/gift-card-fixtures';
import { addStoredOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('spending, refunding and voiding gift cards on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Olive Owner' });
  });
  afterAll(() => shop.close());

  /** An order being placed, paid (in part) with gift cards. */
  const newOrder = () =>
    addStoredOrder(shop.database.db, admin, {
      paidAt: new Date().toISOString(),
      totalPence: 10_000,
    });

  /** Spends in a transaction of its own, as the checkout will with the order's. */
  const spend = (orderId: string, codes: string[], amountPence: number, now = new Date()) =>
    shop.database.db
      .transaction()
      .execute((trx) => spendGiftCards(trx, { orderId, codes, amountPence, by: 'Ann Buyer', now }));

  const balanceOf = async (id: string) =>
    (
      await shop.database.db
        .selectFrom('gift_cards')
        .select('balance_pence')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).balance_pence;

  const entriesOf = async (id: string) =>
    (
      await shop.database.db
        .selectFrom('gift_card_entries')
        .select(['type', 'amount_pence', 'order_id', 'by_name'])
        .where('gift_card_id', '=', id)
        .orderBy('at')
        .orderBy('position')
        .execute()
    ).map((row) => [row.type, row.amount_pence, row.order_id, row.by_name]);

  it('takes from the cards in the order given, exactly the amount asked', async () => {
    const { order: bought, cards } = await issueCards(shop.database, [
      cardFor({ amountPence: 1000 }),
      cardFor({ amountPence: 2500 }),
      cardFor({ amountPence: 5000 }),
    ]);
    const [ten, twentyFive, fifty] = cards.map((card) => card.id) as [string, string, string];
    const order = await newOrder();
    const codes = [cards[1]?.code, cards[0]?.code, cards[2]?.code].map(String);
    expect(await spend(order.id, codes, 3000)).toEqual([
      { giftCardId: twentyFive, last4: cards[1]?.last4, amountPence: 2500 },
      { giftCardId: ten, last4: cards[0]?.last4, amountPence: 500 },
    ]);
    expect([await balanceOf(ten), await balanceOf(twentyFive), await balanceOf(fifty)]).toEqual([
      500, 0, 5000,
    ]);
    expect(await entriesOf(twentyFive)).toEqual([
      ['issued', 2500, bought.id, 'Ann Buyer'],
      ['spent', -2500, order.id, 'Ann Buyer'],
    ]);
    expect(await entriesOf(fifty)).toEqual([['issued', 5000, bought.id, 'Ann Buyer']]);

    // Asked for more than they hold now (they held it when the payment was opened), they give
    // nothing, and the order is refused.
    const second = await newOrder();
    await expect(spend(second.id, codes, 5501)).rejects.toMatchObject({
      code: 'GIFT_CARD_SPENT',
    });
    expect([await balanceOf(ten), await balanceOf(twentyFive), await balanceOf(fifty)]).toEqual([
      500, 0, 5000,
    ]);
    expect(await spend(second.id, codes, 5500)).toEqual([
      { giftCardId: ten, last4: cards[0]?.last4, amountPence: 500 },
      { giftCardId: fifty, last4: cards[2]?.last4, amountPence: 5000 },
    ]);
    expect([await balanceOf(ten), await balanceOf(twentyFive), await balanceOf(fifty)]).toEqual([
      0, 0, 0,
    ]);
  });

  it('lets one of two orders at once spend more than half a card: the other is 409 GIFT_CARD_SPENT', async () => {
    const { cards } = await issueCards(shop.database, [cardFor({ amountPence: 1000 })]);
    const card = cards[0];
    if (!card) throw new Error('no card');
    const [first, second] = [await newOrder(), await newOrder()];
    const outcomes = await Promise.allSettled([
      spend(first.id, [card.code], 600),
      spend(second.id, [card.code], 700),
    ]);
    const spent = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
    );
    expect(spent).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(ShopError);
    expect(refused[0]).toMatchObject({
      code: 'GIFT_CARD_SPENT',
      message:
        'That gift card has less left on it than it had a moment ago: please check its balance and pay again',
    });
    const took = outcomes[0].status === 'fulfilled' ? 600 : 700;
    expect(await balanceOf(card.id)).toBe(1000 - took);
    expect((await entriesOf(card.id)).filter(([type]) => type === 'spent')).toEqual([
      ['spent', -took, outcomes[0].status === 'fulfilled' ? first.id : second.id, 'Ann Buyer'],
    ]);
  });

  it('never takes a card below 0, however many orders spend it at once', async () => {
    const { cards } = await issueCards(shop.database, [cardFor({ amountPence: 1000 })]);
    const card = cards[0];
    if (!card) throw new Error('no card');
    const orders = await Promise.all(Array.from({ length: 8 }, () => newOrder()));
    const outcomes = await Promise.allSettled(
      orders.map((order) => spend(order.id, [card.code], 300)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(
      outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [(outcome.reason as ShopError).code] : [],
      ),
    ).toEqual(Array.from({ length: 5 }, () => 'GIFT_CARD_SPENT'));
    expect(await balanceOf(card.id)).toBe(100);
  });

  it('refuses an expired or unknown card, undoing what the order took before', async () => {
    const { cards } = await issueCards(shop.database, [cardFor({ amountPence: 1000 })]);
    const card = cards[0];
    if (!card) throw new Error('no card');
    const order = await newOrder();
    await expect(spend(order.id, [card.code, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ'], 2000)).rejects.toMatchObject({
      code: 'GIFT_CARD_NOT_FOUND',
    });
    const after = new Date(Date.parse(card.expiresAt));
    await expect(spend(order.id, [card.code], 500, after)).rejects.toMatchObject({
      code: 'GIFT_CARD_EXPIRED',
    });
    expect(await balanceOf(card.id)).toBe(1000);
    expect((await entriesOf(card.id)).map(([type]) => type)).toEqual(['issued']);
  });

  it('puts a refund back onto the card spent last first, never more than each gave', async () => {
    const { cards } = await issueCards(shop.database, [
      cardFor({ amountPence: 2000 }),
      cardFor({ amountPence: 3000 }),
    ]);
    const [first, second] = cards.map((card) => card.id) as [string, string];
    const order = await newOrder();
    await spend(
      order.id,
      cards.map((card) => card.code),
      4000,
    );
    expect([await balanceOf(first), await balanceOf(second)]).toEqual([0, 1000]);
    const refund = (amountPence: number) =>
      shop.database.db
        .transaction()
        .execute((trx) => refundToGiftCards(trx, { orderId: order.id, amountPence, by: 'Olive' }));

    // The second card gave 2000, the last: it has its 2000 back before the first has any.
    expect(await refund(1500)).toEqual([
      { giftCardId: second, last4: cards[1]?.last4, amountPence: 1500 },
    ]);
    expect(await refund(1500)).toEqual([
      { giftCardId: second, last4: cards[1]?.last4, amountPence: 500 },
      { giftCardId: first, last4: cards[0]?.last4, amountPence: 1000 },
    ]);
    // No more than the order took in all: 1000 more, of 5000 asked.
    expect(await refund(5000)).toEqual([
      { giftCardId: first, last4: cards[0]?.last4, amountPence: 1000 },
    ]);
    expect(await refund(100)).toEqual([]);
    expect([await balanceOf(first), await balanceOf(second)]).toEqual([2000, 3000]);
    expect((await entriesOf(second)).slice(1)).toEqual([
      ['spent', -2000, order.id, 'Ann Buyer'],
      ['refunded', 1500, order.id, 'Olive'],
      ['refunded', 500, order.id, 'Olive'],
    ]);
  });

  it('voids a card: balance 0, a voided entry of what was left, audited, and that much owed to its buyer', async () => {
    const { order: bought, cards } = await issueCards(shop.database, [
      cardFor({ amountPence: 5000 }),
    ]);
    const card = cards[0];
    if (!card) throw new Error('no card');
    const order = await newOrder();
    await spend(order.id, [card.code], 1250);

    const voided = await shop.app.inject({
      method: 'POST',
      url: `/api/gift-cards/${card.id}/void`,
      headers: bearer(admin.token),
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({
      refund: 37.5,
      giftCard: { _id: card.id, balance: 0, amount: 50, status: 'voided' },
    });
    expect(voided.json<{ giftCard: { history: unknown[] } }>().giftCard.history).toEqual([
      {
        type: 'issued',
        amount: 50,
        at: card.createdAt,
        order: bought.orderNumber,
        by: 'Ann Buyer',
      },
      {
        type: 'spent',
        amount: -12.5,
        at: expect.any(String) as string,
        order: order.orderNumber,
        by: 'Ann Buyer',
      },
      {
        type: 'voided',
        amount: -37.5,
        at: expect.any(String) as string,
        order: bought.orderNumber,
        by: 'Olive Owner',
      },
    ]);
    expect(await balanceOf(card.id)).toBe(0);

    const audit = await shop.app.inject({
      method: 'GET',
      url: '/api/audit?action=gift_card.voided',
      headers: bearer(admin.token),
    });
    expect(audit.json<{ entries: unknown[] }>().entries).toEqual([
      expect.objectContaining({
        action: 'gift_card.voided',
        actor: { _id: admin.id, name: 'Olive Owner', email: admin.email },
        target: { type: 'gift_card', id: card.id, label: `Gift card ending ${card.last4}` },
        before: { status: 'active', balance: 37.5 },
        after: { status: 'voided', balance: 0, refund: 37.5 },
      }),
    ]);

    // Voided, it is neither checked nor spent, nor voided again, nor given refunds.
    const checked = await shop.app.inject({
      method: 'POST',
      url: '/api/gift-cards/check',
      payload: { code: card.code },
    });
    expect(checked.statusCode).toBe(409);
    expect(checked.json()).toMatchObject({ code: 'GIFT_CARD_VOIDED' });
    await expect(spend(order.id, [card.code], 100)).rejects.toMatchObject({
      code: 'GIFT_CARD_VOIDED',
    });
    const again = await shop.app.inject({
      method: 'POST',
      url: `/api/gift-cards/${card.id}/void`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'GIFT_CARD_VOIDED',
      message: `The gift card ending ${card.last4} is voided already`,
    });
    const refunded = await shop.database.db
      .transaction()
      .execute((trx) => refundToGiftCards(trx, { orderId: order.id, amountPence: 1250, by: 'x' }));
    expect(refunded).toEqual([]);
    expect(await balanceOf(card.id)).toBe(0);
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardCheckSchema, giftCardSendAt } from '../../../src/shared/gift-cards/gift-cards';
import { quoteSchema } from '../../../src/shared/orders/checkout';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { paymentAnswerSchema } from '../../../src/shared/payments/payments';
import { ukDay } from '../../../src/shared/uk-time';
import { formatLongDate } from '../../../src/shared/dates';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { waitForMail } from '../../support/mail-messages';
import { giftCardMailTo } from '../../support/gift-card-fixtures';
import { ADDRESS, openPayment, placeOrder, postAs, stockOf } from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('gift cards bought and spent at checkout on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;
  let buyer: TestUser;
  let friend: TestUser;
  let admin: TestUser;
  const call = apiCaller(() => shop);
  let card: { product: string; twentyFive: string; ownAmount: string };

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, payPalEnvironment(paypal));
    buyer = await addUser(shop, { name: 'Ann Buyer' });
    friend = await addUser(shop, { name: 'Bea Friend' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    const { product, variantIds } = await addProductWithVariants(
      shop.database,
      [{ name: 'Amount', values: ['£25', 'Your own amount'] }],
      [
        { options: { Amount: '£25' }, pricePence: 2500, countInStock: 0 },
        { options: { Amount: 'Your own amount' }, pricePence: 500, countInStock: 0 },
      ],
      { name: 'Gift card', category: 'gift-cards', pricePence: 500, countInStock: 0 },
    );
    card = {
      product: product.id,
      twentyFive: variantIds[0] ?? '',
      ownAmount: variantIds[1] ?? '',
    };
  });
  afterAll(async () => {
    await shop.close();
    await paypal.close();
  });

  const outbox = () => path.join(shop.config.dataDir, 'outbox');
  const today = () => ukDay(new Date());
  const forFriend = (fields: Record<string, unknown> = {}) => ({
    recipientName: 'Bea Friend',
    recipientEmail: friend.email,
    message: 'Happy birthday!',
    sendOn: today(),
    ...fields,
  });

  /** Buys cards through PayPal, as the checkout does: pay, approve, place the order. */
  async function buy(lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
    const payment = await openPayment(shop, buyer.token, lines as never, extra);
    paypal.approve(payment.id);
    const placed = await placeOrder(shop, buyer.token, payment.id, lines as never, extra);
    expect(placed.statusCode, placed.body).toBe(201);
    return orderSchema.parse(placed.json());
  }

  /** The code the recipient's mail carries for the card ending `last4`, sent or waiting. */
  async function codeMailed(last4: string): Promise<string> {
    return (await giftCardMailTo(shop.database.db, friend.email, last4)).code;
  }

  async function aCardOf(amount: number): Promise<{ code: string; order: Order }> {
    const order = await buy([
      {
        product: card.product,
        variant: card.ownAmount,
        qty: 1,
        giftCard: forFriend({ amount }),
      },
    ]);
    const last4 = order.orderItems[0]?.giftCard?.cards[0] ?? '';
    return { code: await codeMailed(last4), order };
  }

  it('sells a card with no delivery or stock, mails its code to the friend, and checks it', async () => {
    const order = await buy([
      { product: card.product, variant: card.twentyFive, qty: 1, giftCard: forFriend() },
    ]);
    expect(order).toMatchObject({
      itemsPrice: 25,
      shippingPrice: 0,
      totalPrice: 25,
      // Multi-purpose (the default): selling a card carries no VAT.
      taxPrice: 0,
      giftCardPayments: [],
      // Nothing to post: it is delivered as it is placed, and never waits at the desk.
      status: 'delivered',
    });
    const line = order.orderItems[0];
    expect(line?.giftCard).toMatchObject({
      recipientName: 'Bea Friend',
      recipientEmail: friend.email,
      sendOn: today(),
    });
    expect(line?.giftCard?.cards).toHaveLength(1);
    expect(await stockOf(shop.database, card.product)).toBe(0);
    // Nothing was posted, so nothing comes back: a card is cancelled by the shop instead.
    const returned = await call('POST', `/api/orders/${order._id}/return`, buyer.token, {
      reason: 'Changed my mind',
    });
    expect(returned.statusCode).toBe(409);
    expect(returned.json()).toMatchObject({ code: 'ORDER_NOT_RETURNABLE' });

    const receipt = await waitForMail(outbox(), buyer.email, (candidate) =>
      (candidate.text ?? '').includes(order._id),
    );
    expect(receipt?.text).toContain(
      `for Bea Friend (${friend.email}), sent on ${formatLongDate(new Date())}, card ending ${line?.giftCard?.cards[0] ?? ''}`,
    );
    expect(receipt?.text).toContain(
      'Each gift card is emailed to its recipient on the day chosen.',
    );

    // Sent today: at 8:00 UK time, or at once when that has passed, with Ann's message.
    const mail = await giftCardMailTo(
      shop.database.db,
      friend.email,
      line?.giftCard?.cards[0] ?? '',
    );
    expect(mail.text).toContain('Happy birthday!');
    const due = giftCardSendAt(today(), new Date(order.createdAt)).getTime();
    expect(mail.dueAt.getTime()).toBeGreaterThanOrEqual(due);
    expect(mail.dueAt.getTime()).toBeLessThan(due + 60_000);
    const code = mail.code;
    const checked = await call('POST', '/api/gift-cards/check', undefined, {
      code: code.toLowerCase().replaceAll('-', ' '),
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(giftCardCheckSchema.parse(checked.json())).toMatchObject({
      balance: 25,
      last4: line?.giftCard?.cards[0],
    });
  });

  it('sends the goods beside a card as usual, counting only the goods towards free delivery, and packs them alone', async () => {
    const hat = await addProduct(shop.database, { pricePence: 2500, category: 'hats' });
    const order = await buy([
      {
        product: card.product,
        variant: card.ownAmount,
        qty: 1,
        giftCard: forFriend({ amount: 50 }),
      },
      { product: hat.id, qty: 1 },
    ]);
    // £75 of items, but only the hat's £25 is sent: delivery is £4.99 (free from £60 of goods).
    expect(order).toMatchObject({
      itemsPrice: 75,
      shippingPrice: 4.99,
      totalPrice: 79.99,
      // The card is outside VAT until spent: VAT is on the hat and its delivery alone.
      taxPrice: 5,
      status: 'paid',
    });
    const slips = await call('GET', `/api/orders/slips?orders=${order._id}`, admin.token);
    expect(slips.statusCode, slips.body).toBe(200);
    const { pickList, orders } = slips.json<{
      pickList: { product: string }[];
      orders: { orderItems: { product: string }[] }[];
    }>();
    expect(pickList.map((line) => line.product)).toEqual([hat.id]);
    expect(orders[0]?.orderItems.map((line) => line.product)).toEqual([hat.id]);
  });

  it('refuses a card line without a recipient, a day gone by, and an amount out of bounds', async () => {
    const refused = async (giftCard: unknown, variant = card.ownAmount) => {
      const response = await postAs(shop, buyer.token, '/api/orders/quote', {
        orderItems: [{ product: card.product, variant, qty: 1, giftCard }],
      });
      return [response.statusCode, response.json<{ message: string }>().message];
    };
    expect(await refused(undefined, card.twentyFive)).toEqual([
      400,
      'Please say who the gift card is for, and the day to send it',
    ]);
    expect(await refused(forFriend({ sendOn: '2020-01-01', amount: 30 }))).toEqual([
      400,
      'A gift card cannot be sent on a day that has passed',
    ]);
    expect((await refused(forFriend({ amount: 300 })))[0]).toBe(400);
    expect((await refused(forFriend({ amount: 4.99 })))[0]).toBe(400);
    expect(await refused(forFriend())).toEqual([400, 'Please choose the amount of the gift card']);
  });

  it('pays an order with a card alone, with no PayPal step, and keeps what it paid', async () => {
    const { code } = await aCardOf(40);
    const scarf = await addProduct(shop.database, { pricePence: 3000, category: 'accessories' });
    const lines = [{ product: scarf.id, qty: 1 }];
    const body = { orderItems: lines, shippingAddress: ADDRESS, giftCards: [code] };
    const quoted = quoteSchema.parse(
      (await postAs(shop, friend.token, '/api/orders/quote', body)).json(),
    );
    // £30 and £4.99 for its delivery.
    expect(quoted).toMatchObject({ totalPrice: 34.99, payable: 0 });
    expect(quoted.giftCardPayments).toEqual([{ last4: code.slice(-4), amount: 34.99 }]);

    const opened = await postAs(shop, friend.token, '/api/payments', body);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(paymentAnswerSchema.parse(opened.json())).toMatchObject({
      id: null,
      totalPrice: 34.99,
      payable: 0,
    });
    const placed = await postAs(shop, friend.token, '/api/orders', {
      ...body,
      paymentResult: null,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order).toMatchObject({
      totalPrice: 34.99,
      giftCardPayments: [{ last4: code.slice(-4), amount: 34.99 }],
      paymentMethod: 'Gift card',
      payment: null,
    });
    const left = await call('POST', '/api/gift-cards/check', undefined, { code });
    expect(giftCardCheckSchema.parse(left.json()).balance).toBe(5.01);

    // Not enough left for another: the order is refused and the card keeps its £5.01.
    const again = await postAs(shop, friend.token, '/api/orders', { ...body, paymentResult: null });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'GIFT_CARD_SPENT' });
    const after = await call('POST', '/api/gift-cards/check', undefined, { code });
    expect(giftCardCheckSchema.parse(after.json()).balance).toBe(5.01);
  });

  it('pays part with a card and the rest through PayPal, asking PayPal for the rest only', async () => {
    const { code } = await aCardOf(10);
    const hat = await addProduct(shop.database, { pricePence: 2500, category: 'hats' });
    const lines = [{ product: hat.id, qty: 1 }];
    const payment = await openPayment(shop, friend.token, lines, { giftCards: [code] });
    expect(payment).toMatchObject({ totalPrice: 29.99, payable: 19.99 });
    const created = paypal.requests.find(
      (request) =>
        request.method === 'POST' &&
        request.path === '/v2/checkout/orders' &&
        JSON.stringify(request.body).includes('"value":"19.99"'),
    );
    expect(created).toBeDefined();
    paypal.approve(payment.id);
    const placed = await placeOrder(shop, friend.token, payment.id, lines, { giftCards: [code] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(orderSchema.parse(placed.json())).toMatchObject({
      totalPrice: 29.99,
      giftCardPayments: [{ last4: code.slice(-4), amount: 10 }],
    });
    const left = await call('POST', '/api/gift-cards/check', undefined, { code });
    expect(giftCardCheckSchema.parse(left.json()).balance).toBe(0);
  });

  it('never lets two orders at once spend more than a card holds', async () => {
    const { code } = await aCardOf(20);
    const ring = await addProduct(shop.database, { pricePence: 1500, category: 'rings' });
    const body = {
      orderItems: [{ product: ring.id, qty: 1 }],
      shippingAddress: ADDRESS,
      giftCards: [code],
      paymentResult: null,
    };
    const answers = await Promise.all([
      postAs(shop, friend.token, '/api/orders', body),
      postAs(shop, friend.token, '/api/orders', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'GIFT_CARD_SPENT' });
    const left = await call('POST', '/api/gift-cards/check', undefined, { code });
    expect(giftCardCheckSchema.parse(left.json()).balance).toBe(0.01);
  });

  const captureOf = async (orderId: string) =>
    (
      await shop.database.db
        .selectFrom('orders')
        .select('capture_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).capture_id;

  const balanceOf = async (code: string) =>
    giftCardCheckSchema.parse(
      (await call('POST', '/api/gift-cards/check', undefined, { code })).json(),
    ).balance;

  /** The back office's card by its last 4, with its history. */
  async function cardInBackOffice(last4: string) {
    const found = await call('GET', `/api/gift-cards?q=${last4}`, admin.token);
    const id = found.json<{ giftCards: { _id: string }[] }>().giftCards[0]?._id ?? '';
    const detail = await call('GET', `/api/gift-cards/${id}`, admin.token);
    return { id, ...detail.json<{ history: { type: string; amount: number }[] }>() };
  }

  it('refunds PayPal first, up to what it took, and the rest back onto the card', async () => {
    const { code } = await aCardOf(10);
    const hat = await addProduct(shop.database, { pricePence: 2500, category: 'hats' });
    const lines = [{ product: hat.id, qty: 1 }];
    const payment = await openPayment(shop, friend.token, lines, { giftCards: [code] });
    paypal.approve(payment.id);
    const placed = orderSchema.parse(
      (await placeOrder(shop, friend.token, payment.id, lines, { giftCards: [code] })).json(),
    );
    const capture = await captureOf(placed._id);

    const first = await call('POST', `/api/orders/${placed._id}/refunds`, admin.token, {
      amount: 25,
      reason: 'Returned',
    });
    expect(first.statusCode, first.body).toBe(200);
    // PayPal took £19.99 and gets it all back; the other £5.01 goes back onto the card.
    expect(paypal.refundedPence(capture)).toBe(1999);
    expect(await balanceOf(code)).toBe(5.01);

    const rest = await call('POST', `/api/orders/${placed._id}/refunds`, admin.token, {
      amount: 4.99,
      reason: 'Delivery',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(paypal.refundedPence(capture)).toBe(1999);
    expect(await balanceOf(code)).toBe(10);
    expect(orderSchema.parse(rest.json())).toMatchObject({
      status: 'refunded',
      refundedTotal: 29.99,
    });

    const { history } = await cardInBackOffice(code.slice(-4));
    // Every movement of its balance, in turn; its mail is one entry at the moment it is due
    // (8:00 UK time on its day, or at once), which falls among them by the time of day.
    const moves = history.filter((entry) => entry.type !== 'mailed');
    expect(moves.map((entry) => [entry.type, entry.amount])).toEqual([
      ['issued', 10],
      ['spent', -10],
      ['refunded', 5.01],
      ['refunded', 4.99],
    ]);
    expect(history.filter((entry) => entry.type === 'mailed').map((entry) => entry.amount)).toEqual(
      [0],
    );
  });

  it('voids a card and refunds what is left on it to its buyer through PayPal', async () => {
    const { code, order } = await aCardOf(30);
    const ring = await addProduct(shop.database, { pricePence: 700, category: 'rings' });
    const spent = await postAs(shop, friend.token, '/api/orders', {
      orderItems: [{ product: ring.id, qty: 1 }],
      shippingAddress: ADDRESS,
      giftCards: [code],
      paymentResult: null,
    });
    expect(spent.statusCode, spent.body).toBe(201);
    expect(await balanceOf(code)).toBe(18.01);

    // A card is not cancelled by putting it back into stock: nothing is refunded then.
    const restocked = await call('POST', `/api/orders/${order._id}/refunds`, admin.token, {
      amount: 1,
      reason: 'Changed their mind',
      restock: [{ product: card.product, variant: card.ownAmount, qty: 1 }],
    });
    expect(restocked.json()).toMatchObject({ code: 'RESTOCK_UNKNOWN_ITEM' });
    expect(paypal.refundedPence(await captureOf(order._id))).toBe(0);

    const { id } = await cardInBackOffice(code.slice(-4));
    const voided = await call('POST', `/api/gift-cards/${id}/void`, admin.token);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      refund: 18.01,
      giftCard: { status: 'voided', balance: 0 },
    });
    expect(paypal.refundedPence(await captureOf(order._id))).toBe(1801);
    const check = await call('POST', '/api/gift-cards/check', undefined, { code });
    expect(check.statusCode).toBe(409);
    expect(check.json()).toMatchObject({ code: 'GIFT_CARD_VOIDED' });
    const again = await call('POST', `/api/gift-cards/${id}/void`, admin.token);
    expect(again.statusCode).toBe(409);
    expect(paypal.refundedPence(await captureOf(order._id))).toBe(1801);
  });
});

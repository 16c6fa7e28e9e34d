import { DEMO_DELIVERY_SERVICES, NEW_SHOP_DISPATCH } from '../../shared/delivery/delivery-settings';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../../tests/support/catalogue-fixtures';
import { ADDRESS } from '../../../tests/support/order-fixtures';
import { dispatchBodySchema } from '../../shared/orders/parcels';
import { orderBodySchema, paymentBodySchema, quoteBodySchema } from '../../shared/orders/checkout';
import { refundBodySchema, returnBodySchema } from '../../shared/orders/after-sale';
import { findUserById, insertUser } from '../accounts/users.repository';
import type { UserAccount } from '../accounts/user-account';
import { openDatabase, type ShopDatabase } from '../db/database';
import { newId } from '../db/ids';
import { migrateToLatest } from '../db/migrate';
import { accountLimit } from '../http/account-limits';
import { createMailer } from '../mail/mail-sender';
import { createMailTransport } from '../mail/mailer';
import { createTestProvider } from '../payments/test-provider';
import { voucherGuesses } from '../vouchers/voucher-guesses';
import { buyerOf } from './checkout/buyer';
import { cancelOrder } from './after-sale/cancel';
import { deliverOrder } from './dispatch/deliver';
import { dispatchOrder } from './dispatch/dispatch';
import { openPayment } from './checkout/open-payment';
import type { OrdersContext } from './orders-context';
import { placeOrder } from './checkout/place-order';
import { quoteBasket } from './checkout/quote';
import { refundOrder } from './after-sale/refund';
import { requestReturn } from './after-sale/request-return';
import { retryFailedRefund } from './after-sale/retry-refund';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ADDRESS_OF_CALLER = '192.0.2.10';

/** A use case's refusal: its stable code, whatever its words. */
async function refusalOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
      return error.code;
    }
    throw error;
  }
  throw new Error('expected a refusal, and the call went through');
}

// Each use case called as its route calls it, on a migrated database with test payments: what each
// refuses, in the codes the API answers.
describe('the order use cases refuse', () => {
  let folder: string;
  let database: ShopDatabase;
  let context: OrdersContext;
  let customer: UserAccount;
  let other: UserAccount;
  let admin: UserAccount;

  async function account(role: 'customer' | 'admin'): Promise<UserAccount> {
    const id = newId();
    await insertUser(database.db, {
      id,
      name: `${role} ${id.slice(0, 4)}`,
      email: `${role}-${id}@example.com`,
      passwordHash: 'not used here',
      role,
    });
    const user = await findUserById(database.db, id);
    if (!user) throw new Error('no account made');
    return user;
  }

  /** A paid order of the customer's, of one product priced £20, with `qty` of it bought. */
  async function paidOrder(qty = 1) {
    const product = await addProduct(database, { pricePence: 2000, countInStock: 10 });
    const body = { orderItems: [{ product: product.id, qty }], shippingAddress: ADDRESS };
    const payment = await openPayment(
      context,
      buyerOf(customer, undefined),
      paymentBodySchema.parse(body),
      ADDRESS_OF_CALLER,
    );
    const orderBody = orderBodySchema.parse({
      ...body,
      paymentMethod: 'PayPal',
      notes: '',
      paymentResult: { id: payment.id },
    });
    const placed = await placeOrder(
      context,
      buyerOf(customer, undefined),
      orderBody,
      ADDRESS_OF_CALLER,
    );
    return { order: placed.order, product, orderBody };
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'shop-use-cases-'));
    database = openDatabase({ dialect: 'sqlite', filename: ':memory:' });
    await migrateToLatest(database);
    const mailer = createMailer({
      db: database.db,
      transport: createMailTransport({
        smtpUrl: undefined,
        from: 'shop@example.test',
        outboxDir: path.join(folder, 'outbox'),
        log: quiet,
      }),
      log: quiet,
    });
    const publicUrl = 'https://shop.example.test';
    context = {
      database,
      payments: createTestProvider(database),
      log: quiet,
      mailer,
      publicUrl,
      trader: {
        name: 'Larkspur',
        legalName: 'Larkspur Ltd',
        address: '1 Example Street',
        email: 'hello@shop.example.test',
        phone: '0117 496 0000',
        vatNumber: 'GB 000 0000 00',
        companyNumber: '00000000',
      },
      alerts: { database, mailer, publicUrl, secret: 'a secret for these tests', log: quiet },
      voucherGuesses: voucherGuesses(
        accountLimit(undefined, { name: 'voucher-lookups', attempts: 30, windowSeconds: 3600 }),
      ),
      giftWrapPence: 350,
      delivery: {
        dispatch: NEW_SHOP_DISPATCH,
        holiday: null,
        delivery: { services: DEMO_DELIVERY_SERVICES },
        collection: { address: '1 Example Street', instructions: '' },
      },
      guestPayments: accountLimit(undefined, {
        name: 'guest-payments',
        attempts: 20,
        windowSeconds: 3600,
      }),
    };
    customer = await account('customer');
    other = await account('customer');
    admin = await account('admin');
  });

  afterAll(async () => {
    await context.mailer.flush();
    await context.mailer.close();
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('quote: a product that is not sold, more than is in stock, a voucher that does not exist', async () => {
    const product = await addProduct(database, { countInStock: 2 });
    const quote = (body: unknown) =>
      refusalOf(quoteBasket(context, quoteBodySchema.parse(body), ADDRESS_OF_CALLER));
    expect(await quote({ orderItems: [{ product: newId(), qty: 1 }] })).toBe('PRODUCT_UNAVAILABLE');
    expect(await quote({ orderItems: [{ product: product.id, qty: 3 }] })).toBe(
      'INSUFFICIENT_STOCK',
    );
    expect(await quote({ orderItems: [{ product: product.id, qty: 1 }], voucher: 'NOPE' })).toBe(
      'VOUCHER_NOT_FOUND',
    );
  });

  it('open payment: a total the shopper was not shown', async () => {
    const product = await addProduct(database, { pricePence: 1500, countInStock: 2 });
    const body = paymentBodySchema.parse({
      orderItems: [{ product: product.id, qty: 1 }],
      shippingAddress: ADDRESS,
      expectedTotal: 15,
    });
    expect(
      await refusalOf(openPayment(context, buyerOf(customer, undefined), body, ADDRESS_OF_CALLER)),
    ).toBe('PRICE_CHANGED');
  });

  it("place order: another customer's payment, and a payment that made its order already", async () => {
    const { orderBody: body } = await paidOrder();
    expect(
      await refusalOf(placeOrder(context, buyerOf(other, undefined), body, ADDRESS_OF_CALLER)),
    ).toBe('PAYMENT_USED_BY_ANOTHER');
    const unknown = { ...body, paymentResult: { id: 'TESTNOSUCHPAYMENT' } };
    expect(
      await refusalOf(
        placeOrder(context, buyerOf(customer, undefined), unknown, ADDRESS_OF_CALLER),
      ),
    ).toBe('PAYMENT_NOT_FOUND');
  });

  it('dispatch and deliver: an order not in a state to move, or not there', async () => {
    const { order } = await paidOrder();
    expect(await refusalOf(deliverOrder(context, admin, order._id))).toBe('ORDER_NOT_DELIVERABLE');
    await dispatchOrder(context, admin, order._id, dispatchBodySchema.parse({}));
    expect(
      await refusalOf(dispatchOrder(context, admin, order._id, dispatchBodySchema.parse({}))),
    ).toBe('ORDER_NOT_DISPATCHABLE');
    expect(
      await refusalOf(dispatchOrder(context, admin, newId(), dispatchBodySchema.parse({}))),
    ).toBe('ORDER_NOT_FOUND');
  });

  it("cancel: a dispatched order, and another customer's", async () => {
    const { order } = await paidOrder();
    expect(await refusalOf(cancelOrder(context, other, order._id))).toBe('ORDER_NOT_FOUND');
    await dispatchOrder(context, admin, order._id, dispatchBodySchema.parse({}));
    expect(await refusalOf(cancelOrder(context, customer, order._id))).toBe(
      'ORDER_NOT_CANCELLABLE',
    );
  });

  it("request a return: an order not delivered yet, and another customer's", async () => {
    const { order } = await paidOrder();
    const reason = returnBodySchema.parse({ reason: 'Too small' });
    expect(await refusalOf(requestReturn(context, customer, order._id, reason))).toBe(
      'ORDER_NOT_RETURNABLE',
    );
    await dispatchOrder(context, admin, order._id, dispatchBodySchema.parse({}));
    await deliverOrder(context, admin, order._id);
    expect(await refusalOf(requestReturn(context, other, order._id, reason))).toBe(
      'ORDER_NOT_FOUND',
    );
  });

  it('refund: more than is left, an item the order does not hold, more of it than is left, a closed order', async () => {
    const { order, product } = await paidOrder(2);
    const refund = (body: unknown) =>
      refusalOf(refundOrder(context, admin, order._id, refundBodySchema.parse(body)));
    expect(await refund({ amount: 100, reason: 'Too much', restock: [] })).toBe('REFUND_TOO_LARGE');
    expect(await refund({ amount: 1, reason: 'x', restock: [{ product: newId(), qty: 1 }] })).toBe(
      'RESTOCK_UNKNOWN_ITEM',
    );
    await refundOrder(
      context,
      admin,
      order._id,
      refundBodySchema.parse({
        amount: 1,
        reason: 'One back',
        restock: [{ product: product.id, qty: 2 }],
      }),
    );
    expect(
      await refund({ amount: 1, reason: 'x', restock: [{ product: product.id, qty: 1 }] }),
    ).toBe('RESTOCK_TOO_MANY');
    await cancelOrder(context, customer, order._id);
    expect(await refund({ amount: 1, reason: 'After cancelling', restock: [] })).toBe(
      'ORDER_NOT_REFUNDABLE',
    );
  });

  it('retry a refund: one that has not failed', async () => {
    expect(await refusalOf(retryFailedRefund(context, admin, newId()))).toBe('REFUND_NOT_FOUND');
  });
});

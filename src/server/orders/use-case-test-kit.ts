/**
 * What the tests of the order use cases share: each use case called as its route calls it, on a
 * migrated in-memory database with test payments and mail to a folder, with a customer, another
 * customer and an admin.
 */
import { NEW_SHOP_GIFT_CARDS } from '../../shared/gift-cards/gift-cards';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { addProduct } from '../../../tests/support/catalogue-fixtures';
import { ADDRESS } from '../../../tests/support/order-fixtures';
import { DEMO_DELIVERY_SERVICES, NEW_SHOP_DISPATCH } from '../../shared/delivery/delivery-settings';
import { NEW_SHOP_PAYMENTS } from '../../shared/payments/payment-methods';
import { orderBodySchema, paymentBodySchema } from '../../shared/orders/checkout';
import { findUserById, insertUser } from '../accounts/users.repository';
import type { UserAccount } from '../accounts/user-account';
import { openDatabase, type ShopDatabase } from '../db/database';
import { newId } from '../sql/ids';
import { migrateToLatest } from '../db/migrate';
import { accountLimit } from '../http/account-limits';
import { createMailer } from '../mail/mail-sender';
import { createMailTransport } from '../mail/mailer';
import { createTestProvider } from '../payments/test-provider';
import { voucherGuesses } from '../vouchers/voucher-guesses';
import { buyerOf } from './checkout/buyer';
import { openPayment } from './checkout/open-payment';
import { placeOrder } from './checkout/place-order';
import type { OrdersContext } from './orders-context';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
export const ADDRESS_OF_CALLER = '192.0.2.10';

/** A use case's refusal: its stable code, whatever its words. */
export async function refusalOf(call: Promise<unknown>): Promise<string> {
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

/** Opens the database before the file's tests and closes it after; answers what they use. */
export function useOrdersOnADatabase() {
  const kit = {
    database: undefined as unknown as ShopDatabase,
    context: undefined as unknown as OrdersContext,
    customer: undefined as unknown as UserAccount,
    other: undefined as unknown as UserAccount,
    admin: undefined as unknown as UserAccount,
    /** A paid order of the customer's, of one product priced £20, with `qty` of it bought. */
    paidOrder: (qty = 1) => paidOrder(qty),
  };
  let folder: string;

  async function account(role: 'customer' | 'admin'): Promise<UserAccount> {
    const id = newId();
    await insertUser(kit.database.db, {
      id,
      name: `${role} ${id.slice(0, 4)}`,
      email: `${role}-${id}@example.com`,
      passwordHash: 'not used here',
      role,
    });
    const user = await findUserById(kit.database.db, id);
    if (!user) throw new Error('no account made');
    return user;
  }

  async function paidOrder(qty: number) {
    const { context, customer } = kit;
    const product = await addProduct(kit.database, { pricePence: 2000, countInStock: 10 });
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
    const database = openDatabase({ dialect: 'sqlite', filename: ':memory:' });
    kit.database = database;
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
    kit.context = {
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
      paymentSettings: NEW_SHOP_PAYMENTS,
      giftCards: NEW_SHOP_GIFT_CARDS,
      guestPayments: accountLimit(undefined, {
        name: 'guest-payments',
        attempts: 20,
        windowSeconds: 3600,
      }),
    };
    kit.customer = await account('customer');
    kit.other = await account('customer');
    kit.admin = await account('admin');
  });

  afterAll(async () => {
    await kit.context.mailer.flush();
    await kit.context.mailer.close();
    await kit.database.close();
    await rm(folder, { recursive: true, force: true });
  });

  return kit;
}

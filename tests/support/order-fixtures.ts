import type { LightMyRequestResponse } from 'fastify';
import type { ShopDatabase } from '../../src/server/db/database';
import { newId } from '../../src/server/sql/ids';
import type { Db } from '../../src/server/db/schema';
import { freeOrderNumber } from '../../src/server/orders/checkout/order-numbers';
import type { NewOrder } from '../../src/server/orders/orders.repository';
import { insertOrder } from '../../src/server/orders/order-writes.repository';
import { insertVoucher } from '../../src/server/vouchers/vouchers.repository';
import { providerPaymentAnswerSchema } from '../../src/shared/payments/payments';
import { bearer, type TestUser } from './account-fixtures';
import type { TestShop } from './test-shop';

export const ADDRESS = {
  name: 'Olive Order',
  address: '12 Mill Lane',
  city: 'Hebden Bridge',
  postalCode: 'HX7 8AB',
  country: 'United Kingdom',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Puts a voucher straight into the database: live and valid for a month unless told otherwise. */
export async function addVoucher(
  { db }: ShopDatabase,
  fields: {
    code: string;
    discountPence: number;
    name?: string;
    expiresAt?: string;
    status?: 'draft' | 'live';
    minSpendPence?: number;
    maxUses?: number;
    oncePerCustomer?: boolean;
  },
) {
  const voucher = {
    id: newId(),
    name: fields.name ?? `Voucher ${fields.code}`,
    code: fields.code,
    discountPence: fields.discountPence,
    expiresAt: fields.expiresAt ?? new Date(Date.now() + 30 * DAY_MS).toISOString(),
    status: fields.status ?? 'live',
    minSpendPence: fields.minSpendPence ?? null,
    maxUses: fields.maxUses ?? null,
    oncePerCustomer: fields.oncePerCustomer ?? false,
  } as const;
  await insertVoucher(db, voucher);
  return voucher;
}

export type Lines = { product: string; qty: number; variant?: string }[];

/** A POST as a signed-in customer, or as a guest without a token. */
export function postAs(shop: TestShop, token: string | undefined, url: string, payload: unknown) {
  return shop.app.inject({
    method: 'POST',
    url,
    headers: token === undefined ? {} : bearer(token),
    payload: payload as object,
  });
}

/** Opens a payment for the lines, as the checkout page's payment button does. */
export async function openPayment(
  shop: TestShop,
  token: string | undefined,
  lines: Lines,
  extra: Record<string, unknown> = {},
) {
  const response = await postAs(shop, token, '/api/payments', {
    orderItems: lines,
    shippingAddress: ADDRESS,
    ...extra,
  });
  if (response.statusCode !== 200) throw new Error(`payment refused: ${response.body}`);
  return providerPaymentAnswerSchema.parse(response.json());
}

/** Sends the order for an approved payment, as onApprove does. */
export function placeOrder(
  shop: TestShop,
  token: string | undefined,
  paymentId: string,
  lines: Lines,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return postAs(shop, token, '/api/orders', {
    orderItems: lines,
    shippingAddress: ADDRESS,
    paymentMethod: 'PayPal',
    notes: '',
    paymentResult: { id: paymentId },
    ...extra,
  });
}

export async function stockOf({ db }: ShopDatabase, productId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('count_in_stock')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.count_in_stock;
}

export async function orderCount({ db }: ShopDatabase): Promise<number> {
  return (await db.selectFrom('orders').select('id').execute()).length;
}

/** What an order put straight into the database is given; the rest is as checkout stores it. */
export interface StoredOrderFixture {
  paidAt: string;
  totalPence: number;
  taxPence?: number;
  itemsPence?: number;
  shippingPence?: number;
  voucher?: { name: string; code: string; discountPence: number };
  /** One line of a pendant at the whole total unless given. */
  items?: NewOrder['items'];
}

/**
 * An order put straight into the database, as checkout would have stored it when it was paid at
 * `paidAt`: for figures that need orders of given days.
 */
export async function addStoredOrder(
  db: Db,
  customer: Pick<TestUser, 'id' | 'name' | 'email'>,
  order: StoredOrderFixture,
): Promise<{ id: string; orderNumber: string; captureId: string }> {
  const id = newId();
  const orderNumber = await freeOrderNumber(db);
  const captureId = `capture-${id}`;
  await insertOrder(db, {
    id,
    orderNumber,
    userId: customer.id,
    userName: customer.name,
    userEmail: customer.email,
    shippingAddress: { line2: '', county: '', phone: '', ...ADDRESS },
    paymentMethod: 'PayPal',
    itemsPence: order.itemsPence ?? order.totalPence,
    shippingPence: order.shippingPence ?? 0,
    taxPence: order.taxPence ?? 0,
    voucherName: order.voucher?.name ?? null,
    voucherCode: order.voucher?.code ?? null,
    voucherDiscountPence: order.voucher?.discountPence ?? 0,
    totalPence: order.totalPence,
    notes: '',
    paymentId: `payment-${id}`,
    captureId,
    paymentStatus: 'COMPLETED',
    payerEmail: customer.email,
    paymentUpdateTime: order.paidAt,
    paidAt: order.paidAt,
    createdAt: order.paidAt,
    items: order.items ?? [
      {
        productId: null,
        variantId: null,
        variantLabel: null,
        sku: null,
        name: 'Harbour Light Pendant',
        brand: 'Larkspur',
        image: '/uploads/pendant.webp',
        pricePence: order.totalPence,
        qty: 1,
      },
    ],
  });
  return { id, orderNumber, captureId };
}

/** A refund as the ledger keeps it, asked for at `createdAt` and settled at `settledAt`. */
export async function addRefundRow(
  db: Db,
  refund: {
    orderId: string | null;
    amountPence: number;
    status: 'succeeded' | 'failed' | 'pending';
    settledAt: string;
    createdAt?: string;
    reason?: string;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('refunds')
    .values({
      id,
      payment_id: `payment-${refund.orderId ?? id}`,
      capture_id: `capture-${refund.orderId ?? id}`,
      order_id: refund.orderId,
      amount_pence: refund.amountPence,
      reason: refund.reason ?? 'Changed their mind',
      status: refund.status,
      request_id: `refund-${id}`,
      error: refund.status === 'failed' ? 'The provider said no' : null,
      created_by: 'Ada Admin',
      created_at: refund.createdAt ?? refund.settledAt,
      updated_at: refund.settledAt,
    })
    .execute();
  return id;
}

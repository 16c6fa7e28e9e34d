import type { LightMyRequestResponse } from 'fastify';
import type { ShopDatabase } from '../../src/server/db/database';
import { newId } from '../../src/server/db/ids';
import { insertVoucher } from '../../src/server/vouchers/vouchers.repository';
import { paymentAnswerSchema } from '../../src/shared/payments';
import { bearer } from './account-fixtures';
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

export function postAs(shop: TestShop, token: string, url: string, payload: unknown) {
  return shop.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    payload: payload as object,
  });
}

/** Opens a payment for the lines, as the checkout page's payment button does. */
export async function openPayment(
  shop: TestShop,
  token: string,
  lines: Lines,
  extra: Record<string, unknown> = {},
) {
  const response = await postAs(shop, token, '/api/payments', {
    orderItems: lines,
    shippingAddress: ADDRESS,
    ...extra,
  });
  if (response.statusCode !== 200) throw new Error(`payment refused: ${response.body}`);
  return paymentAnswerSchema.parse(response.json());
}

/** Sends the order for an approved payment, as onApprove does. */
export function placeOrder(
  shop: TestShop,
  token: string,
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

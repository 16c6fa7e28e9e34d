import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditEntry } from '../../../src/shared/audit/audit';
import { orderSchema } from '../../../src/shared/orders/orders';
import { indexUnsearchedAuditEntries } from '../../../src/server/audit/audit-log';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

describe.each(testDialects())('the audit log on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let staff: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    customer = await addUser(shop, { name: 'Cara Customer' });
    staff = await addUser(shop, { role: 'staff', name: 'Sid Staff' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    otherAdmin = await addUser(shop, { role: 'admin', name: 'Otto Owner' });
  });
  afterAll(() => shop.close());

  const send = (method: Method, url: string, token?: string, payload?: unknown) =>
    shop.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const audit = async (query: string) => {
    const response = await send('GET', `/api/audit?${query}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return auditPageSchema.parse(response.json());
  };
  /** The newest entry about one thing, with this action. */
  const entryAbout = async (targetId: string, action: string): Promise<AuditEntry> => {
    const { entries } = await audit(`q=${targetId}&action=${action}`);
    const entry = entries.find((candidate) => candidate.target.id === targetId);
    if (!entry) throw new Error(`no ${action} entry for ${targetId}`);
    return entry;
  };

  async function anOrder(who = customer) {
    const product = await addProduct(shop.database, { pricePence: 2000, countInStock: 5 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await openPayment(shop, who.token, lines);
    const response = await placeOrder(shop, who.token, payment.id, lines);
    expect(response.statusCode, response.body).toBe(201);
    return orderSchema.parse(response.json());
  }

  it("keeps a product's life: made, each changed field with its variants' prices and stock, deleted", async () => {
    const made = await send('POST', '/api/products', admin.token);
    expect(made.statusCode).toBe(201);
    const { _id: id } = made.json<{ _id: string }>();
    expect(await entryAbout(id, 'product.created')).toMatchObject({
      actor: { _id: admin.id, name: 'Ada Admin', email: admin.email },
      target: { type: 'product', id },
    });

    const body = {
      name: 'Garnet Drop Pendant',
      price: 45,
      image: '/uploads/garnet.webp',
      brand: 'Larkspur',
      category: 'pendants',
      countInStock: 0,
      description: 'A garnet on a fine chain.',
      options: [{ name: 'Length', values: ['40 cm', '45 cm'] }],
      variants: [
        {
          options: { Length: '40 cm' },
          sku: `GAR-40-${id.slice(0, 4)}`,
          price: 45,
          countInStock: 3,
        },
        {
          options: { Length: '45 cm' },
          sku: `GAR-45-${id.slice(0, 4)}`,
          price: 48,
          countInStock: 2,
        },
      ],
    };
    expect((await send('PUT', `/api/products/${id}`, admin.token, body)).statusCode).toBe(200);
    const repriced = {
      ...body,
      variants: [body.variants[0], { ...body.variants[1], price: 50, countInStock: 7 }],
    };
    const saved = await send('PUT', `/api/products/${id}`, admin.token, repriced);
    expect(saved.statusCode, saved.body).toBe(200);
    const updated = await entryAbout(id, 'product.updated');
    expect(updated.target).toEqual({ type: 'product', id, label: 'Garnet Drop Pendant' });
    expect(Object.keys(updated.after ?? {}).sort()).toEqual(
      Object.keys(updated.before ?? {}).sort(),
    );
    expect(updated.before?.variants).toEqual([
      expect.objectContaining({ sku: body.variants[0]?.sku, price: 45, countInStock: 3 }),
      expect.objectContaining({ sku: body.variants[1]?.sku, price: 48, countInStock: 2 }),
    ]);
    expect(updated.after?.variants).toEqual([
      expect.objectContaining({ sku: body.variants[0]?.sku, price: 45, countInStock: 3 }),
      expect.objectContaining({ sku: body.variants[1]?.sku, price: 50, countInStock: 7 }),
    ]);
    expect(updated.after).not.toHaveProperty('name');

    expect((await send('DELETE', `/api/products/${id}`, admin.token)).statusCode).toBe(200);
    expect((await entryAbout(id, 'product.deleted')).before).toMatchObject({
      name: 'Garnet Drop Pendant',
      status: 'live',
    });
  });

  it('audits both of two admins changing one product at once', async () => {
    const { product } = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S'] }],
      [{ options: { Size: 'S' }, sku: `TEE-${Date.now()}`, countInStock: 1 }],
      { name: 'Breton Tee', pricePence: 2500 },
    );
    const read = (await send('GET', `/api/admin/products/${product.id}`, admin.token)).json<{
      variants: { _id: string; options: Record<string, string>; sku: string }[];
    }>();
    const body = (name: string, countInStock: number) => ({
      name,
      price: 25,
      image: '/uploads/tee.webp',
      brand: 'Larkspur',
      category: 't-shirts',
      countInStock,
      description: 'A striped tee.',
      options: [{ name: 'Size', values: ['S'] }],
      variants: read.variants.map((variant) => ({
        _id: variant._id,
        options: variant.options,
        sku: variant.sku,
        price: 25,
        countInStock,
      })),
    });
    const answers = await Promise.all([
      send('PUT', `/api/products/${product.id}`, admin.token, body('Breton Tee', 4)),
      send('PUT', `/api/products/${product.id}`, otherAdmin.token, body('Breton Stripe Tee', 1)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const { entries } = await audit(`q=${product.id}&action=product.updated`);
    expect(entries.map((entry) => entry.actor.name).sort()).toEqual(['Ada Admin', 'Otto Owner']);
  });

  it("keeps who changed a user's role, and who deleted them, with what they were", async () => {
    const helper = await addUser(shop, { name: 'Hal Helper' });
    const promoted = await send('PUT', `/api/users/${helper.id}`, admin.token, {
      name: 'Hal Helper',
      email: helper.email,
      role: 'staff',
    });
    expect(promoted.json()).toMatchObject({ role: 'staff', isAdmin: false });
    expect(await entryAbout(helper.id, 'user.updated')).toMatchObject({
      target: { type: 'user', id: helper.id, label: helper.email },
      before: { role: 'customer' },
      after: { role: 'staff' },
    });
    expect((await send('DELETE', `/api/users/${helper.id}`, admin.token)).statusCode).toBe(200);
    expect((await entryAbout(helper.id, 'user.deleted')).before).toEqual({
      name: 'Hal Helper',
      email: helper.email,
      role: 'staff',
    });
  });

  it('keeps vouchers made, changed and deleted', async () => {
    const made = await send('POST', '/api/vouchers', admin.token);
    const { _id: id } = made.json<{ _id: string }>();
    const saved = await send('PUT', `/api/vouchers/${id}`, admin.token, {
      name: 'Winter',
      code: `WINTER${id.slice(0, 4).toUpperCase()}`,
      discount: 5,
      expires: '2099-01-31',
      minSpend: null,
      maxUses: null,
      oncePerCustomer: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await entryAbout(id, 'voucher.updated')).after).toMatchObject({
      name: 'Winter',
      discount: 5,
      status: 'live',
    });
    expect((await send('DELETE', `/api/vouchers/${id}`, admin.token)).statusCode).toBe(200);
    expect((await entryAbout(id, 'voucher.deleted')).target.label).toBe(
      `WINTER${id.slice(0, 4).toUpperCase()}`,
    );
    expect(await entryAbout(id, 'voucher.created')).toBeTruthy();
  });

  it("keeps an order's dispatch, delivery, notes, refunds and an admin's cancelling", async () => {
    const order = await anOrder();
    await send('POST', `/api/orders/${order._id}/notes`, staff.token, { text: 'Gift wrap it' });
    await send('PUT', `/api/orders/${order._id}/dispatched`, staff.token, {
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
    });
    await send('PUT', `/api/orders/${order._id}/delivered`, staff.token);
    const refunded = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
      amount: 5,
      reason: 'Scratched clasp',
      restock: [],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await entryAbout(order._id, 'order.note_added')).toMatchObject({
      actor: { name: 'Sid Staff' },
      target: { type: 'order', id: order._id, label: order.orderNumber },
      after: { text: 'Gift wrap it' },
    });
    expect(await entryAbout(order._id, 'order.dispatched')).toMatchObject({
      before: { status: 'paid' },
      after: { status: 'dispatched', carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' },
    });
    expect((await entryAbout(order._id, 'order.delivered')).after).toEqual({
      status: 'delivered',
    });
    expect((await entryAbout(order._id, 'order.refunded')).after).toMatchObject({
      amount: 5,
      reason: 'Scratched clasp',
    });

    const cancelledByAdmin = await anOrder();
    await send('POST', `/api/orders/${cancelledByAdmin._id}/cancel`, admin.token);
    expect(await entryAbout(cancelledByAdmin._id, 'order.cancelled')).toMatchObject({
      actor: { name: 'Ada Admin' },
      after: { status: 'cancelled', refund: 24.99 },
    });
    const cancelledByCustomer = await anOrder();
    await send('POST', `/api/orders/${cancelledByCustomer._id}/cancel`, customer.token);
    expect((await audit(`q=${cancelledByCustomer._id}`)).entries).toEqual([]);
  });

  it('keeps the name and email of someone since deleted', async () => {
    const leaving = await addUser(shop, { role: 'staff', name: 'Lee Leaving' });
    const order = await anOrder();
    await send('POST', `/api/orders/${order._id}/notes`, leaving.token, { text: 'Packed' });
    expect((await send('DELETE', `/api/users/${leaving.id}`, admin.token)).statusCode).toBe(200);
    expect((await entryAbout(order._id, 'order.note_added')).actor).toEqual({
      _id: leaving.id,
      name: 'Lee Leaving',
      email: leaving.email,
    });
    expect((await audit('q=lee leaving')).entries.length).toBeGreaterThanOrEqual(1);
  });

  it('filters by action, person, day and words, newest first, and refuses what it cannot read', async () => {
    const order = await anOrder();
    await send('POST', `/api/orders/${order._id}/notes`, staff.token, { text: 'First' });
    await send('POST', `/api/orders/${order._id}/notes`, staff.token, { text: 'Second' });
    const byStaff = await audit(`actor=${staff.id}&action=order.note_added&q=${order.orderNumber}`);
    expect(byStaff.entries.map((entry) => entry.after?.text)).toEqual(['Second', 'First']);
    expect((await audit(`actor=${admin.id}&q=${order._id}`)).entries).toEqual([]);
    expect((await audit(`q=${staff.email}`)).entries.length).toBeGreaterThanOrEqual(2);
    expect((await audit(`q=${order._id}&from=2000-01-01&to=2000-01-02`)).entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await audit(`q=${order._id}&from=${today}&to=${tomorrow}`)).entries).toHaveLength(2);
    for (const query of [
      'action=product.polished',
      'from=yesterday',
      'from=2026-02-30',
      `q=${'x'.repeat(101)}`,
    ]) {
      expect((await send('GET', `/api/audit?${query}`, admin.token)).statusCode, query).toBe(400);
    }
    // Entries written before the log had its words are found once the shop starts.
    const [latest] = byStaff.entries;
    await shop.database.db
      .deleteFrom('audit_words')
      .where('entry_id', '=', latest?._id ?? '')
      .execute();
    expect((await audit(`q=${order.orderNumber}&action=order.note_added`)).entries).toHaveLength(1);
    expect(await indexUnsearchedAuditEntries(shop.database.db)).toBeGreaterThanOrEqual(1);
    expect((await audit(`q=${order.orderNumber}&action=order.note_added`)).entries).toHaveLength(2);
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      const entryId = byStaff.entries[0]?._id ?? '';
      expect((await send(method, `/api/audit/${entryId}`, admin.token, {})).statusCode).toBe(404);
    }
  });
});

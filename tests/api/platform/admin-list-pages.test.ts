import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdminProductSlice } from '../../../src/server/catalog/admin-products.repository';
import { newId } from '../../../src/server/sql/ids';
import { foldChanges, keptSize } from '../../../src/server/sql/list-sizes';
import { toIsoString } from '../../../src/server/sql/timestamps';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { addStoredOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** Each list gets this many rows: three pages of 20, the last of 5. */
const ROWS = 45;
const START = Date.parse('2026-10-01T08:00:00Z');
/** Three rows to a moment, so that the lists' order among rows made together is tried too. */
const momentOf = (index: number) => new Date(START + Math.floor(index / 3) * 60_000).toISOString();

type Direction = 'asc' | 'desc';
interface Row {
  id: string;
  at: string | Date;
  first?: number;
}

/** The rows' ids in a list's order: `first` (reported) on top, then the date, then the id. */
function inOrder(rows: Row[], date: Direction, id: Direction): string[] {
  const sign = (direction: Direction, a: string, b: string) =>
    (a < b ? -1 : a > b ? 1 : 0) * (direction === 'asc' ? 1 : -1);
  return [...rows]
    .sort(
      (a, b) =>
        (b.first ?? 0) - (a.first ?? 0) ||
        sign(date, toIsoString(a.at), toIsoString(b.at)) ||
        sign(id, a.id, b.id),
    )
    .map((row) => row.id);
}

describe.each(testDialects())("the back office's lists, page by page, on %s", (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  /** Every page of a list, asked in turn, and the ids it showed. */
  async function everyPage(address: string, key: string): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const joiner = address.includes('?') ? '&' : '?';
      const response = await call('GET', `${address}${joiner}pageNumber=${page}`, admin.token);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<Record<string, unknown> & { page: number; pages: number }>();
      const listed = answer[key] as { _id: string }[];
      ids.push(...listed.map((row) => row._id));
      expect(answer.page).toBe(page);
      if (page >= answer.pages) return ids;
    }
  }

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
    const { db } = shop.database;
    for (let index = 0; index < ROWS; index += 1) {
      const fields = {
        createdAt: momentOf(index),
        category: index % 2 === 0 ? 'rings' : 'hats',
        countInStock: index % 4 === 0 ? 0 : 3,
      };
      if (index % 5 === 0) {
        await addProductWithVariants(
          shop.database,
          [{ name: 'Size', values: ['S', 'M'] }],
          [
            { options: { Size: 'S' }, countInStock: index % 10 === 0 ? 0 : 2 },
            { options: { Size: 'M' }, countInStock: 4 },
          ],
          fields,
        );
      } else {
        await addProduct(shop.database, fields);
      }
      const at = momentOf(index);
      await db
        .insertInto('vouchers')
        .values({
          id: newId(),
          name: `Voucher ${index}`,
          code: `PAGE${index}`,
          code_key: `page${index}`,
          discount_pence: 500,
          expires_at: new Date(START + 90 * 86_400_000).toISOString(),
          status: 'live',
          created_at: at,
          updated_at: at,
          min_spend_pence: null,
          max_uses: null,
        })
        .execute();
      await db
        .insertInto('subscribers')
        .values({ id: newId(), email: `reader${index}@example.com`, created_at: at })
        .execute();
      await db
        .insertInto('users')
        .values({
          id: newId(),
          name: `Customer ${index}`,
          email: `customer${index}@example.com`,
          password_hash: 'not a hash anyone signs in with',
          role: 'customer',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await addStoredOrder(db, admin, { paidAt: at, totalPence: 1000 + index });
    }
    // The audit log shows 50 a page: 110 entries make three pages, the last of 10.
    for (let index = 0; index < 110; index += 1) {
      await db
        .insertInto('audit_entries')
        .values({
          id: newId(),
          at: momentOf(index),
          actor_id: admin.id,
          actor_name: admin.name,
          actor_email: admin.email,
          action: 'product.updated',
          target_type: 'product',
          target_id: newId(),
          target_label: `Product ${index}`,
          before: null,
          after: null,
        })
        .execute();
    }
    const products = await db.selectFrom('products').select('id').execute();
    for (const [index, product] of products.entries()) {
      await db
        .insertInto('reviews')
        .values({
          id: newId(),
          product_id: product.id,
          user_id: null,
          name: 'Reviewer',
          rating: 4,
          comment: 'Fine',
          created_at: momentOf(index),
          reported: index % 7 === 0 ? 1 : 0,
        })
        .execute();
    }
  });
  afterAll(() => shop.close());

  const rowsOf = async (
    table: 'products' | 'vouchers' | 'subscribers' | 'users' | 'orders',
    where: (row: { id: string }) => boolean = () => true,
  ) =>
    (await shop.database.db.selectFrom(table).select(['id', 'created_at as at']).execute()).filter(
      where,
    );

  it('lists every product, newest first and by id among those made together, each once', async () => {
    expect(await everyPage('/api/admin/products', 'products')).toEqual(
      inOrder(await rowsOf('products'), 'desc', 'asc'),
    );
    const rings = await shop.database.db
      .selectFrom('products')
      .select(['id', 'created_at as at'])
      .where('category', '=', 'rings')
      .execute();
    expect(await everyPage('/api/admin/products?category=rings', 'products')).toEqual(
      inOrder(rings, 'desc', 'asc'),
    );
  });

  it('lists the products sold out the same whether read from their matches or in order', async () => {
    const { db } = shop.database;
    const soldOut = await db
      .selectFrom('products')
      .select(['id', 'created_at as at'])
      .where((eb) =>
        eb.or([
          eb.and([eb('options', '=', '[]'), eb('count_in_stock', '=', 0)]),
          eb.exists(
            eb
              .selectFrom('product_variants')
              .select('product_variants.id')
              .whereRef('product_variants.product_id', '=', 'products.id')
              .where('product_variants.count_in_stock', '=', 0),
          ),
        ]),
      )
      .execute();
    const expected = inOrder(soldOut, 'desc', 'asc');
    expect(expected.length).toBeGreaterThan(10);
    expect(await everyPage('/api/admin/products?stock=sold_out', 'products')).toEqual(expected);
    const filter = { stock: 'sold_out' as const, lowStock: 3 };
    for (const fewMatches of [0, 1000]) {
      const read: string[] = [];
      for (let offset = 0; offset < expected.length; offset += 5) {
        const slice = await listAdminProductSlice(db, filter, { offset, limit: 5 }, { fewMatches });
        expect(slice.total).toBe(expected.length);
        read.push(...slice.products.map((product) => product.id));
      }
      expect(read, `listed from its matches up to ${fewMatches}`).toEqual(expected);
    }
  });

  it('lists vouchers and subscribers newest first, by id among those made together', async () => {
    expect(await everyPage('/api/vouchers', 'vouchers')).toEqual(
      inOrder(await rowsOf('vouchers'), 'desc', 'asc'),
    );
    expect(await everyPage('/api/subscribers', 'subscribers')).toEqual(
      inOrder(await rowsOf('subscribers'), 'desc', 'asc'),
    );
  });

  it('lists users and customers newest first, the greater id first among those made together', async () => {
    const users = inOrder(await rowsOf('users'), 'desc', 'desc');
    expect(users.length).toBeGreaterThan(ROWS);
    expect(await everyPage('/api/users', 'users')).toEqual(users);
    expect(await everyPage('/api/customers', 'customers')).toEqual(users);
  });

  it('lists orders, of every status and of one, and the audit log, newest first', async () => {
    const orders = inOrder(await rowsOf('orders'), 'desc', 'desc');
    expect(await everyPage('/api/orders', 'orders')).toEqual(orders);
    expect(await everyPage('/api/orders?status=paid', 'orders')).toEqual(orders);
    const entries = await shop.database.db
      .selectFrom('audit_entries')
      .select(['id', 'at'])
      .execute();
    expect(await everyPage('/api/audit', 'entries')).toEqual(inOrder(entries, 'desc', 'desc'));
  });

  it('lists reviews with reports on top, then newest first', async () => {
    const reviews = await shop.database.db
      .selectFrom('reviews')
      .select(['id', 'created_at as at', 'reported as first'])
      .execute();
    expect(await everyPage('/api/reviews', 'reviews')).toEqual(inOrder(reviews, 'desc', 'desc'));
    expect(await everyPage('/api/reviews?reported=true', 'reviews')).toEqual(
      inOrder(
        reviews.filter((review) => review.first === 1),
        'desc',
        'desc',
      ),
    );
  });

  it('keeps the number of orders and of products, of each status and in all, as rows come, move and go', async () => {
    const { db } = shop.database;
    const totalOf = async (address: string) => {
      const response = await call('GET', address, admin.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ total: number }>().total;
    };
    const counted = async (table: 'orders' | 'products', status?: 'paid' | 'dispatched') => {
      const rows = await db.selectFrom(table).select('id').execute();
      if (status === undefined) return rows.length;
      return (await db.selectFrom('orders').select('id').where('status', '=', status).execute())
        .length;
    };
    const expectTotalsRight = async () => {
      expect(await totalOf('/api/orders')).toBe(await counted('orders'));
      for (const status of ['paid', 'dispatched'] as const) {
        expect(await totalOf(`/api/orders?status=${status}`)).toBe(await counted('orders', status));
      }
      expect(await totalOf('/api/admin/products')).toBe(await counted('products'));
      for (const status of ['live', 'draft'] as const) {
        const rows = await db
          .selectFrom('products')
          .select('id')
          .where('status', '=', status)
          .execute();
        expect({ status, kept: await keptSize(db, `products:${status}`) }).toEqual({
          status,
          kept: rows.length,
        });
      }
    };
    await expectTotalsRight();

    // 600 products in batches, then half of them removed in one statement.
    const made = Array.from({ length: 600 }, (_, index) => ({
      id: newId(),
      name: `Batch product ${index}`,
      brand: 'Batch',
      image: '/uploads/batch.webp',
      price_pence: 1000,
      description: 'Loaded in a batch',
      category: 'hats',
      department: 'knitwear',
      count_in_stock: 1,
      status: 'live' as const,
      options: '[]',
      specifications: '[]',
      created_at: momentOf(index),
      updated_at: momentOf(index),
    }));
    for (let start = 0; start < made.length; start += 100) {
      await db
        .insertInto('products')
        .values(made.slice(start, start + 100))
        .execute();
    }
    await db
      .deleteFrom('products')
      .where(
        'id',
        'in',
        made.slice(0, 300).map((product) => product.id),
      )
      .execute();
    // Products taken down together, one put back, one left as it was by an update of its price.
    const down = made.slice(300, 340).map((product) => product.id);
    await db.updateTable('products').set({ status: 'draft' }).where('id', 'in', down).execute();
    await db
      .updateTable('products')
      .set({ status: 'live' })
      .where('id', '=', down[0] ?? '')
      .execute();
    await db
      .updateTable('products')
      .set({ price_pence: 1200 })
      .where(
        'id',
        'in',
        made.slice(340, 350).map((product) => product.id),
      )
      .execute();
    // Orders moved on together, one left as it was by an update of another column, one removed.
    const paid = await db.selectFrom('orders').select('id').where('status', '=', 'paid').execute();
    const moving = paid.slice(0, 7).map((order) => order.id);
    await db
      .updateTable('orders')
      .set({ status: 'dispatched' })
      .where('id', 'in', moving)
      .execute();
    await db
      .updateTable('orders')
      .set({ notes: 'Rang' })
      .where('id', '=', paid[10]?.id ?? '')
      .execute();
    await db
      .deleteFrom('orders')
      .where('id', '=', paid[11]?.id ?? '')
      .execute();
    await expectTotalsRight();

    // However many changes have gathered, a list's size reads the same once they are folded.
    await foldChanges(db, 'products');
    const products = await db
      .selectFrom('list_size_changes')
      .select('change')
      .where('list', '=', 'products')
      .execute();
    expect(products.map((row) => Number(row.change))).toEqual([await counted('products')]);
    await expectTotalsRight();
  });
});

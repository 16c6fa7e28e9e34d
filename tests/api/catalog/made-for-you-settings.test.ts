import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { adminProductSchema } from '../../../src/shared/catalog/catalog-admin';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** A jumper saved whole, as the back office's form sends it. */
const JUMPER = {
  name: 'Hand-Knitted Gansey',
  price: 95,
  image: '/uploads/gansey.webp',
  brand: 'Larkspur',
  category: 'jumpers',
  countInStock: 0,
  description: 'Knitted for you in the colour you choose.',
};

/** A release date well ahead of any day the test runs on. */
const RELEASE = '2099-03-01';

describe.each(testDialects())(
  'made to order and pre-orders, as the owner saves them, on %s',
  (dialect) => {
    let shop: TestShop;
    let admin: TestUser;

    beforeAll(async () => {
      shop = await startTestShop(dialect);
      admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    });
    afterAll(() => shop.close());

    const call = apiCaller(() => shop);

    const aJumper = () => addProduct(shop.database, { ...JUMPER, pricePence: 9500 });
    const stored = (id: string) =>
      shop.database.db
        .selectFrom('products')
        .select(['made_to_order_days', 'preorder_release', 'preorder_limit'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const shopperSees = async (id: string) =>
      productDetailSchema.parse((await call('GET', `/api/products/${id}`)).json());

    it('saves a lead time, answers it to the owner and to shoppers, keeps it when left out, ends it with null, and audits it', async () => {
      const jumper = await aJumper();
      const saved = await call('PUT', `/api/products/${jumper.id}`, admin.token, {
        ...JUMPER,
        madeToOrder: { leadDays: 15 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(adminProductSchema.parse(saved.json())).toMatchObject({
        madeToOrder: { leadDays: 15 },
        preorder: null,
      });
      expect(await stored(jumper.id)).toEqual({
        made_to_order_days: 15,
        preorder_release: null,
        preorder_limit: null,
      });
      expect(await shopperSees(jumper.id)).toMatchObject({
        madeToOrder: { leadDays: 15 },
        preorder: null,
      });

      // Left out, it is kept.
      const kept = await call('PUT', `/api/products/${jumper.id}`, admin.token, JUMPER);
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await stored(jumper.id)).made_to_order_days).toBe(15);

      const ended = await call('PUT', `/api/products/${jumper.id}`, admin.token, {
        ...JUMPER,
        madeToOrder: null,
      });
      expect(ended.statusCode, ended.body).toBe(200);
      expect((await stored(jumper.id)).made_to_order_days).toBeNull();

      const { entries } = auditPageSchema.parse(
        (await call('GET', `/api/audit?q=${jumper.id}&action=product.updated`, admin.token)).json(),
      );
      // Newest first: ended, then set; the save that left it out changed nothing.
      expect(entries.map((entry) => [entry.before?.madeToOrder, entry.after?.madeToOrder])).toEqual(
        [
          [{ leadDays: 15 }, null],
          [null, { leadDays: 15 }],
        ],
      );
    });

    it('saves a pre-order with its release date and limit, shown to shoppers with what is left', async () => {
      const jumper = await aJumper();
      const saved = await call('PUT', `/api/products/${jumper.id}`, admin.token, {
        ...JUMPER,
        preorder: { releaseDate: RELEASE, limit: 20 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await stored(jumper.id)).toEqual({
        made_to_order_days: null,
        preorder_release: RELEASE,
        preorder_limit: 20,
      });
      expect((await shopperSees(jumper.id)).preorder).toEqual({
        releaseDate: RELEASE,
        limit: 20,
        left: 20,
      });
    });

    it.each([
      [{ madeToOrder: { leadDays: 0 } }, 'madeToOrder.leadDays'],
      [{ madeToOrder: { leadDays: 61 } }, 'madeToOrder.leadDays'],
      [{ madeToOrder: { leadDays: 2.5 } }, 'madeToOrder.leadDays'],
      [{ madeToOrder: { leadDays: '15' } }, 'madeToOrder.leadDays'],
      [{ preorder: { releaseDate: '1 March', limit: 20 } }, 'preorder.releaseDate'],
      [{ preorder: { releaseDate: '2099-02-30', limit: 20 } }, 'preorder.releaseDate'],
      [{ preorder: { releaseDate: RELEASE, limit: 0 } }, 'preorder.limit'],
      [{ preorder: { releaseDate: RELEASE, limit: -3 } }, 'preorder.limit'],
      [
        { madeToOrder: { leadDays: 15 }, preorder: { releaseDate: RELEASE, limit: 20 } },
        'preorder',
      ],
    ])('refuses %j with 400 naming %s, changing nothing', async (fields, path) => {
      const jumper = await aJumper();
      const response = await call('PUT', `/api/products/${jumper.id}`, admin.token, {
        ...JUMPER,
        name: 'Renamed Gansey',
        ...fields,
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ code: string; errors?: { path: string }[] }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors?.map((error) => error.path)).toContain(path);
      expect(await stored(jumper.id)).toEqual({
        made_to_order_days: null,
        preorder_release: null,
        preorder_limit: null,
      });
      expect((await shopperSees(jumper.id)).name).toBe(JUMPER.name);
    });
  },
);

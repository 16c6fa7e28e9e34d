import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderSchema } from '../../../src/shared/orders/orders';
import { addUser, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { openPayment, orderCount, placeOrder, stockOf } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

// Only PostgreSQL has a connection for a server to drop: SQLite is the shop's own file.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an order whose database connection drops while it is stored',
  () => {
    let shop: TestShop;
    let customer: TestUser;
    let aside: pg.Client;

    beforeAll(async () => {
      shop = await startTestShop('postgres');
      customer = await addUser(shop);
      if (shop.config.database.dialect !== 'postgres') throw new Error('a PostgreSQL shop');
      aside = new pg.Client({ connectionString: shop.config.database.connectionString });
      await aside.connect();
    });
    afterAll(async () => {
      await aside.end();
      await shop.close();
    });

    /** The shop's sessions waiting on a lock the test holds. */
    async function waiting(): Promise<number[]> {
      await aside.query('select pg_stat_clear_snapshot()');
      const { rows } = await aside.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows.map((row) => row.pid);
    }

    /**
     * Places an order while no order may be written: each time the shop's transaction waits to
     * write it, the server ends that session, `drops` times, then lets the order be written.
     */
    async function placeWhileDropping(drops: number) {
      const product = await addProduct(shop.database, { pricePence: 2500, countInStock: 3 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await openPayment(shop, customer.token, lines);
      await aside.query('begin');
      // Reads go on; an order's row cannot be written until the test lets it.
      await aside.query('lock table orders in share row exclusive mode');
      const placing = placeOrder(shop, customer.token, payment.id, lines);
      for (let dropped = 0; dropped < drops; dropped += 1) {
        let pids: number[] = [];
        await vi.waitFor(
          async () => {
            pids = await waiting();
            expect(pids).toHaveLength(1);
          },
          { timeout: 10_000, interval: 20 },
        );
        await aside.query('select pg_terminate_backend($1)', [pids[0]]);
        // The next attempt, if any, waits on the lock again before the next drop.
        await vi.waitFor(async () => expect(await waiting()).not.toEqual(pids), {
          timeout: 10_000,
          interval: 20,
        });
      }
      await aside.query('rollback');
      return { answer: await placing, product, payment };
    }

    const paymentStatus = async (id: string) =>
      (
        await shop.database.db
          .selectFrom('payments')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;

    it('tries once more, and keeps the order rather than refunding it', async () => {
      const before = await orderCount(shop.database);
      const { answer, product, payment } = await placeWhileDropping(1);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(orderSchema.parse(answer.json()).isPaid).toBe(true);
      expect(await orderCount(shop.database)).toBe(before + 1);
      expect(await stockOf(shop.database, product.id)).toBe(2);
      expect(await paymentStatus(payment.id)).toBe('fulfilled');
    });

    it('refunds the capture when the second attempt is dropped too', async () => {
      const before = await orderCount(shop.database);
      const { answer, product, payment } = await placeWhileDropping(2);
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toMatchObject({ code: 'ORDER_NOT_RECORDED' });
      expect(await orderCount(shop.database)).toBe(before);
      expect(await stockOf(shop.database, product.id)).toBe(3);
      expect(await paymentStatus(payment.id)).toBe('refunded');
    });
  },
);

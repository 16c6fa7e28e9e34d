import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPORT_COLUMNS } from '../../../src/shared/exports/exports';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const OUT_OF_BOUNDS = 'Dates must be between 2000-01-01 and 2099-12-31';

/** A 400 for one field's date, as every call that takes dates answers it. */
const refused = (path: string, message = OUT_OF_BOUNDS) => ({
  message,
  code: 'VALIDATION_FAILED',
  errors: [{ path, message }],
});

describe.each(testDialects())('dates a call takes, on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.request(url, { headers: bearer(admin.token) });

  /** The calls that take UK days `from` and `to`, and whether each answers a CSV file. */
  const dayCalls = [
    ['the order search', '/api/orders', false],
    ['the audit log', '/api/audit', false],
    ['the orders download', '/api/exports/orders.csv', true],
  ] as const;

  describe.each(dayCalls)('%s', (_name, url, isFile) => {
    it.each([
      ['from', '9999-12-31'],
      ['to', '9999-12-31'],
      ['to', '2100-01-01'],
      ['from', '1999-12-31'],
      ['from', '0001-01-01'],
    ])('refuses %s=%s with 400 and the field', async (field, day) => {
      const response = await get(`${url}?${field}=${day}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(refused(field));
    });

    it('answers the first and last days there are, whole', async () => {
      const response = await get(`${url}?from=2000-01-01&to=2099-12-31`);
      expect(response.status).toBe(200);
      if (isFile) {
        // The header row alone (this shop has no orders), whole: nothing was cut short.
        const file = Buffer.from(await response.arrayBuffer()).toString('utf8');
        expect(file).toBe(`\uFEFF${ORDER_EXPORT_COLUMNS.join(',')}\r\n`);
      } else {
        expect(await response.json()).toMatchObject({ page: 1 });
      }
    });
  });

  describe.each([
    ['the VAT return', '/api/reports/vat'],
    ['the VAT record', '/api/reports/vat.csv'],
  ])('%s', (_name, url) => {
    it.each(['9999-12', '2100-03', '1999-12'])(
      'refuses quarter=%s with 400 and the field',
      async (quarter) => {
        const response = await get(`${url}?quarter=${quarter}`);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(
          refused('quarter', 'The quarter must end between 2000-01 and 2099-12'),
        );
      },
    );

    it('answers the last quarter there is', async () => {
      const response = await get(`${url}?quarter=2099-12`);
      expect(response.status).toBe(200);
    });
  });

  describe('a voucher', () => {
    const voucher = (expires: string) => ({
      name: 'Far off',
      code: 'FAR-OFF',
      discount: 5,
      expires,
    });
    const expiryOf = async (id: string) => {
      const stored = await shop.database.db
        .selectFrom('vouchers')
        .select('expires_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return new Date(stored.expires_at).toISOString();
    };

    it.each(['9999-12-31', '2100-01-01', '1999-12-31T23:00:00Z', '9999-12-31T23:59:59+01:00'])(
      'refuses to expire on %s, and keeps the expiry it had',
      async (expires) => {
        const made = await shop.request('/api/vouchers', {
          method: 'POST',
          headers: bearer(admin.token),
        });
        expect(made.status).toBe(201);
        const { _id } = (await made.json()) as { _id: string };
        const put = (body: unknown) =>
          shop.request(`/api/vouchers/${_id}`, {
            method: 'PUT',
            headers: bearer(admin.token),
            json: body,
          });
        expect((await put({ ...voucher('2099-12-31'), code: `FAR-${_id}` })).status).toBe(200);

        const changed = await put({ ...voucher(expires), code: `FAR-${_id}` });
        expect(changed.status).toBe(400);
        expect(await changed.json()).toEqual(
          refused('expires', 'The expiry date must be between 2000-01-01 and 2099-12-31'),
        );
        expect(await expiryOf(_id)).toBe('2099-12-31T23:59:59.999Z');
      },
    );
  });
});

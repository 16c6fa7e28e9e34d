import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  ADDRESS_BOOK_LIMIT,
  addressBookSchema,
  savedAddressSchema,
} from '../../../src/shared/accounts/address-book';
import { errorBodySchema } from '../../../src/shared/errors';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const home = {
  name: 'Ann Archer',
  address: '1 Mill Lane',
  city: 'Bristol',
  postalCode: 'bs14dj',
};
const gran = {
  name: 'Gran Archer',
  address: '22 Quay Street',
  line2: 'Flat 3',
  city: 'Whitby',
  county: 'North Yorkshire',
  postalCode: 'YO21 3PU',
  country: 'UK',
  phone: '01947 600000',
};

describe.each(testDialects())('the address book on %s', (dialect) => {
  let shop: TestShop;
  let ann: TestUser;
  let bea: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    [ann, bea] = await Promise.all([addUser(shop), addUser(shop)]);
  });
  afterAll(() => shop.close());

  /** The customer's book as the API lists it. */
  const bookOf = async (user: TestUser) => {
    const response = await call('GET', '/api/users/addresses', user.token);
    expect(response.statusCode).toBe(200);
    return addressBookSchema.parse(response.json());
  };

  /** Every saved address in the database, whoever it belongs to: what a refusal must not change. */
  const storedRows = () =>
    shop.database.db.selectFrom('saved_addresses').selectAll().orderBy('id').execute();

  const save = async (user: TestUser, address: object) => {
    const response = await call('POST', '/api/users/addresses', user.token, address);
    expect(response.statusCode, response.body).toBe(201);
    return savedAddressSchema.parse(response.json());
  };

  const emptyBookOf = async (user: TestUser) => {
    for (const saved of await bookOf(user)) {
      expect(
        (await call('DELETE', `/api/users/addresses/${saved._id}`, user.token)).statusCode,
      ).toBe(200);
    }
  };

  it('keeps an address as the checkout would: trimmed, postcode written the UK way', async () => {
    await emptyBookOf(ann);
    expect(await bookOf(ann)).toEqual([]);
    const response = await call('POST', '/api/users/addresses', ann.token, {
      ...home,
      address: '  1 Mill Lane ',
    });
    expect(response.statusCode).toBe(201);
    // Nothing but the address and its id: not whose it is, nor when it was used.
    const saved = z.strictObject(savedAddressSchema.shape).parse(response.json());
    expect(saved._id).toMatch(/^[0-9a-f]{24}$/);
    expect(saved).toEqual({
      _id: saved._id,
      name: 'Ann Archer',
      address: '1 Mill Lane',
      line2: '',
      city: 'Bristol',
      county: '',
      postalCode: 'BS1 4DJ',
      country: 'United Kingdom',
      phone: '',
    });
    expect(await bookOf(ann)).toEqual([saved]);
    const row = await shop.database.db
      .selectFrom('saved_addresses')
      .selectAll()
      .where('id', '=', saved._id)
      .executeTakeFirst();
    expect(row).toMatchObject({ user_id: ann.id, postal_code: 'BS1 4DJ', city: 'Bristol' });
  });

  it('lists the address saved or chosen most recently first, and an edit keeps its place', async () => {
    await emptyBookOf(ann);
    const first = await save(ann, home);
    const second = await save(ann, gran);
    const third = await save(ann, { ...home, name: 'Cal Archer', address: '3 Elm Row' });
    expect((await bookOf(ann)).map((entry) => entry._id)).toEqual([
      third._id,
      second._id,
      first._id,
    ]);

    const used = await call('POST', `/api/users/addresses/${first._id}/use`, ann.token);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual(first);
    expect((await bookOf(ann)).map((entry) => entry._id)).toEqual([
      first._id,
      third._id,
      second._id,
    ]);

    const edited = await call('PUT', `/api/users/addresses/${second._id}`, ann.token, {
      ...gran,
      line2: 'Flat 4',
      postalCode: 'yo213pu',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...second, line2: 'Flat 4', postalCode: 'YO21 3PU' });
    const book = await bookOf(ann);
    expect(book.map((entry) => entry._id)).toEqual([first._id, third._id, second._id]);
    expect(book[2]).toMatchObject({ name: 'Gran Archer', line2: 'Flat 4', phone: '01947 600000' });
  });

  it('keeps the same address once: saving it again moves it to the top', async () => {
    await emptyBookOf(ann);
    const first = await save(ann, home);
    await save(ann, gran);
    const again = await call('POST', '/api/users/addresses', ann.token, {
      ...home,
      postalCode: 'BS1 4DJ',
      country: 'United Kingdom',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    const book = await bookOf(ann);
    expect(book).toHaveLength(2);
    expect(book[0]?._id).toBe(first._id);
  });

  it('removes an address, and says so', async () => {
    await emptyBookOf(ann);
    const kept = await save(ann, home);
    const gone = await save(ann, gran);
    const removed = await call('DELETE', `/api/users/addresses/${gone._id}`, ann.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Address removed from your address book' });
    expect(await bookOf(ann)).toEqual([kept]);
    const again = await call('DELETE', `/api/users/addresses/${gone._id}`, ann.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'ADDRESS_NOT_FOUND' });
  });

  it("shows nobody another customer's addresses, and answers 404 for them, changing nothing", async () => {
    await emptyBookOf(ann);
    await emptyBookOf(bea);
    const annsHome = await save(ann, home);
    const beasHome = await save(bea, gran);
    expect(await bookOf(ann)).toEqual([annsHome]);
    expect(await bookOf(bea)).toEqual([beasHome]);
    const admin = await addUser(shop, { role: 'admin' });
    expect(await bookOf(admin)).toEqual([]);
    const before = await storedRows();

    for (const caller of [bea, admin]) {
      const attempts = [
        call('PUT', `/api/users/addresses/${annsHome._id}`, caller.token, gran),
        call('POST', `/api/users/addresses/${annsHome._id}/use`, caller.token),
        call('DELETE', `/api/users/addresses/${annsHome._id}`, caller.token),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          message: 'That address is not in your address book',
          code: 'ADDRESS_NOT_FOUND',
        });
      }
    }
    for (const id of ['000000000000000000000000', 'no-such-address']) {
      expect((await call('PUT', `/api/users/addresses/${id}`, ann.token, home)).statusCode).toBe(
        404,
      );
    }
    expect(await storedRows()).toEqual(before);
  });

  it('answers 401 to a caller who is not signed in, whatever the body, changing nothing', async () => {
    const [saved] = await bookOf(ann);
    const id = saved?._id ?? 'none';
    const before = await storedRows();
    const attempts = [
      call('GET', '/api/users/addresses'),
      call('POST', '/api/users/addresses', undefined, home),
      call('POST', '/api/users/addresses', undefined, { name: 42 }),
      call('PUT', `/api/users/addresses/${id}`, undefined, gran),
      call('POST', `/api/users/addresses/${id}/use`),
      call('DELETE', `/api/users/addresses/${id}`),
      call('GET', '/api/users/addresses', 'not.a.token'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(401);
      expect(errorBodySchema.parse(response.json()).code).toBe('UNAUTHENTICATED');
    }
    expect(await storedRows()).toEqual(before);
  });

  describe('refuses a bad address with 400, in words, changing nothing', () => {
    const bad: [string, unknown, string][] = [
      ['no body at all', undefined, 'Please enter the delivery address'],
      ['a list', [home], 'Please enter the delivery address'],
      ['no name', { ...home, name: undefined }, "Please enter the recipient's name"],
      ['a blank name', { ...home, name: '   ' }, "Please enter the recipient's name"],
      ['a name as a number', { ...home, name: 42 }, "Please enter the recipient's name"],
      [
        'no first line',
        { ...home, address: undefined },
        'Please enter the first line of the address',
      ],
      ['no town', { ...home, city: '' }, 'Please enter the town or city'],
      ['no postcode', { ...home, postalCode: undefined }, 'Please enter the postcode'],
      ['a postcode as a number', { ...home, postalCode: 12345 }, 'Please enter the postcode'],
      [
        'a postcode abroad',
        { ...home, postalCode: '75007' },
        'That is not a UK postcode (for example SW1A 1AA)',
      ],
      [
        'a country abroad',
        { ...home, country: 'France' },
        'Sorry, we deliver to addresses in the United Kingdom only',
      ],
      [
        'a phone of words',
        { ...home, phone: 'call me' },
        'A phone number can use digits, spaces, + ( ) and - only',
      ],
      [
        'a name of 101 characters',
        { ...home, name: 'A'.repeat(101) },
        "The recipient's name can be at most 100 characters",
      ],
      [
        'a first line of 201 characters',
        { ...home, address: `1 ${'Long '.repeat(40)}Lane` },
        'The first line of the address can be at most 200 characters',
      ],
      ['a NUL in a line', { ...home, address: '1 Mill\u0000 Lane' }, 'address'],
      ['a line break in the town', { ...home, city: 'Bris\ntol' }, 'city'],
      ['a bell in the name', { ...home, name: 'Ann\u0007' }, 'name'],
    ];

    it.each(bad)('%s', async (_case, body, words) => {
      const [target] = await bookOf(ann);
      const before = await storedRows();
      const calls = [call('POST', '/api/users/addresses', ann.token, body)];
      if (target) calls.push(call('PUT', `/api/users/addresses/${target._id}`, ann.token, body));
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, response.body).toBe(400);
        const answer = errorBodySchema.parse(response.json());
        expect(answer.code).toBe('VALIDATION_FAILED');
        expect(answer.message).toContain(words);
      }
      expect(await storedRows()).toEqual(before);
    });
  });

  it(`keeps at most ${ADDRESS_BOOK_LIMIT} addresses, and still moves a saved one up when full`, async () => {
    await emptyBookOf(ann);
    for (let number = 1; number <= ADDRESS_BOOK_LIMIT; number += 1) {
      await save(ann, { ...home, address: `${number} Mill Lane` });
    }
    const before = await storedRows();
    const full = await call('POST', '/api/users/addresses', ann.token, gran);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({
      message: `Your address book holds ${ADDRESS_BOOK_LIMIT} addresses, as many as it can: please remove one first`,
      code: 'ADDRESS_BOOK_FULL',
    });
    expect(await storedRows()).toEqual(before);

    const known = await call('POST', '/api/users/addresses', ann.token, {
      ...home,
      address: '1 Mill Lane',
    });
    expect(known.statusCode).toBe(200);
    const book = await bookOf(ann);
    expect(book).toHaveLength(ADDRESS_BOOK_LIMIT);
    expect(book[0]?.address).toBe('1 Mill Lane');
  });

  it('lets two saves at once take only the last place of a book', async () => {
    await emptyBookOf(ann);
    for (let number = 1; number < ADDRESS_BOOK_LIMIT; number += 1) {
      await save(ann, { ...home, address: `${number} Elm Row` });
    }
    const answers = await Promise.all([
      call('POST', '/api/users/addresses', ann.token, gran),
      call('POST', '/api/users/addresses', ann.token, { ...gran, name: 'Grandad Archer' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await bookOf(ann)).toHaveLength(ADDRESS_BOOK_LIMIT);
  });

  it('goes with the account when it is deleted', async () => {
    const leaving = await addUser(shop);
    await save(leaving, home);
    const admin = await addUser(shop, { role: 'admin' });
    expect((await call('DELETE', `/api/users/${leaving.id}`, admin.token)).statusCode).toBe(200);
    const left = await shop.database.db
      .selectFrom('saved_addresses')
      .select('id')
      .where('user_id', '=', leaving.id)
      .execute();
    expect(left).toEqual([]);
  });
});

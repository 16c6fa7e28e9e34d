import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import { myReviewSchema } from '../../../src/shared/catalog/catalog';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('reviews on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    customer = await addUser(shop, { name: 'Rae Reviewer' });
  });
  afterAll(() => shop.close());

  const review = (productId: string, body: unknown, token?: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/review`,
      headers: token ? bearer(token) : {},
      payload: body as object,
    });

  const detail = async (productId: string) =>
    productDetailSchema.parse(
      (await shop.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json(),
    );

  it('adds a review under the customer’s first name and initial and moves the rating with it', async () => {
    const product = await addProduct(shop.database);
    const other = await addUser(shop, { name: 'Oli Other' });
    const first = await review(
      product.id,
      { rating: 5, comment: '  Beautiful chain  ' },
      customer.token,
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Review added' });
    expect(await detail(product.id)).toMatchObject({
      rating: 5,
      numReviews: 1,
      reviews: [{ name: 'Rae R.', rating: 5, comment: 'Beautiful chain' }],
    });
    await review(product.id, { rating: 2, comment: 'Too short for me' }, other.token);
    const after = await detail(product.id);
    expect(after).toMatchObject({ rating: 3.5, numReviews: 2 });
    expect(after.reviews.map((item) => item.name)).toEqual(['Oli O.', 'Rae R.']);
  });

  it('takes one review per customer per product: the second is 409 and changes nothing', async () => {
    const product = await addProduct(shop.database);
    await review(product.id, { rating: 4, comment: 'Good' }, customer.token);
    const again = await review(
      product.id,
      { rating: 1, comment: 'Changed my mind' },
      customer.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have already reviewed this product',
      code: 'ALREADY_REVIEWED',
    });
    expect(await detail(product.id)).toMatchObject({ rating: 4, numReviews: 1 });
  });

  it('stores one review when the same customer sends two at once', async () => {
    const product = await addProduct(shop.database);
    const answers = await Promise.all(
      [5, 3].map((rating) => review(product.id, { rating, comment: 'Twice' }, customer.token)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const after = await detail(product.id);
    expect(after.numReviews).toBe(1);
    expect(after.reviews).toHaveLength(1);
    expect(after.rating).toBe(after.reviews[0]?.rating);
  });

  it('keeps a comment exactly as written, markup included, for the page to show as text', async () => {
    const product = await addProduct(shop.database);
    const comment = '<img src=x onerror=alert(1)> <b>bold</b> & "quoted"';
    await review(product.id, { rating: 3, comment }, customer.token);
    expect((await detail(product.id)).reviews[0]?.comment).toBe(comment);
  });

  it('needs a signed-in customer: a guest gets 401 whatever the body', async () => {
    const product = await addProduct(shop.database);
    for (const body of [{ rating: 5, comment: 'Nice' }, { nonsense: true }]) {
      const response = await review(product.id, body);
      expect(response.statusCode).toBe(401);
    }
    expect((await detail(product.id)).numReviews).toBe(0);
  });

  it('answers 404 for a product that does not exist or is a draft', async () => {
    const draft = await addProduct(shop.database, { status: 'draft' });
    for (const id of ['no-such-product', draft.id]) {
      const response = await review(id, { rating: 5, comment: 'Nice' }, customer.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND' });
    }
  });

  it.each([
    [{ rating: 0, comment: 'x' }, 'Please choose a rating from 1 to 5'],
    [{ rating: 6, comment: 'x' }, 'Please choose a rating from 1 to 5'],
    [{ rating: 3.5, comment: 'x' }, 'Please choose a rating from 1 to 5'],
    [{ rating: '5', comment: 'x' }, 'Please choose a rating from 1 to 5'],
    [{ comment: 'x' }, 'Please choose a rating from 1 to 5'],
    [{ rating: 5, comment: '   ' }, 'Please write a comment'],
    [{ rating: 5 }, 'Please write a comment'],
    [{ rating: 5, comment: 'x'.repeat(2001) }, 'Comments can be at most 2000 characters'],
    [{ rating: 5, comment: { $ne: null } }, 'Please write a comment'],
  ] as [object, string][])('refuses %j with 400 and stores nothing', async (body, message) => {
    const product = await addProduct(shop.database);
    const response = await review(product.id, body, customer.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect(await detail(product.id)).toMatchObject({ numReviews: 0, reviews: [] });
  });

  it('ignores rating totals or names sent in the body', async () => {
    const product = await addProduct(shop.database);
    await review(
      product.id,
      { rating: 2, comment: 'Fine', name: 'Someone Else', numReviews: 99, userId: 'x' },
      customer.token,
    );
    expect(await detail(product.id)).toMatchObject({
      rating: 2,
      numReviews: 1,
      reviews: [{ name: 'Rae R.' }],
    });
  });

  it('never lets a full name leave the server; names already short stay as they are', async () => {
    const product = await addProduct(shop.database);
    const authors = await Promise.all(
      ['Hannah Louise Wright', 'Sophie', 'Ada W.'].map((name) => addUser(shop, { name })),
    );
    for (const author of authors) {
      await review(product.id, { rating: 4, comment: 'Well made' }, author.token);
    }
    const response = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(response.body).not.toContain('Wright');
    expect(response.body).not.toContain('Louise');
    const names = productDetailSchema.parse(response.json()).reviews.map((item) => item.name);
    expect(names.sort()).toEqual(['Ada W.', 'Hannah W.', 'Sophie']);
    // The full name is kept, for the shop's own records.
    const stored = await shop.database.db
      .selectFrom('reviews')
      .select('name')
      .where('product_id', '=', product.id)
      .execute();
    expect(stored.map((row) => row.name).sort()).toEqual([
      'Ada W.',
      'Hannah Louise Wright',
      'Sophie',
    ]);
  });

  describe('a customer’s own review', () => {
    const mine = (productId: string, token?: string) =>
      shop.app.inject({
        method: 'GET',
        url: `/api/products/${productId}/my-review`,
        headers: token ? bearer(token) : {},
      });

    it('is null until they review the product, then theirs alone, never kept in a cache', async () => {
      const product = await addProduct(shop.database);
      const author = await addUser(shop, { name: 'Mina Moss' });
      const other = await addUser(shop, { name: 'Oli Other' });
      const before = await mine(product.id, author.token);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ review: null });
      expect(before.headers['cache-control']).toBe('no-store');

      await review(product.id, { rating: 5, comment: 'Lovely' }, author.token);
      const after = await mine(product.id, author.token);
      const own = myReviewSchema.parse(after.json()).review;
      expect(own).toMatchObject({ name: 'Mina M.', rating: 5, comment: 'Lovely' });
      expect(Object.keys(own ?? {}).sort()).toEqual([
        '_id',
        'comment',
        'createdAt',
        'name',
        'rating',
        'verified',
      ]);
      expect(after.headers['cache-control']).toBe('no-store');
      expect((await mine(product.id, other.token)).json()).toEqual({ review: null });
    });

    it('leaves the public product answer the same for every caller', async () => {
      const product = await addProduct(shop.database);
      const author = await addUser(shop, { name: 'Tess Same' });
      await review(product.id, { rating: 3, comment: 'Fine' }, author.token);
      const asGuest = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
      const asAuthor = await shop.app.inject({
        method: 'GET',
        url: `/api/products/${product.id}`,
        headers: bearer(author.token),
      });
      expect(asAuthor.json()).toEqual(asGuest.json());
    });

    it('needs a signed-in customer, and a product that is live', async () => {
      const product = await addProduct(shop.database);
      const guest = await mine(product.id);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const draft = await addProduct(shop.database, { status: 'draft' });
      for (const id of ['no-such-product', draft.id]) {
        const response = await mine(id, customer.token);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          message: 'Product not found',
          code: 'PRODUCT_NOT_FOUND',
        });
      }
    });
  });
});

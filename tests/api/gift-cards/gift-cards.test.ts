import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGiftCardCode } from '../../../src/shared/gift-cards/gift-cards';
import { addUser, bearer, freshAddress, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { BUYER, cardFor, issueCards } from '../../support/gift-card-fixtures';
import { addVoucher } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const LIMIT = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())('gift cards on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Olive Owner' });
    staff = await addUser(shop, { role: 'staff' });
    customer = await addUser(shop);
    await addVoucher(shop.database, { code: 'REAL10', discountPence: 1000 });
  });
  afterAll(() => shop.close());

  const check = (code: unknown, address = freshAddress()) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/gift-cards/check',
      payload: { code },
      remoteAddress: address,
    });
  const asAdmin = (url: string, token = admin.token, method: 'GET' | 'POST' = 'GET') =>
    shop.app.inject({ method, url, headers: bearer(token) });

  describe('checking a balance', () => {
    it('answers the balance, the moment it stops working and the last 4, however it is typed', async () => {
      const now = new Date();
      const { cards } = await issueCards(shop.database, [cardFor({ amountPence: 2500 })], { now });
      const [card] = cards;
      if (!card) throw new Error('no card');
      const typed = formatGiftCardCode(card.code).toLowerCase().replaceAll('-', ' ');
      const answer = await check(typed);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        balance: 25,
        expires: card.expiresAt,
        last4: card.code.slice(-4),
      });
      // Two years on, to the end of that UK day.
      const expires = Date.parse(card.expiresAt);
      expect(expires - now.getTime()).toBeGreaterThan(729 * DAY_MS);
      expect(expires - now.getTime()).toBeLessThanOrEqual(732 * DAY_MS);
    });

    it('answers an unknown code 404 GIFT_CARD_NOT_FOUND, in words', async () => {
      const answer = await check('ABCD-EFGH-JKLM-NPQR');
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        code: 'GIFT_CARD_NOT_FOUND',
        message:
          "There is no gift card with the code ABCD-EFGH-JKLM-NPQR: please check it against the gift card's email",
      });
      const notACode = await check('HELLO');
      expect(notACode.statusCode).toBe(404);
      expect(notACode.json()).toEqual({
        code: 'GIFT_CARD_NOT_FOUND',
        message:
          '"HELLO" is not a gift card code: a code has 16 letters and digits, such as ABCD-EFGH-JKLM-NPQR',
      });
    });

    it('answers an expired card 409 GIFT_CARD_EXPIRED, saying when it expired', async () => {
      const bought = new Date(Date.now() - 25 * 31 * DAY_MS);
      const { cards } = await issueCards(shop.database, [cardFor()], { now: bought });
      const [card] = cards;
      if (!card) throw new Error('no card');
      const answer = await check(card.code);
      expect(answer.statusCode).toBe(409);
      const body = answer.json<{ code: string; message: string }>();
      expect(body.code).toBe('GIFT_CARD_EXPIRED');
      expect(body.message).toMatch(
        new RegExp(
          `^The gift card ending ${card.last4} expired on \\d{1,2} \\w+ \\d{4} and can no longer be used: please pay another way$`,
        ),
      );
    });

    it(`counts unknown codes with the vouchers' look-ups: the ${LIMIT + 1}st from one address is 429`, async () => {
      const address = freshAddress();
      const { cards } = await issueCards(shop.database, [cardFor()]);
      const real = cards[0]?.code ?? '';
      // Known codes, of either kind, are given back: they never use the count up.
      for (let again = 0; again < LIMIT + 2; again += 1) {
        expect((await check(real, address)).statusCode).toBe(200);
      }
      for (let guess = 0; guess < LIMIT; guess += 1) {
        const answer =
          guess % 2 === 0
            ? await check(`ABCD-EFGH-JKLM-${'23456789'.charAt(guess % 8)}ZZZ`, address)
            : await shop.app.inject({
                method: 'GET',
                url: `/api/vouchers/code/GUESS${guess}`,
                headers: bearer(customer.token),
                remoteAddress: address,
              });
        expect(answer.statusCode, `guess ${guess + 1}`).toBe(404);
      }
      const refused = await check(real, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      const voucher = await shop.app.inject({
        method: 'GET',
        url: '/api/vouchers/code/REAL10',
        headers: bearer(customer.token),
        remoteAddress: address,
      });
      expect(voucher.statusCode).toBe(429);
      // Another address is not held back.
      expect((await check(real, freshAddress())).statusCode).toBe(200);
    });

    it('refuses what is not a code with a clear error, counting nothing', async () => {
      const address = freshAddress();
      const cases: [unknown, string][] = [
        [undefined, 'A gift card code is 16 letters and digits, such as ABCD-EFGH-JKLM-NPQR'],
        [42, 'A gift card code is 16 letters and digits, such as ABCD-EFGH-JKLM-NPQR'],
        [['ABCD'], 'A gift card code is 16 letters and digits, such as ABCD-EFGH-JKLM-NPQR'],
        ['', 'Please enter the gift card code'],
        ['x'.repeat(65), 'That is not a gift card code: they have 16 letters and digits'],
        ['ABCD\u0000EFGH', 'contains a character that cannot be used (a control character)'],
      ];
      for (const [code, message] of cases) {
        const answer = await check(code, address);
        expect(answer.statusCode, JSON.stringify(code)).toBe(400);
        expect(answer.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [{ path: 'code', message }],
        });
      }
      const huge = await shop.app.inject({
        method: 'POST',
        url: '/api/gift-cards/check',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code: 'A'.repeat(2_000_000) }),
        remoteAddress: address,
      });
      expect(huge.statusCode).toBe(413);
      const notJson = await shop.app.inject({
        method: 'POST',
        url: '/api/gift-cards/check',
        headers: { 'content-type': 'application/json' },
        payload: '{"code":',
        remoteAddress: address,
      });
      expect(notJson.statusCode).toBe(400);
      // None of these was a guess: the address still has all of its look-ups.
      for (let guess = 0; guess < LIMIT; guess += 1) {
        expect((await check('ZZZZ-ZZZZ-ZZZZ-ZZZZ', address)).statusCode).toBe(404);
      }
      expect((await check('ZZZZ-ZZZZ-ZZZZ-ZZZZ', address)).statusCode).toBe(429);
    });
  });

  describe('the back office', () => {
    let codes: string[];
    let ids: string[];

    beforeAll(async () => {
      const buyer = { id: 'buyer-two', name: 'Cyril Gifter', email: 'cyril.gifter@example.com' };
      const { cards } = await issueCards(
        shop.database,
        [
          cardFor({ recipientName: 'Dora Friend', recipientEmail: 'dora.friend@example.com' }),
          cardFor({ amountPence: 10_000, recipientEmail: 'elsie.other@example.com' }),
        ],
        { buyer },
      );
      codes = cards.map((card) => card.code);
      ids = cards.map((card) => card.id);
    });

    it('finds a card by its last 4, an email or a name, and never answers a whole code', async () => {
      const [dora, elsie] = ids;
      const byLast4 = await asAdmin(`/api/gift-cards?q=${codes[0]?.slice(-4).toLowerCase()}`);
      expect(byLast4.statusCode).toBe(200);
      expect(
        byLast4.json<{ giftCards: { _id: string }[] }>().giftCards.map((c) => c._id),
      ).toContain(dora);
      const byRecipient = await asAdmin('/api/gift-cards?q=DORA.FRIEND@example.com');
      expect(byRecipient.json()).toEqual({
        giftCards: [
          {
            _id: dora,
            last4: codes[0]?.slice(-4),
            amount: 50,
            balance: 50,
            expires: expect.any(String) as string,
            buyer: { name: 'Cyril Gifter', email: 'cyril.gifter@example.com' },
            recipient: { name: 'Dora Friend', email: 'dora.friend@example.com' },
            sendOn: '2026-01-01',
            status: 'active',
          },
        ],
        page: 1,
        pages: 1,
      });
      const byBuyer = await asAdmin('/api/gift-cards?q=cyril.gifter');
      // Bought together, at one moment: in the order of their ids.
      expect(byBuyer.json<{ giftCards: { _id: string }[] }>().giftCards.map((c) => c._id)).toEqual(
        [dora, elsie].sort(),
      );
      const byName = await asAdmin('/api/gift-cards?q=cyril%20GIFTER');
      expect(byName.json<{ giftCards: unknown[] }>().giftCards).toHaveLength(2);
      const nothing = await asAdmin('/api/gift-cards?q=nobody-at-all');
      expect(nothing.json()).toEqual({ giftCards: [], page: 1, pages: 1 });

      // No answer holds a whole code, in any way it may be written.
      const answers = [
        byLast4.body,
        byRecipient.body,
        byBuyer.body,
        (await asAdmin('/api/gift-cards')).body,
        (await asAdmin(`/api/gift-cards/${dora}`)).body,
        (await asAdmin(`/api/gift-cards/${elsie}`)).body,
        (await asAdmin(`/api/gift-cards?q=${codes[1]}`)).body,
        (await check(codes[0])).body,
      ];
      for (const code of codes) {
        for (const body of answers) {
          expect(body).not.toContain(code);
          expect(body).not.toContain(formatGiftCardCode(code));
        }
      }
    });

    it('finds a card by its whole code, pasted into the search', async () => {
      const answer = await asAdmin(
        `/api/gift-cards?q=${encodeURIComponent(formatGiftCardCode(codes[1] ?? ''))}`,
      );
      expect(answer.json<{ giftCards: { _id: string }[] }>().giftCards.map((c) => c._id)).toEqual([
        ids[1],
      ]);
    });

    it("shows a card's history with its order's number", async () => {
      const { order, cards } = await issueCards(shop.database, [cardFor({ amountPence: 1000 })]);
      const [card] = cards;
      const answer = await asAdmin(`/api/gift-cards/${card?.id}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        _id: card?.id,
        last4: card?.last4,
        amount: 10,
        balance: 10,
        expires: card?.expiresAt,
        buyer: { name: BUYER.name, email: BUYER.email },
        recipient: { name: 'Bea Recipient', email: 'bea.recipient@example.com' },
        sendOn: '2026-01-01',
        status: 'active',
        message: 'Happy birthday!\nLove, Ann',
        order: order.orderNumber,
        mailedAt: null,
        history: [
          {
            type: 'issued',
            amount: 10,
            at: card?.createdAt,
            order: order.orderNumber,
            by: BUYER.name,
          },
        ],
      });
    });

    it('pages the list 20 at a time, newest first', async () => {
      const { cards } = await issueCards(
        shop.database,
        Array.from({ length: 21 }, () => cardFor({ recipientEmail: 'many.cards@example.com' })),
      );
      const first = await asAdmin('/api/gift-cards?q=many.cards@example.com');
      const second = await asAdmin('/api/gift-cards?q=many.cards@example.com&pageNumber=2');
      const listed = [
        ...first.json<{ giftCards: { _id: string }[] }>().giftCards,
        ...second.json<{ giftCards: { _id: string }[] }>().giftCards,
      ].map((card) => card._id);
      expect(first.json()).toMatchObject({ page: 1, pages: 2 });
      expect(second.json()).toMatchObject({ page: 2, pages: 2 });
      expect(new Set(listed)).toEqual(new Set(cards.map((card) => card.id)));
      expect(listed).toHaveLength(21);
    });

    it('lets admins only: 401 without a token, 403 for customers and staff', async () => {
      const id = ids[0] ?? '';
      const calls: ['GET' | 'POST', string][] = [
        ['GET', '/api/gift-cards'],
        ['GET', `/api/gift-cards/${id}`],
        ['POST', `/api/gift-cards/${id}/resend`],
        ['POST', `/api/gift-cards/${id}/void`],
      ];
      for (const [method, url] of calls) {
        const anonymous = await shop.app.inject({ method, url });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
        for (const caller of [customer, staff]) {
          const refused = await asAdmin(url, caller.token, method);
          expect(refused.statusCode, `${method} ${url}`).toBe(403);
          expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
        }
      }
      // Nothing changed: the card is as it was, and nothing was mailed.
      const card = await asAdmin(`/api/gift-cards/${id}`);
      expect(card.json()).toMatchObject({ balance: 50, status: 'active', mailedAt: null });
      expect(card.json<{ history: { type: string }[] }>().history.map((e) => e.type)).toEqual([
        'issued',
      ]);
    });

    it('answers another id 404, and a query or id it cannot read 400', async () => {
      for (const url of ['/api/gift-cards/no-such-card', '/api/gift-cards/no-such-card/void']) {
        const answer = await asAdmin(url, admin.token, url.endsWith('void') ? 'POST' : 'GET');
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({
          code: 'GIFT_CARD_NOT_FOUND',
          message: 'There is no such gift card',
        });
      }
      const resent = await asAdmin('/api/gift-cards/no-such-card/resend', admin.token, 'POST');
      expect(resent.statusCode).toBe(404);
      const longId = await asAdmin(`/api/gift-cards/${'x'.repeat(65)}`);
      expect(longId.statusCode).toBe(400);
      const longQuery = await asAdmin(`/api/gift-cards?q=${'x'.repeat(101)}`);
      expect(longQuery.statusCode).toBe(400);
      expect(longQuery.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'q', message: 'Search for 100 characters at most' }],
      });
      // A page past the end is empty; one that is not a number is the first.
      expect((await asAdmin('/api/gift-cards?pageNumber=999')).json()).toMatchObject({
        giftCards: [],
        page: 999,
      });
      expect((await asAdmin('/api/gift-cards?pageNumber=abc')).json()).toMatchObject({ page: 1 });
    });
  });
});

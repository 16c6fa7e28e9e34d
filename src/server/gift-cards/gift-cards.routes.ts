import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/api';
import { errorBodySchema } from '../../shared/errors';
import {
  adminGiftCardDetailSchema,
  giftCardCheckBodySchema,
  giftCardCheckSchema,
  giftCardPageSchema,
  giftCardQuerySchema,
  giftCardVoidAnswerSchema,
} from '../../shared/gift-cards/gift-cards';
import { callerOf, type Guards } from '../accounts/authentication';
import { ShopError } from '../http/errors';
import type { VoucherGuesses } from '../vouchers/voucher-guesses';
import {
  getAdminGiftCard,
  listAdminGiftCards,
  resendAdminGiftCard,
  voidAdminGiftCard,
  type GiftCardsContext,
} from './gift-cards-admin.service';
import { checkGiftCard } from './gift-cards.service';

/** Whether a look-up failed on a code that names no card: the only kind that stays counted. */
const isUnknownCard = (error: unknown) =>
  error instanceof ShopError && error.code === 'GIFT_CARD_NOT_FOUND';

export const giftCardsRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  context: GiftCardsContext;
  /** The vouchers' count of look-ups: a code of either kind counts against the same 30 an hour. */
  guesses: VoucherGuesses;
}> = async (app, { guards, context, guesses }) => {
  app.post(
    '/gift-cards/check',
    {
      onRequest: guards.guestOrSignedIn,
      schema: {
        tags: ['gift cards'],
        summary:
          "A gift card's balance, expiry and last 4 by its code (30 look-ups of codes an hour, shared with vouchers)",
        body: giftCardCheckBodySchema,
        response: {
          200: giftCardCheckSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = {
        address: request.ip,
        ...(request.user ? { userId: request.user.id } : {}),
      };
      await guesses.count(caller);
      try {
        const answer = await checkGiftCard(context.database.db, request.body.code, new Date());
        await guesses.found(caller);
        return answer;
      } catch (error) {
        // A code that names a card (expired or voided) is no guess: only unknown codes count.
        if (!isUnknownCard(error)) await guesses.found(caller);
        throw error;
      }
    },
  );

  const adminErrors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };
  const admin = { tags: ['admin: gift cards'], security: [{ bearer: [] }] };

  app.get(
    '/gift-cards',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'Gift cards, newest first, 20 a page; q finds a card by its last 4, or words of the buyer’s or recipient’s name or email (never a whole code)',
        querystring: giftCardQuerySchema,
        response: { 200: giftCardPageSchema, ...adminErrors },
      },
    },
    (request) => listAdminGiftCards(context.database, request.query, new Date()),
  );

  app.get(
    '/gift-cards/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'One gift card, with its history: issued, spent, refunded, voided and mailed',
        params: idParamsSchema,
        response: { 200: adminGiftCardDetailSchema, ...adminErrors },
      },
    },
    (request) => getAdminGiftCard(context.database, request.params.id, new Date()),
  );

  app.post(
    '/gift-cards/:id/resend',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'Send a gift card’s mail to its recipient again, at once; once the shop no longer keeps the first mail (30 days after it went), the card gets a new code',
        params: idParamsSchema,
        response: { 200: adminGiftCardDetailSchema, ...adminErrors },
      },
    },
    (request) => resendAdminGiftCard(context, callerOf(request), request.params.id, new Date()),
  );

  app.post(
    '/gift-cards/:id/void',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'Void a gift card: its balance goes to 0 and it can no longer be spent, and its unspent balance is refunded to its buyer through the order that bought it',
        params: idParamsSchema,
        response: { 200: giftCardVoidAnswerSchema, ...adminErrors },
      },
    },
    (request) => voidAdminGiftCard(context, callerOf(request), request.params.id, new Date()),
  );
};

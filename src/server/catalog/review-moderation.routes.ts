import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../shared/api';
import { errorBodySchema } from '../../shared/errors';
import {
  moderationBodySchema,
  replyBodySchema,
  reportBodySchema,
  reviewParamsSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
} from '../../shared/catalog/review-moderation';
import { callerOf, type Guards } from '../accounts/authentication';
import { perAddress } from '../http/rate-limits';
import {
  moderate,
  replyToReview,
  reportReview,
  reviewQueue,
  type ReviewReportsContext,
} from './review-moderation.service';

/** What a shopper may report in an hour from one address: as many as newsletter sign-ups. */
export const REPORTS_AN_HOUR = 20;

const admin = { tags: ['admin: reviews'], security: [{ bearer: [] }] };
const adminErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export const reviewModerationRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewReportsContext;
  guards: Guards;
}> = async (app, { reviews, guards }) => {
  const { database } = reviews;
  app.post(
    '/products/:id/reviews/:reviewId/report',
    {
      onRequest: guards.guestOrSignedIn,
      config: { rateLimit: perAddress(REPORTS_AN_HOUR, '1 hour') },
      schema: {
        tags: ['catalogue'],
        summary:
          "Ask the shop to look at a review: the shop is mailed, and it goes to the top of the owner's queue",
        params: reviewParamsSchema,
        body: reportBodySchema,
        response: {
          200: messageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) =>
      reportReview(reviews, request.params.id, request.params.reviewId, request.user, request.body),
  );

  app.put(
    '/products/:id/reviews/:reviewId',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Hide a review with a reason, or show it again; its rating counts only when shown',
        params: reviewParamsSchema,
        body: moderationBodySchema,
        response: { 200: messageSchema, ...adminErrors },
      },
    },
    (request) =>
      moderate(
        database,
        callerOf(request),
        request.params.id,
        request.params.reviewId,
        request.body,
      ),
  );

  app.post(
    '/products/:id/reviews/:reviewId/reply',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: "The shop's public reply under a review; a later reply replaces it",
        params: reviewParamsSchema,
        body: replyBodySchema,
        response: { 200: messageSchema, ...adminErrors },
      },
    },
    (request) =>
      replyToReview(
        database,
        callerOf(request),
        request.params.id,
        request.params.reviewId,
        request.body,
      ),
  );

  app.get(
    '/reviews',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Every review, newest first with reported ones on top, 20 a page',
        querystring: reviewQueueQuerySchema,
        response: {
          200: reviewQueueSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    (request) => reviewQueue(database, request.query),
  );
};

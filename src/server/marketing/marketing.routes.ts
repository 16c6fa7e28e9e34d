import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../shared/api';
import {
  consentsSchema,
  consentTicksBodySchema,
  unsubscribeQuerySchema,
} from '../../shared/consents/consents';
import { errorBodySchema } from '../../shared/errors';
import { callerOf, type Guards } from '../accounts/authentication';
import { perAddress } from '../http/rate-limits';
import {
  consentsOfCaller,
  setConsentTicks,
  unsubscribeInOneClick,
  type MarketingContext,
} from './marketing-consents';

const signedInErrors = { 401: errorBodySchema, 403: errorBodySchema };
const consentsDoc = { tags: ['accounts'], security: [{ bearer: [] }] };

/** The account page's ticks for marketing mail. */
export const consentRoutes: FastifyPluginAsyncZod<{
  marketing: MarketingContext;
  guards: Guards;
}> = async (app, { marketing, guards }) => {
  app.get(
    '/users/profile/consents',
    {
      onRequest: guards.signedIn,
      schema: {
        ...consentsDoc,
        summary: "The signed-in person's consents to marketing mail, withdrawn ones kept",
        response: { 200: consentsSchema, ...signedInErrors },
      },
    },
    (request) => consentsOfCaller(marketing, callerOf(request)),
  );

  app.put(
    '/users/profile/consents',
    {
      onRequest: guards.signedIn,
      schema: {
        ...consentsDoc,
        summary:
          'Give or withdraw the newsletter and basket reminders (the account page’s two ticks)',
        body: consentTicksBodySchema,
        response: { 200: consentsSchema, 400: errorBodySchema, ...signedInErrors },
      },
    },
    (request) => setConsentTicks(marketing, callerOf(request), request.body),
  );
};

/**
 * One-click unsubscribe (RFC 8058), without signing in: at `/api/unsubscribe`, and at the mailed
 * link's own address, which a mail program POSTs `List-Unsubscribe=One-Click` to as a form.
 */
export const oneClickUnsubscribeRoutes: FastifyPluginAsyncZod<{
  marketing: MarketingContext;
  /** How the API document files it: under the newsletter's calls, or the storefront's pages. */
  doc: { tags: string[]; operationId: string };
}> = async (app, { marketing, doc }) => {
  // A mail program's POST is a form; what it says is always the same, so it is read and let be.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/unsubscribe',
    {
      config: { rateLimit: perAddress(60, '1 hour') },
      schema: {
        ...doc,
        summary:
          'Unsubscribe from what a marketing mail was sent for, with the token of its link; no sign-in',
        querystring: unsubscribeQuerySchema,
        response: { 200: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    (request) => unsubscribeInOneClick(marketing, request.query.token),
  );
};

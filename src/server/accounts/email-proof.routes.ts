import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailProofBodySchema } from '../../shared/accounts/accounts';
import { messageSchema } from '../../shared/api';
import { errorBodySchema } from '../../shared/errors';
import { emailProofStateSchema } from '../../shared/accounts/your-data';
import { perAddress } from '../http/rate-limits';
import type { AccountsContext } from './accounts-context';
import { callerOf, type Guards } from './authentication';
import { askForEmailProof, proveEmail } from './email-proof';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

/** Proving an account's email address: the mailed link, and asking for it again. */
export const emailProofRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsContext;
  guards: Guards;
}> = async (app, { accounts, guards }) => {
  app.post(
    '/users/email-proof',
    {
      config: { rateLimit: perAddress(60, '1 hour') },
      schema: {
        tags: ['accounts'],
        summary:
          "Follow the link mailed to an account's address: the address is proved (no sign-in needed)",
        body: emailProofBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => proveEmail(accounts, request.body.token),
  );

  app.get(
    '/users/profile/email-proof',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['accounts'],
        summary: "Whether the signed-in account's email address is proved",
        security: [{ bearer: [] }],
        response: { 200: emailProofStateSchema, ...errors },
      },
    },
    (request) => {
      const user = callerOf(request);
      return { email: user.email, proved: user.emailProvedAt !== null };
    },
  );

  app.post(
    '/users/profile/email-proof',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['accounts'],
        summary: "Mail the signed-in account's address a new link that proves it",
        security: [{ bearer: [] }],
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => askForEmailProof(accounts, callerOf(request)),
  );
};

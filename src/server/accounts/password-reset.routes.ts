import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  resetTokenParamsSchema,
} from '../../shared/accounts/accounts';
import { errorBodySchema } from '../../shared/errors';
import { messageSchema } from '../../shared/api';
import { perAddress } from '../http/rate-limits';
import type { AccountsContext } from './accounts-context';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset.service';

const errors = { 400: errorBodySchema, 429: errorBodySchema };

export const passwordResetRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext }> = async (
  app,
  { accounts },
) => {
  app.post(
    '/users/forgot-password',
    {
      config: { rateLimit: perAddress(20, '1 hour') },
      schema: {
        tags: ['accounts'],
        summary:
          'Mail a password reset link; the answer is the same whether or not the email exists',
        body: forgotPasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => requestPasswordReset(accounts, request.body.email),
  );

  app.get(
    '/users/forgot-password/reset/:token',
    {
      config: { rateLimit: perAddress(60, '1 hour') },
      schema: {
        tags: ['accounts'],
        summary: 'Whether a reset link can still be used',
        params: resetTokenParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => checkResetToken(accounts, request.params.token),
  );

  app.post(
    '/users/forgot-password/reset/:token',
    {
      config: { rateLimit: perAddress(20, '1 hour') },
      schema: {
        tags: ['accounts'],
        summary: 'Choose a new password; the link is then spent',
        params: resetTokenParamsSchema,
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => resetPassword(accounts, request.params.token, request.body, request.ip),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../shared/errors';
import { settingsSchema } from '../../shared/settings/settings';
import { callerOf, type Guards } from '../accounts/authentication';
import { savedSettings, saveSettings, type SettingsContext } from './settings.service';

const admin = { tags: ['admin: settings'], security: [{ bearer: [] }] };
const errors = { 401: errorBodySchema, 403: errorBodySchema };

/** The owner's settings: read whole, and replaced whole at the version they were read at. */
export const settingsRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  context: SettingsContext;
}> = async (app, { guards, context }) => {
  app.get(
    '/settings',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'The settings document: who sells, gift wrap, low stock, VAT, returns, reviews, ' +
          'posting days, banner, holiday, delivery services and collection',
        response: { 200: settingsSchema, ...errors },
      },
    },
    () => savedSettings(context),
  );

  app.put(
    '/settings',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'Replace the settings whole, at the version they were read at (else 409 SETTINGS_CHANGED)',
        body: settingsSchema,
        response: { 200: settingsSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    (request) => saveSettings(context, callerOf(request), request.body),
  );
};

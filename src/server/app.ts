import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import path from 'node:path';
import { catalogRoutes } from './catalog/catalog.routes';
import type { Config } from './config';
import type { ShopDatabase } from './db/database';
import { registerApiDocs } from './http/api-docs';
import { registerErrorHandling } from './http/error-handler';
import { frameworkErrorOptions } from './http/framework-errors';
import { healthRoutes } from './http/health.routes';
import { registerRateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerUploads, registerWebApp } from './http/web-app';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { paymentConfigRoutes } from './payments/payments.routes';

export interface AppDependencies {
  config: Config;
  database: ShopDatabase;
  /** Where the built browser app lives; defaults to dist/web beside the project. */
  webRoot?: string;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.env === 'development') {
    return {
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  }
  return { level: config.logLevel };
}

/** Builds the whole shop server; it does not listen, so tests can start it where they like. */
export async function buildApp({
  config,
  database,
  webRoot,
}: AppDependencies): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    ...frameworkErrorOptions,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await registerSecurityHeaders(app, config.publicUrl);
  await registerRateLimits(app, config.redisUrl);
  await registerApiDocs(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(catalogRoutes, { database });
      await api.register(newsletterRoutes, { database });
      await api.register(paymentConfigRoutes, { payment: config.payment });
    },
    { prefix: '/api' },
  );

  await registerUploads(app, path.join(config.dataDir, 'uploads'));
  await registerWebApp(app, webRoot ?? path.resolve('dist/web'));
  return app;
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A name for a call that generated clients can use: its method and path, `/api` left out and
 * parameters read as `By...`: `GET /api/products/:id/similar` is `getProductsByIdSimilar`.
 */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\b/, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${capitalised(part.slice(1))}` : part))
    .map((part) => (part === '*' ? 'AnyPage' : part))
    .map((part) => part.replace(/[^\w]/g, ''));
  return method.toLowerCase() + words.map(capitalised).join('');
}

/** Every operation named, and saying its security: none (`[]`) unless the route says otherwise. */
const documented: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0] ?? 'GET';
  const schema = typeof output.schema === 'object' ? output.schema : {};
  return {
    ...output,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security: schema.security ?? [],
    },
  };
};

/** OpenAPI at /api/docs/json and a browsable page at /api/docs, from the routes' own schemas. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Shop API',
        description: 'The HTTP API of the shop: catalogue, accounts, basket, payment and orders.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: documented,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The documentation page styles a few of its own elements inline.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
}

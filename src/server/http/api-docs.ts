import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { nameApiComponents } from './api-components';
import { componentsInUse, withOptionalBodies, withPlainReferences } from './api-document';

type Transform = typeof jsonSchemaTransform;
type TransformObject = typeof jsonSchemaTransformObject;

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

/**
 * The storefront's catch-all page route (`/*`) as OpenAPI can write it: a path parameter needs a
 * name, and this one holds the rest of the address, slashes and all.
 */
const ANY_PAGE = {
  url: '/{path}',
  params: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'The rest of the address, slashes included' },
    },
    required: ['path'],
  },
};

/** Every operation named, and saying its security: none (`[]`) unless the route says otherwise. */
const documented: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0] ?? 'GET';
  const schema = typeof output.schema === 'object' ? output.schema : {};
  const anyPage = input.url === '/*';
  return {
    url: anyPage ? ANY_PAGE.url : output.url,
    schema: {
      ...schema,
      ...(anyPage ? { params: ANY_PAGE.params } : {}),
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security: schema.security ?? [],
    },
  };
};

/**
 * The named schemas as components, keeping only those some call uses: each name comes as what is
 * answered and as what is read (`Quote`, `QuoteInput`), and most are only one of these. References
 * are written plainly (see api-document.ts).
 */
const withComponents: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  if (!('openapi' in document) || !document.components?.schemas) return document;
  const { schemas } = document.components;
  const paths = withOptionalBodies(withPlainReferences(document.paths, schemas));
  const used = componentsInUse(paths, schemas);
  document.paths = paths;
  document.components.schemas = withPlainReferences(
    Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    schemas,
  );
  return document;
};

/** OpenAPI at /api/docs/json and a browsable page at /api/docs, from the routes' own schemas. */
export async function registerApiDocs(app: FastifyInstance) {
  nameApiComponents();
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Shop API',
        description: 'The HTTP API of the shop: catalogue, accounts, basket, payment and orders.',
        version: '1.0.0',
      },
      // The shop's own address, wherever it is served from; every path below starts at its root.
      servers: [{ url: '/', description: 'The shop itself' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: documented,
    transformObject: withComponents,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The documentation page styles a few of its own elements inline.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { OPENAPI_FILE, openApiDocument } from '../../../scripts/openapi';
import { ERROR_CODES, ERROR_STATUS } from '../../../src/shared/errors';
import { startTestShop } from '../../support/test-shop';

const STALE = 'docs/openapi.json no longer matches the routes: run `npm run docs` and commit it';

const documentSchema = z.looseObject({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** Each operation of a document as text, by `METHOD /path`. */
function operationsOf(text: string): Map<string, string> {
  const { paths } = documentSchema.parse(JSON.parse(text));
  return new Map(
    Object.entries(paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => [
        `${method.toUpperCase()} ${route}`,
        JSON.stringify(operation),
      ]),
    ),
  );
}

/** The operations two documents describe differently, or only one of them describes. */
function operationsThatDiffer(kept: string, current: string): string[] {
  const [before, after] = [operationsOf(kept), operationsOf(current)];
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (operation) => before.get(operation) !== after.get(operation),
  );
}

describe('the OpenAPI document kept in docs/', () => {
  it('is the one the routes describe now', async () => {
    const [kept, current] = await Promise.all([readFile(OPENAPI_FILE, 'utf8'), openApiDocument()]);
    expect(operationsThatDiffer(kept, current), STALE).toEqual([]);
    expect(JSON.parse(kept), STALE).toEqual(JSON.parse(current));
    expect(kept, 'docs/openapi.json is not formatted as `npm run docs` writes it').toBe(current);
  });

  it('names every operation once, and says the security of each (none for public calls)', async () => {
    const { paths } = documentSchema.parse(JSON.parse(await readFile(OPENAPI_FILE, 'utf8')));
    const operations = Object.values(paths).flatMap((methods) =>
      Object.values(methods).map((operation) =>
        z
          .object({
            operationId: z.string().regex(/^[a-z]+[A-Za-z]*$/),
            security: z.array(z.unknown()),
          })
          .parse(operation),
      ),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getProductsByIdSimilar');
  });

  it('writes each shared schema once, as a component the calls point to', async () => {
    const kept = await readFile(OPENAPI_FILE, 'utf8');
    // The error body, with its list of every code, was once written out at each of its ~250 uses.
    expect(kept.split('A stable word for what happened').length - 1).toBe(1);
    const { components } = z
      .looseObject({ components: z.object({ schemas: z.record(z.string(), z.unknown()) }) })
      .parse(JSON.parse(kept));
    expect(Object.keys(components.schemas)).toEqual(
      expect.arrayContaining(['ErrorBody', 'Order', 'Product', 'QuoteBodyInput']),
    );
  });

  it('is the document a running shop serves', async () => {
    const shop = await startTestShop('sqlite');
    try {
      const served: unknown = await (await shop.request('/api/docs/json')).json();
      expect(served).toEqual(JSON.parse(await readFile(OPENAPI_FILE, 'utf8')));
    } finally {
      await shop.close();
    }
  });
});

describe('the page of what the document does not say', () => {
  it('names every error code the shop answers, with its status', async () => {
    const page = await readFile(path.join(path.dirname(OPENAPI_FILE), 'api.md'), 'utf8');
    const documented = new Map(
      [...page.matchAll(/^\| `([A-Z_]+)` +\| (\d{3}) +\|/gm)].map(([, code, status]) => [
        code,
        Number(status),
      ]),
    );
    const expected = new Map(ERROR_CODES.map((code) => [code, ERROR_STATUS[code]]));
    expect(documented, 'docs/api.md: the table of error codes').toEqual(expected);
  });
});

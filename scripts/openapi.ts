// `npm run docs`: writes docs/openapi.json, the OpenAPI document a running shop serves at
// GET /api/docs/json, asked of the shop itself (built over an empty in-memory database, listening
// nowhere) and formatted as Prettier formats the rest of the repository. A test fails when the
// file and the routes part ways.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { withInMemoryShop } from './in-memory-shop';

const root = path.resolve(import.meta.dirname, '..');
export const OPENAPI_FILE = path.join(root, 'docs/openapi.json');

/** The document's text as docs/openapi.json holds it. */
export function openApiDocument(): Promise<string> {
  return withInMemoryShop(async (app) => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (response.statusCode !== 200) {
      throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
    }
    const options = await prettier.resolveConfig(OPENAPI_FILE);
    return prettier.format(response.body, { ...options, filepath: OPENAPI_FILE });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(OPENAPI_FILE, await openApiDocument());
  console.info(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}

// `npm run docs`: writes docs/openapi.json, the OpenAPI document a running shop serves at
// GET /api/docs/json, asked of the shop itself (built over an empty in-memory database, listening
// nowhere) and formatted as Prettier formats the rest of the repository. A test fails when the
// file and the routes part ways.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';

const root = path.resolve(import.meta.dirname, '..');
export const OPENAPI_FILE = path.join(root, 'docs/openapi.json');

/** The document's text as docs/openapi.json holds it. */
export async function openApiDocument(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'sqlite::memory:',
    SEED: 'none',
    LOG_LEVEL: 'silent',
  });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    const app = await buildApp({ config, database, webRoot: path.join(dataDir, 'no-web-app') });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (response.statusCode !== 200) {
        throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
      }
      const options = await prettier.resolveConfig(OPENAPI_FILE);
      return await prettier.format(response.body, { ...options, filepath: OPENAPI_FILE });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(OPENAPI_FILE, await openApiDocument());
  console.info(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}

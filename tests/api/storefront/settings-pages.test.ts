import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsSchema, type Settings } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const WEB_ROOT = path.resolve('dist/web');
/** How long a save may take to reach another instance, and the pages it keeps. */
const REACHES_EVERY_INSTANCE_MS = 5000;

describe.each(testDialects())('pages that show the settings, on %s', (dialect) => {
  let folder: string;
  let shop: TestShop;
  let second: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_ROOT, '..', 'ssr', 'entry-server.js'))) {
      throw new Error('The storefront is rendered from the built app: run `npm run build` first');
    }
    // A file, not memory, on SQLite: the second instance opens the same database.
    folder = await mkdtemp(path.join(tmpdir(), 'shop-settings-pages-'));
    const environment: Record<string, string> =
      dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {};
    shop = await startTestShop(dialect, environment, { webRoot: WEB_ROOT });
    second = await startTestShop(
      dialect,
      { ...environment, JWT_SECRET: shop.config.jwtSecret },
      { webRoot: WEB_ROOT, sameDatabaseAs: shop },
    );
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(async () => {
    await second.close();
    await shop.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function save(change: (settings: Settings) => Settings): Promise<void> {
    const call = apiCaller(() => shop);
    const read = settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
    const saved = await call('PUT', '/api/settings', admin.token, change(read));
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /** A page as a shopper's first visit fetches it, and whether it came from memory. */
  const page = async (on: TestShop, address: string) => {
    const response = await fetch(`${on.baseUrl}${address}`);
    return { html: await response.text(), cache: response.headers.get('x-cache') };
  };

  it('shows a saved phone number and legal name on every instance, however long its pages were kept', async () => {
    for (const instance of [shop, second]) {
      for (const address of ['/contact', '/']) {
        await page(instance, address);
        const kept = await page(instance, address);
        expect({ address, cache: kept.cache }).toEqual({ address, cache: 'hit' });
        expect(kept.html).toContain('Larkspur Demo Trading Ltd');
      }
    }

    const savedAt = Date.now();
    await save((settings) => ({
      ...settings,
      shop: { ...settings.shop, legalName: 'Larkspur Atelier Ltd', phone: '0117 496 0777' },
    }));

    // The instance that saved drops its pages at once.
    const contact = await page(shop, '/contact');
    expect(contact.cache).toBe('miss');
    expect(contact.html).toContain('Telephone: <!-- -->0117 496 0777');
    expect(contact.html).not.toContain('0117 496 0000');
    const home = await page(shop, '/');
    expect(home.html).toContain('Larkspur Atelier Ltd');
    expect(home.html).not.toContain('Larkspur Demo Trading Ltd');

    // The other, within 5 seconds of the save.
    let seen = await page(second, '/contact');
    while (
      !seen.html.includes('0117 496 0777') &&
      Date.now() - savedAt < REACHES_EVERY_INSTANCE_MS
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await page(second, '/contact');
    }
    expect(seen.html).toContain('Telephone: <!-- -->0117 496 0777');
    expect((await page(second, '/')).html).toContain('Larkspur Atelier Ltd');
  }, 20_000);
});

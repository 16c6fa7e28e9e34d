import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeInUploadsFolder } from '../../../src/server/uploads/uploads-folder';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const YEAR_OF_CACHING = 'public, max-age=31536000, immutable';
const quietLog = { info: () => undefined, warn: () => undefined };

const picture = (background: string, width = 64) =>
  sharp({ create: { width, height: width, channels: 3, background } })
    .webp()
    .toBuffer();

function expectStoredImageHeaders(response: Response) {
  expect(response.headers.get('content-type')).toBe('image/webp');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
  expect(response.headers.get('cache-control')).toBe(YEAR_OF_CACHING);
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe.each(testDialects())('stored images shared by every instance on %s', (dialect) => {
  let folder: string;
  let first: TestShop;
  let second: TestShop;
  let admin: TestUser;

  /** A data folder whose uploads folder holds these files, as an older shop left it. */
  async function dataDirWith(files: Record<string, Buffer>): Promise<string> {
    const dataDir = await mkdtemp(path.join(folder, 'data-'));
    await mkdir(path.join(dataDir, 'uploads'));
    for (const [name, bytes] of Object.entries(files)) {
      await writeFile(path.join(dataDir, 'uploads', name), bytes);
    }
    return dataDir;
  }

  async function upload(shop: TestShop, bytes: Buffer): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    const response = await fetch(`${shop.baseUrl}/api/upload`, {
      method: 'POST',
      headers: bearer(admin.token),
      body: form,
    });
    expect(response.status).toBe(200);
    return response.text();
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'shop-images-'));
    // Two SQLite instances can share one file, as two PostgreSQL ones share one database.
    const environment: Record<string, string> =
      dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {};
    first = await startTestShop(dialect, environment);
    second = await startTestShop(dialect, {}, { sameDatabaseAs: first });
    admin = await addUser(first, { role: 'admin' });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('serves an upload made through one instance from another, cached for a year', async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#b08d57' },
    })
      .png()
      .toBuffer();
    const url = await upload(first, png);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

    for (const [address, width] of [
      [url, 900],
      [url.replace(/\.webp$/, '.md.webp'), 800],
      [url.replace(/\.webp$/, '.sm.webp'), 480],
    ] as const) {
      const there = await second.request(address);
      expect(there.status, address).toBe(200);
      expectStoredImageHeaders(there);
      const bytes = await bytesOf(there);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width });
      const here = await first.request(address);
      expect(await bytesOf(here)).toEqual(bytes);
      expect(here.headers.get('etag')).toBe(there.headers.get('etag'));

      // A browser that has it asks again only to be told it is the same.
      const etag = there.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await second.request(address, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe(YEAR_OF_CACHING);
      expect(await again.text()).toBe('');
    }
    const head = await second.request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectStoredImageHeaders(head);
  });

  it('takes in pictures left in an uploads folder on start, even by two instances at once', async () => {
    const [shared, onlyHere] = await Promise.all([picture('#1f2f4a'), picture('#c9a44c', 32)]);
    const dataDirs = await Promise.all([
      dataDirWith({ 'old-ring.webp': shared, 'old-ring.sm.webp': shared }),
      dataDirWith({ 'old-ring.webp': shared, 'old-scarf.webp': onlyHere }),
    ]);
    const starting = await Promise.all(
      dataDirs.map((dataDir) =>
        startTestShop(dialect, { DATA_DIR: dataDir }, { sameDatabaseAs: first }),
      ),
    );
    try {
      // The instance that never had the files serves them all.
      for (const [name, bytes] of [
        ['old-ring.webp', shared],
        ['old-ring.sm.webp', shared],
        ['old-scarf.webp', onlyHere],
      ] as const) {
        const response = await first.request(`/uploads/${name}`);
        expect(response.status, name).toBe(200);
        expectStoredImageHeaders(response);
        expect(await bytesOf(response)).toEqual(bytes);
      }
      const rows = await first.database.db
        .selectFrom('stored_images')
        .select('name')
        .where('name', 'like', 'old-%')
        .execute();
      expect(rows.map((row) => row.name).sort()).toEqual([
        'old-ring.sm.webp',
        'old-ring.webp',
        'old-scarf.webp',
      ]);
      // The files stay; taking them in again finds nothing new.
      expect(existsSync(path.join(dataDirs[0], 'uploads', 'old-ring.webp'))).toBe(true);
      for (const dataDir of dataDirs) {
        const uploads = path.join(dataDir, 'uploads');
        expect(await takeInUploadsFolder(first.database.db, uploads, quietLog)).toBe(0);
      }
    } finally {
      await Promise.all(starting.map((shop) => shop.close()));
    }
  });

  it('makes the medium copy of a picture stored before there were any, once, when first asked', async () => {
    const large = await picture('#2e5e4e', 1200);
    await first.database.db
      .insertInto('stored_images')
      .values([
        {
          name: 'older-bracelet.webp',
          content_type: 'image/webp',
          bytes: large,
          created_at: new Date().toISOString(),
        },
      ])
      .execute();
    const [here, there] = await Promise.all([
      first.request('/uploads/older-bracelet.md.webp'),
      second.request('/uploads/older-bracelet.md.webp'),
    ]);
    for (const response of [here, there]) {
      expect(response.status).toBe(200);
      expectStoredImageHeaders(response);
    }
    const bytes = await bytesOf(here);
    expect(await sharp(bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 800,
    });
    expect(await bytesOf(there)).toEqual(bytes);
    const rows = await first.database.db
      .selectFrom('stored_images')
      .select(['name', 'bytes'])
      .where('name', 'like', 'older-bracelet%')
      .orderBy('name')
      .execute();
    expect(rows.map((row) => [row.name, Buffer.from(row.bytes).equals(bytes)])).toEqual([
      ['older-bracelet.md.webp', true],
      ['older-bracelet.webp', false],
    ]);
  });

  it.each([
    '/uploads/0123456789abcdef0123456789abcdef.webp',
    '/uploads/missing.sm.webp',
    '/uploads/missing.md.webp',
    '/uploads/.md.webp',
    '/uploads/',
    '/uploads/nested/photo.webp',
  ])('answers %s, which nothing is stored under, with 404', async (address) => {
    for (const shop of [first, second]) {
      const response = await shop.request(address);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).not.toBe(YEAR_OF_CACHING);
    }
  });

  it('serves a picture it has served before from memory while the database is away', async () => {
    const url = await upload(first, await picture('#6e2231', 600));
    const third = await startTestShop(dialect, {}, { sameDatabaseAs: first });
    const served = await third.request(url);
    expect(served.status).toBe(200);
    const bytes = await bytesOf(served);
    await third.database.close();
    try {
      const fromMemory = await third.request(url);
      expect(fromMemory.status).toBe(200);
      expectStoredImageHeaders(fromMemory);
      expect(await bytesOf(fromMemory)).toEqual(bytes);
      // One it has not served needs the database, and says so.
      const notYet = await third.request(url.replace(/\.webp$/, '.sm.webp'));
      expect(notYet.status).toBe(503);
    } finally {
      await third.app.close();
      await rm(third.config.dataDir, { recursive: true, force: true });
    }
  });
});

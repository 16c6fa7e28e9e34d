import { expect } from 'vitest';
import { saveVariants } from '../../src/server/catalog/product-writes.repository';
import { newId } from '../../src/server/sql/ids';
import { adminProductSchema } from '../../src/shared/catalog/catalog-admin';
import { DEMO_DELIVERY_SERVICES } from '../../src/shared/delivery/delivery-settings';
import { settingsSchema, type Settings } from '../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from './account-fixtures';
import { addProduct } from './catalogue-fixtures';
import type { TestDialect } from './databases';
import { startTestShop, type TestShop } from './test-shop';

// A shop whose catalogue shows every case a product feed writes: a tee in three sizes (one sold
// out, one heavier, one with its own picture), rings in UK sizes (one SKU too long for Google), a
// scarf on a founded sale, a pendant with an over-long name and description and twelve pictures,
// a bracelet too dear for the tracked services' cover; and a draft and a gift card, which feeds
// never list.

export const FEED_ORIGIN = 'https://shop.example.test';

const DAY = 24 * 60 * 60 * 1000;
const picture = (name: string) => `/uploads/${name}.webp`;

export interface FeedCatalogue {
  tee: { id: string; variantIds: string[] };
  ring: { id: string; variantIds: string[]; longSku: string };
  scarf: { id: string };
  pendant: { id: string; name: string; description: string };
  bracelet: { id: string };
  hidden: { draftId: string; giftCardId: string };
}

export interface FeedShop {
  shop: TestShop;
  admin: TestUser;
  catalogue: FeedCatalogue;
}

/** Variants saved straight into the catalogue, each with the fields given. */
async function withVariants(
  shop: TestShop,
  productId: string,
  groups: { name: string; values: string[] }[],
  variants: {
    options: Record<string, string>;
    sku: string;
    pricePence: number;
    countInStock: number;
    weightGrams?: number;
    compareAtPence?: number | null;
    image?: string | null;
  }[],
): Promise<string[]> {
  const ids = variants.map(() => newId());
  let next = 0;
  await shop.database.db.transaction().execute(async (trx) => {
    const saved = await saveVariants(
      trx,
      productId,
      groups,
      variants.map((variant) => ({ id: undefined, ...variant })),
      () => ids[next++] ?? newId(),
    );
    expect(saved.unknownIds).toEqual([]);
  });
  return ids;
}

async function seed(shop: TestShop, admin: TestUser): Promise<FeedCatalogue> {
  const { database } = shop;
  const call = apiCaller(() => shop);
  const now = Date.now();

  const teeSizes = [{ name: 'Size', values: ['S', 'M', 'L'] }];
  const tee = await addProduct(database, {
    name: 'Breton Stripe Tee',
    brand: 'Tidewell & Co.',
    category: 't-shirts',
    pricePence: 3200,
    weightGrams: 220,
    description: 'Heavy organic cotton, ecru with a navy stripe.',
    options: teeSizes,
    images: [
      { url: picture('tee-front'), alt: 'The tee from the front' },
      { url: picture('tee-back'), alt: 'The tee from the back' },
      { url: picture('tee-folded'), alt: 'The tee folded' },
    ],
    facets: { metal: null, stone: null, colour: 'navy', material: 'organic cotton' },
  });
  const teeVariants = await withVariants(shop, tee.id, teeSizes, [
    { options: { Size: 'S' }, sku: 'BRT-TEE-S', pricePence: 3200, countInStock: 0 },
    {
      options: { Size: 'M' },
      sku: 'BRT-TEE-M',
      pricePence: 3200,
      countInStock: 3,
      image: picture('tee-back'),
    },
    {
      options: { Size: 'L' },
      sku: 'BRT-TEE-L',
      pricePence: 3200,
      countInStock: 2,
      weightGrams: 300,
    },
  ]);

  const ringSizes = [{ name: 'Ring size', values: ['J', 'K'] }];
  const longSku = `RING-${'K'.repeat(55)}`;
  const ring = await addProduct(database, {
    name: 'Garnet Signet Ring',
    brand: '',
    category: 'rings',
    pricePence: 6500,
    weightGrams: 15,
    description: 'A <strong>9ct gold</strong> signet set with a garnet.',
    options: ringSizes,
    facets: { metal: '9ct gold', stone: 'garnet', colour: 'gold', material: null },
  });
  const ringVariants = await withVariants(shop, ring.id, ringSizes, [
    { options: { 'Ring size': 'J' }, sku: 'SIG-RING-J', pricePence: 6500, countInStock: 1 },
    { options: { 'Ring size': 'K' }, sku: longSku, pricePence: 6500, countInStock: 4 },
  ]);

  // Sold at £80 for 40 days, then reduced by the owner to £60: a founded was price.
  const scarfFields = {
    name: 'Tartan Merino Scarf',
    image: picture('scarf'),
    brand: 'Heathfold Knitwear',
    category: 'accessories',
    countInStock: 6,
    description: 'A merino scarf in a muted tartan.',
  };
  const scarf = await addProduct(database, {
    ...scarfFields,
    pricePence: 8000,
    weightGrams: 150,
    specifications: [{ label: 'Fabric', value: '100% merino wool' }],
    createdAt: new Date(now - 40 * DAY).toISOString(),
  });
  const reduced = await call('PUT', `/api/products/${scarf.id}`, admin.token, {
    ...scarfFields,
    price: 60,
    compareAtPrice: 80,
    specifications: [{ label: 'Fabric', value: '100% merino wool' }],
  });
  expect(reduced.statusCode, reduced.body).toBe(200);
  expect(adminProductSchema.parse(reduced.json())).toMatchObject({
    price: 60,
    compareAtPrice: 80,
  });

  const pendantName = `Moonstone Pendant ${'with a very long name '.repeat(9)}`.slice(0, 200);
  const pendantDescription =
    `<p>Hand-set moonstone &amp; silver.</p>\u0007${'A long story of the stone. '.repeat(230)}`.slice(
      0,
      6000,
    );
  const pendant = await addProduct(database, {
    name: pendantName,
    category: 'pendants',
    pricePence: 1500,
    description: pendantDescription,
    images: Array.from({ length: 12 }, (_, index) => ({
      url: picture(`pendant-${index + 1}`),
      alt: `The pendant, view ${index + 1}`,
    })),
    facets: { metal: 'sterling silver', stone: 'moonstone', colour: 'silver', material: null },
  });

  const bracelet = await addProduct(database, {
    name: 'Solid Gold Bangle',
    category: 'accessories',
    pricePence: 20000,
    specifications: [{ label: 'Metal', value: '18ct gold' }],
    facets: { metal: '18ct gold', stone: null, colour: 'gold', material: null },
  });

  const draft = await addProduct(database, { name: 'Unfinished Draft Locket', status: 'draft' });
  const giftCard = await addProduct(database, { name: 'Gift Card', category: 'gift-cards' });

  return {
    tee: { id: tee.id, variantIds: teeVariants },
    ring: { id: ring.id, variantIds: ringVariants, longSku },
    scarf: { id: scarf.id },
    pendant: { id: pendant.id, name: pendantName, description: pendantDescription },
    bracelet: { id: bracelet.id },
    hidden: { draftId: draft.id, giftCardId: giftCard.id },
  };
}

/**
 * A shop with the demo's delivery services (Tracked 48 at £3.95, free from £60, Tracked 24 at
 * £4.95, both covering £100; Special Delivery at £9.95; collection), reading two products at a
 * time so that every feed is written from several reads.
 */
export async function startFeedShop(dialect: TestDialect): Promise<FeedShop> {
  const shop = await startTestShop(
    dialect,
    { PUBLIC_URL: FEED_ORIGIN },
    { deliveryServices: DEMO_DELIVERY_SERVICES, feedProductsPerRead: 2 },
  );
  const admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
  return { shop, admin, catalogue: await seed(shop, admin) };
}

/** Changes the delivery services as the owner does at /admin/settings. */
export async function changeDeliveryServices(
  { shop, admin }: FeedShop,
  change: (services: Settings['delivery']['services']) => Settings['delivery']['services'],
): Promise<void> {
  const call = apiCaller(() => shop);
  const now = settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
  const saved = await call('PUT', '/api/settings', admin.token, {
    ...now,
    delivery: { services: change(now.delivery.services) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

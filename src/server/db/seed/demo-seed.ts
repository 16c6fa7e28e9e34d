import sharp from 'sharp';
import { LARGE_IMAGE_WIDTH, SMALL_IMAGE_WIDTH } from '../../../shared/images';
import {
  countProducts,
  insertProduct,
  insertReview,
  saveVariants,
} from '../../catalog/catalog.repository';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { WEBP } from '../../uploads/stored-images';
import { insertStoredImages, storedNamesAmong } from '../../uploads/stored-images.repository';
import { insertVoucher } from '../../vouchers/vouchers.repository';
import { newId } from '../ids';
import { drawProductSvg } from './art/draw-product';
import { demoProducts, type DemoProduct } from './demo-products';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_VOUCHER_CODE = 'WELCOME5';

const largeName = (product: DemoProduct) => `demo-${product.slug}.webp`;
const smallName = (product: DemoProduct) => `demo-${product.slug}.sm.webp`;

/** Draws a product's picture in both stored sizes. */
async function drawImages({ art }: DemoProduct): Promise<[large: Buffer, small: Buffer]> {
  const svg = Buffer.from(drawProductSvg(art));
  return Promise.all([
    sharp(svg, { density: 144 }).resize(LARGE_IMAGE_WIDTH).webp({ quality: 82 }).toBuffer(),
    sharp(svg).resize(SMALL_IMAGE_WIDTH).webp({ quality: 80 }).toBuffer(),
  ]);
}

/**
 * Stores the demo pictures in the database, where every instance serves them from, drawing only
 * those not stored already (a catalogue emptied and filled again keeps its pictures).
 */
async function storeDemoImages(db: Kysely<Database>): Promise<void> {
  const stored = await storedNamesAmong(
    db,
    demoProducts.flatMap((product) => [largeName(product), smallName(product)]),
  );
  const missing = demoProducts.filter(
    (product) => !stored.has(largeName(product)) || !stored.has(smallName(product)),
  );
  const drawn = await Promise.all(
    missing.map(async (product) => ({ product, images: await drawImages(product) })),
  );
  for (const { product, images } of drawn) {
    const [large, small] = images;
    await insertStoredImages(db, [
      { name: largeName(product), contentType: WEBP, bytes: large },
      { name: smallName(product), contentType: WEBP, bytes: small },
    ]);
  }
}

/**
 * Fills an empty catalogue with the demo products, their pictures and reviews. Run it inside
 * `inStartupLock`, so that two instances starting together cannot both fill it. The pictures go
 * into the database with the products, so they are there for every instance as soon as the
 * products are; nothing is written to an uploads folder.
 */
export async function seedDemoCatalogue(db: Kysely<Database>): Promise<number> {
  if ((await countProducts(db)) > 0) return 0;
  await storeDemoImages(db);
  const now = Date.now();
  for (const [index, product] of demoProducts.entries()) {
    const id = newId();
    await insertProduct(db, {
      id,
      name: product.name,
      brand: product.brand,
      image: `/uploads/${largeName(product)}`,
      pricePence: product.pricePence,
      description: product.description,
      category: product.category,
      countInStock: product.countInStock,
      status: 'live',
      options: product.options ?? [],
      specifications: product.specifications ?? [],
      // Staggered so the newest-first grid keeps the catalogue's own order.
      createdAt: new Date(now - index * 60_000).toISOString(),
    });
    if (product.options && product.variants) {
      await saveVariants(
        db,
        id,
        product.options,
        product.variants.map((variant) => ({ ...variant, id: undefined })),
        newId,
      );
    }
    for (const review of product.reviews) {
      await insertReview(db, {
        id: newId(),
        productId: id,
        userId: null,
        name: review.name,
        rating: review.rating,
        comment: review.comment,
        createdAt: new Date(now - review.daysAgo * DAY_MS).toISOString(),
      });
    }
  }
  // A code to try at checkout: £5 off, for a year.
  await insertVoucher(db, {
    id: newId(),
    name: 'Welcome',
    code: DEMO_VOUCHER_CODE,
    discountPence: 500,
    expiresAt: new Date(now + 365 * DAY_MS).toISOString(),
    status: 'live',
    // A welcome: once for each customer, on a basket of £20 or more.
    minSpendPence: 2000,
    oncePerCustomer: true,
  });
  return demoProducts.length;
}

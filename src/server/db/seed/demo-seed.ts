import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
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
import { insertVoucher } from '../../vouchers/vouchers.repository';
import { newId } from '../ids';
import { drawProductSvg, type ArtSpec } from './art/draw-product';
import { demoProducts } from './demo-products';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_VOUCHER_CODE = 'WELCOME5';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Draws a product's picture into the uploads folder in both stored sizes, once. */
async function drawImage(uploadsDir: string, slug: string, art: ArtSpec): Promise<string> {
  const large = path.join(uploadsDir, `demo-${slug}.webp`);
  const small = path.join(uploadsDir, `demo-${slug}.sm.webp`);
  if (!(await exists(large)) || !(await exists(small))) {
    const svg = Buffer.from(drawProductSvg(art));
    const [largeImage, smallImage] = await Promise.all([
      sharp(svg, { density: 144 }).resize(LARGE_IMAGE_WIDTH).webp({ quality: 82 }).toBuffer(),
      sharp(svg).resize(SMALL_IMAGE_WIDTH).webp({ quality: 80 }).toBuffer(),
    ]);
    await Promise.all([writeFile(large, largeImage), writeFile(small, smallImage)]);
  }
  return `/uploads/demo-${slug}.webp`;
}

/**
 * Fills an empty catalogue with the demo products, their pictures and reviews. Run it inside
 * `inStartupLock`, so that two instances starting together cannot both fill it.
 */
export async function seedDemoCatalogue(db: Kysely<Database>, uploadsDir: string): Promise<number> {
  if ((await countProducts(db)) > 0) return 0;
  await mkdir(uploadsDir, { recursive: true });
  const images = await Promise.all(
    demoProducts.map((product) => drawImage(uploadsDir, product.slug, product.art)),
  );
  const now = Date.now();
  for (const [index, product] of demoProducts.entries()) {
    const id = newId();
    await insertProduct(db, {
      id,
      name: product.name,
      brand: product.brand,
      image: images[index] ?? '',
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

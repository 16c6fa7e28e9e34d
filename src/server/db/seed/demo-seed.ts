import { ukDayOf } from '../../delivery/delivery-dates';
import sharp from 'sharp';
import {
  LARGE_IMAGE_WIDTH,
  MEDIUM_IMAGE_WIDTH,
  SMALL_IMAGE_WIDTH,
} from '../../../shared/catalog/images';
import { countProducts } from '../../catalog/catalog.repository';
import { insertProduct, saveVariants } from '../../catalog/product-writes.repository';
import { replacePriceHistory } from '../../catalog/price-history.repository';
import { insertReview } from '../../catalog/product-reviews.repository';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { WEBP } from '../../uploads/stored-images';
import { insertStoredImages, storedNamesAmong } from '../../uploads/stored-images.repository';
import { insertVoucher } from '../../vouchers/vouchers.repository';
import { newId } from '../../sql/ids';
import { drawProductSvg, type ArtSpec, type ArtView } from './art/draw-product';
import { demoProducts, packedGrams, type DemoProduct } from './demo-products';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_VOUCHER_CODE = 'WELCOME5';
/** The demo's percentage code: 10% off knitwear, up to £20. */
export const DEMO_KNITWEAR_CODE = 'KNIT10';

/**
 * How the demo's sale came about: each item on sale sold at its was price for 60 days, until it
 * was reduced 12 days ago to its price now. Its was price is then founded: 60 days in a row at
 * that price, all within the last 6 months. (The shop sold them before their rows were loaded
 * here, so their history begins before them.)
 */
export const DEMO_SALE = { daysAtWasPrice: 60, reducedDaysAgo: 12 } as const;

/** The history of an item on the demo's sale: its was price for weeks, then its price now. */
function saleHistory(now: number, wasPence: number, pricePence: number) {
  const reduced = new Date(now - DEMO_SALE.reducedDaysAgo * DAY_MS).toISOString();
  const raised = now - (DEMO_SALE.reducedDaysAgo + DEMO_SALE.daysAtWasPrice) * DAY_MS;
  return [
    { pricePence: wasPence, from: new Date(raised).toISOString(), to: reduced },
    { pricePence, from: reduced, to: null },
  ];
}

/** One of a demo product's pictures: its stored name without `.webp`, its alt text and view. */
interface DemoImage {
  name: string;
  alt: string;
  art: ArtSpec;
  view: ArtView;
}

/**
 * A demo product's pictures: its gallery, or its one picture from the front (described by the
 * product's name, as a product without a gallery is). The picture from the front keeps the name
 * it has always had, `demo-<slug>`.
 */
function imagesOf(product: DemoProduct): DemoImage[] {
  const pictures = product.pictures ?? [{ view: 'front', alt: product.name }];
  return pictures.map((picture) => ({
    name:
      picture.view === 'front' ? `demo-${product.slug}` : `demo-${product.slug}-${picture.view}`,
    alt: picture.alt,
    art: product.art,
    view: picture.drawn ?? {},
  }));
}

/** The stored sizes of a picture: each one's name after the picture's, and its width. */
const COPIES = [
  { suffix: '.webp', width: LARGE_IMAGE_WIDTH, quality: 82 },
  { suffix: '.md.webp', width: MEDIUM_IMAGE_WIDTH, quality: 80 },
  { suffix: '.sm.webp', width: SMALL_IMAGE_WIDTH, quality: 80 },
] as const;

const copyNames = (image: DemoImage) => COPIES.map(({ suffix }) => `${image.name}${suffix}`);

/** Draws a product's picture in every stored size, each under its name. */
async function drawImages(image: DemoImage): Promise<{ name: string; bytes: Buffer }[]> {
  const svg = Buffer.from(drawProductSvg(image.art, image.view));
  return Promise.all(
    COPIES.map(async ({ suffix, width, quality }) => ({
      name: `${image.name}${suffix}`,
      bytes: await sharp(svg, { density: width > SMALL_IMAGE_WIDTH ? 144 : 72 })
        .resize(width)
        .webp({ quality })
        .toBuffer(),
    })),
  );
}

/**
 * Stores the demo pictures in the database, where every instance serves them from, drawing only
 * those not stored already (a catalogue emptied and filled again keeps its pictures).
 */
async function storeDemoImages(db: Kysely<Database>): Promise<void> {
  const all = demoProducts.flatMap(imagesOf);
  const stored = await storedNamesAmong(db, all.flatMap(copyNames));
  const missing = all.filter((image) => copyNames(image).some((name) => !stored.has(name)));
  const drawn = await Promise.all(missing.map(drawImages));
  for (const copies of drawn) {
    await insertStoredImages(
      db,
      copies.map((copy) => ({ ...copy, contentType: WEBP })),
    );
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
    const images = imagesOf(product).map((image) => ({
      url: `/uploads/${copyNames(image)[0]}`,
      alt: image.alt,
    }));
    const wasPence = product.sale?.wasPence ?? null;
    await insertProduct(db, {
      id,
      name: product.name,
      brand: product.brand,
      image: images[0]?.url ?? '',
      // Only a gallery is stored; a product with one picture shows it described by its name.
      images: product.pictures ? images : [],
      pricePence: product.pricePence,
      compareAtPence: product.options ? null : wasPence,
      description: product.description,
      category: product.category,
      countInStock: product.countInStock,
      weightGrams: packedGrams(product),
      status: 'live',
      options: product.options ?? [],
      specifications: product.specifications ?? [],
      facets: product.facets,
      madeToOrder: product.madeToOrder ?? null,
      preorder: product.preorder
        ? {
            releaseDate: ukDayOf(new Date(now + product.preorder.releaseInDays * DAY_MS)),
            limit: product.preorder.limit,
          }
        : null,
      personalisation: product.personalisation ?? null,
      // Staggered so the newest-first grid keeps the catalogue's own order.
      createdAt: new Date(now - index * 60_000).toISOString(),
    });
    const variantIds: string[] = [];
    if (product.options && product.variants) {
      await saveVariants(
        db,
        id,
        product.options,
        product.variants.map((variant) => ({
          ...variant,
          id: undefined,
          compareAtPence: wasPence,
        })),
        () => {
          const variantId = newId();
          variantIds.push(variantId);
          return variantId;
        },
      );
    }
    if (wasPence !== null) {
      const items = [
        { productId: id, variantId: null, pricePence: product.pricePence },
        ...(product.variants ?? []).map((variant, index) => ({
          productId: id,
          variantId: variantIds[index] ?? null,
          pricePence: variant.pricePence,
        })),
      ];
      for (const { pricePence, ...item } of items) {
        await replacePriceHistory(db, item, saleHistory(now, wasPence, pricePence));
      }
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
  // A percentage on one department: 10% off knitwear, up to £20, beside any promotion.
  await insertVoucher(db, {
    id: newId(),
    name: 'Ten percent off knitwear',
    code: DEMO_KNITWEAR_CODE,
    kind: 'percent',
    discountPence: 0,
    percent: 10,
    capPence: 2000,
    appliesTo: { categories: ['knitwear'], products: [] },
    expiresAt: new Date(now + 365 * DAY_MS).toISOString(),
    status: 'live',
    stacks: true,
  });
  return demoProducts.length;
}

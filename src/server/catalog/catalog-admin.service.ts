import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type {
  AdminProduct,
  AdminProductPage,
  AdminProductQuery,
  ProductUpdateBody,
} from '../../shared/catalog/catalog-admin';
import { poundsToPence } from '../../shared/money';
import { variantProblem } from '../../shared/catalog/variants';
import { firstImageOf, galleryProblem } from '../../shared/catalog/gallery';
import { wasPriceProblem } from '../../shared/catalog/was-prices';
import { offerOf } from '../../shared/catalog/personalisation';
import { GIFT_CARD_CATEGORY } from '../../shared/gift-cards/gift-cards';
import { isUniqueViolation } from '../db/constraint-errors';
import type { ShopDatabase } from '../db/database';
import { newId } from '../sql/ids';
import { ShopError } from '../http/errors';
import { announceBackInStock, type StockAlertsContext } from '../stock-alerts/stock-alerts.service';
import { findProduct, type ProductRecord } from './catalog.repository';
import {
  deleteProduct,
  insertProduct,
  saveImages,
  saveVariants,
  updateProduct,
} from './product-writes.repository';
import { listAdminProductSlice } from './admin-products.repository';
import { presentProduct } from './catalog.service';
import { pageCount, pageOffset } from '../http/paging';
import type { UserAccount } from '../accounts/user-account';
import { changedFields, recordChange, type Actor } from '../audit/audit-log';
import {
  changesMoreThanStock,
  factsOfProduct,
  factsOfSave,
  keepsVariants,
  settleSave,
  type SettledSave,
} from './product-facts';
import { refuseUnfoundedWasPrices } from './sale-prices';

const productNotFound = () => new ShopError('PRODUCT_NOT_FOUND', 'Product not found');

function presentAdminProduct(product: ProductRecord): AdminProduct {
  return { ...presentProduct(product), status: product.status };
}

export async function getAdminProduct({ db }: ShopDatabase, id: string): Promise<AdminProduct> {
  const product = await findProduct(db, id);
  if (!product) throw productNotFound();
  return presentAdminProduct(product);
}

/** Every product, drafts included, newest first, narrowed as the back office asks. */
export async function listAdminProducts(
  { db }: ShopDatabase,
  query: AdminProductQuery,
  lowStock: number,
): Promise<AdminProductPage> {
  const slice = await listAdminProductSlice(
    db,
    { words: query.q, category: query.category, stock: query.stock, lowStock },
    { offset: pageOffset(query.pageNumber, ADMIN_PAGE_SIZE), limit: ADMIN_PAGE_SIZE },
  );
  return {
    products: slice.products.map(presentAdminProduct),
    page: query.pageNumber,
    pages: pageCount(slice.total, ADMIN_PAGE_SIZE),
    total: slice.total,
  };
}

/** An empty draft for the owner to fill in; shoppers cannot see it until it is saved complete. */
export async function createDraftProduct(
  database: ShopDatabase,
  admin: Actor,
): Promise<AdminProduct> {
  const id = newId();
  await database.db.transaction().execute(async (trx) => {
    await insertProduct(trx, {
      id,
      name: '',
      brand: '',
      image: '',
      pricePence: 0,
      description: '',
      category: 'accessories',
      countInStock: 0,
      status: 'draft',
      options: [],
      specifications: [],
    });
    await recordChange(trx, admin, {
      action: 'product.created',
      target: { type: 'product', id, label: 'New draft' },
      after: { status: 'draft' },
    });
  });
  return getAdminProduct(database, id);
}

const penceOrNull = (pounds: number | null) => (pounds === null ? null : poundsToPence(pounds));

const variantOfAnotherProduct = () =>
  new ShopError('VARIANT_UNKNOWN', 'One of those variants belongs to another product');

/**
 * Staff change stock, and nothing else: not a field, and not which variants there are (each kept
 * by its id, in its place, so that its orders, alerts and wishlist entries stay with it).
 */
function refuseMoreThanStock(before: ProductRecord, body: SettledSave): void {
  if (!keepsVariants(before, body)) {
    throw new ShopError(
      'FORBIDDEN',
      'Staff can change a variant’s stock, but cannot add, remove or remake variants: open the product again and change only its stock',
    );
  }
  if (changesMoreThanStock(factsOfProduct(before), factsOfSave(body))) {
    throw new ShopError('FORBIDDEN', 'Staff can change a product’s stock, and nothing else');
  }
}

/**
 * Saves a complete product, which publishes a draft. With options its variants become exactly
 * those sent (removed ones live on in the orders that hold them), and its price, was price and
 * stock follow them. A was price must be above its price, and one set anew must have been the
 * item's price for 28 days in a row within the last 6 months. Each price changed goes on in its
 * price history. Whoever waits for something now back in stock is told.
 */
export async function saveProduct(
  alerts: StockAlertsContext,
  actor: Actor & Pick<UserAccount, 'role'>,
  id: string,
  body: ProductUpdateBody,
): Promise<AdminProduct> {
  const { db } = alerts.database;
  const problem = variantProblem(body.options, body.variants);
  if (problem) {
    throw new ShopError(problem.code, problem.message, [
      { path: problem.path, message: problem.message },
    ]);
  }
  const pictures = galleryProblem(body);
  if (pictures) {
    throw new ShopError('VALIDATION_FAILED', pictures.message, [
      { path: pictures.path, message: pictures.message },
    ]);
  }
  if (body.madeToOrder && body.preorder) {
    const message = 'A product is made to order or on pre-order, not both';
    throw new ShopError('VALIDATION_FAILED', message, [{ path: 'preorder', message }]);
  }
  if (body.category === GIFT_CARD_CATEGORY && body.personalisation) {
    const message = 'A gift card is not personalised: its message goes with it instead';
    throw new ShopError('VALIDATION_FAILED', message, [{ path: 'personalisation', message }]);
  }
  const wasPrice = wasPriceProblem(body);
  if (wasPrice) {
    throw new ShopError('VALIDATION_FAILED', wasPrice.message, [
      { path: wasPrice.path, message: wasPrice.message },
    ]);
  }
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findProduct(trx, id);
      if (!before) throw productNotFound();
      const save = settleSave(before, body);
      if (actor.role !== 'admin') refuseMoreThanStock(before, save);
      await refuseUnfoundedWasPrices(trx, before, save, new Date());
      const saved = await updateProduct(trx, id, {
        name: body.name,
        brand: body.brand,
        image: firstImageOf(body),
        pricePence: poundsToPence(body.price),
        compareAtPence: penceOrNull(save.compareAtPrice),
        description: body.description,
        category: body.category,
        countInStock: body.countInStock,
        weightGrams: save.weightGrams,
        status: 'live',
        options: body.options,
        specifications: body.specifications,
        facets: save.facets,
        madeToOrder: save.madeToOrder,
        preorder: save.preorder,
        personalisation: save.personalisation && offerOf(save.personalisation),
      });
      if (!saved) throw productNotFound();
      const variants = save.variants.map((variant) => ({
        id: variant._id,
        options: variant.options,
        sku: variant.sku,
        pricePence: poundsToPence(variant.price),
        compareAtPence: penceOrNull(variant.compareAtPrice),
        countInStock: variant.countInStock,
        weightGrams: variant.weightGrams,
        image: variant.image,
        madeToOrder: variant.madeToOrder,
      }));
      await saveImages(trx, id, body.images);
      const { unknownIds } = await saveVariants(trx, id, body.options, variants, newId);
      if (unknownIds.length > 0) throw variantOfAnotherProduct();
      const after = await findProduct(trx, id);
      const changed = after && changedFields(factsOfProduct(before), factsOfProduct(after));
      if (after && changed) {
        await recordChange(trx, actor, {
          action: 'product.updated',
          target: { type: 'product', id, label: after.name },
          ...changed,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ShopError('SKU_TAKEN', 'One of those SKUs is already used by another product');
    }
    throw error;
  }
  await announceBackInStock(alerts, [id]);
  return getAdminProduct(alerts.database, id);
}

export async function removeProduct({ db }: ShopDatabase, admin: Actor, id: string) {
  await db.transaction().execute(async (trx) => {
    const product = await findProduct(trx, id);
    if (!product || !(await deleteProduct(trx, id))) throw productNotFound();
    await recordChange(trx, admin, {
      action: 'product.deleted',
      target: { type: 'product', id, label: product.name || 'Draft' },
      before: factsOfProduct(product),
    });
  });
  return { message: 'Product removed' };
}

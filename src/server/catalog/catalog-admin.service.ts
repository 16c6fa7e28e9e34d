import { ADMIN_PAGE_SIZE, type AdminProduct, type ProductUpdateBody } from '../../shared/admin';
import { poundsToPence } from '../../shared/money';
import type { ShopDatabase } from '../db/database';
import { newId } from '../db/ids';
import { ShopError } from '../http/errors';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  listLiveProducts,
  updateProduct,
  type ProductRecord,
} from './catalog.repository';
import { presentProduct } from './catalog.service';
import { pageCount, pageOffset } from '../http/paging';

const productNotFound = () => new ShopError('PRODUCT_NOT_FOUND', 'Product not found');

function presentAdminProduct(product: ProductRecord): AdminProduct {
  return { ...presentProduct(product), status: product.status };
}

export async function getAdminProduct({ db }: ShopDatabase, id: string): Promise<AdminProduct> {
  const product = await findProduct(db, id);
  if (!product) throw productNotFound();
  return presentAdminProduct(product);
}

/** Every product, drafts included, newest first. */
export async function listAdminProducts({ db }: ShopDatabase, pageNumber: number) {
  const slice = await listLiveProducts(
    db,
    pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    ADMIN_PAGE_SIZE,
    {
      drafts: true,
    },
  );
  return {
    products: slice.products.map(presentAdminProduct),
    page: pageNumber,
    pages: pageCount(slice.total, ADMIN_PAGE_SIZE),
  };
}

/** An empty draft for the owner to fill in; shoppers cannot see it until it is saved complete. */
export async function createDraftProduct(database: ShopDatabase): Promise<AdminProduct> {
  const id = newId();
  await insertProduct(database.db, {
    id,
    name: '',
    brand: '',
    image: '',
    pricePence: 0,
    description: '',
    category: 'accessories',
    countInStock: 0,
    status: 'draft',
  });
  return getAdminProduct(database, id);
}

/** Saves a complete product, which publishes a draft. */
export async function saveProduct(
  database: ShopDatabase,
  id: string,
  body: ProductUpdateBody,
): Promise<AdminProduct> {
  const saved = await updateProduct(database.db, id, {
    name: body.name,
    brand: body.brand,
    image: body.image,
    pricePence: poundsToPence(body.price),
    description: body.description,
    category: body.category,
    countInStock: body.countInStock,
    status: 'live',
  });
  if (!saved) throw productNotFound();
  return getAdminProduct(database, id);
}

export async function removeProduct({ db }: ShopDatabase, id: string) {
  if (!(await deleteProduct(db, id))) throw productNotFound();
  return { message: 'Product removed' };
}

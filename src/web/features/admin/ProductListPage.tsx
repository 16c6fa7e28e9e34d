import { Link, useParams } from 'react-router';
import type { AdminProduct } from '../../../shared/catalog-admin';
import { useAdminProducts, useCreateProduct, useDeleteProduct } from '../../api/admin-products';
import type { PanelRequest } from '../../state/panel-store';
import { textLinkClass } from '../../ui/Button';
import { pageFromParam } from '../../ui/Pagination';
import { Price } from '../../ui/Price';
import { AdminListPage, AdminPagination } from './admin-list-page';
import { AdminTable, cell, DraftBadge, RowActions } from './admin-table';
import { useConfirmedDelete, type ConfirmedDelete } from './confirmed-delete';
import { CreateDraftButton } from './page-actions';

export const CONFIRM_DELETE_PRODUCT = 'Are you sure you want to delete the product';

const HEADINGS = ['ID', 'Name', 'Price', 'Category', 'Brand', 'Stock'] as const;

const productPanel = (productId: string): PanelRequest => ({ kind: 'editProduct', productId });

/**
 * How many of a product's variants are sold out, in the words of its one option (`2 sizes sold
 * out`), or `options` when it has several; nothing when all are in stock.
 */
export function soldOutNote(product: AdminProduct): string | undefined {
  const count = product.variants.filter((variant) => variant.countInStock <= 0).length;
  if (count === 0) return undefined;
  const [only, ...others] = product.options;
  const noun = only && others.length === 0 ? only.name.toLowerCase() : 'option';
  return `${count} ${noun}${count === 1 ? '' : 's'} sold out`;
}

/** Marks a product some of whose variants cannot be bought until restocked. */
function SoldOutBadge({ note }: { note: string }) {
  return (
    <span className="ml-2 inline-block rounded-shop bg-warning/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-warning">
      {note}
    </span>
  );
}

/** With variants at several prices, the product's price is where they start. */
const startsFrom = (product: AdminProduct) =>
  new Set(product.variants.map((variant) => variant.price)).size > 1;

function ProductRow({ product, deletion }: { product: AdminProduct; deletion: ConfirmedDelete }) {
  const soldOut = soldOutNote(product);
  return (
    <tr>
      <td className={`${cell} font-mono text-xs break-all`}>{product._id}</td>
      <td className={`${cell} wrap-anywhere`}>
        <Link to={`/admin/product/${product._id}/edit`} className={textLinkClass}>
          {product.name || 'Untitled'}
        </Link>
        {product.status === 'draft' && <DraftBadge />}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {startsFrom(product) && 'from '}
        <Price pounds={product.price} />
      </td>
      <td className={`${cell} capitalize`}>{product.category.replace('-', ' ')}</td>
      <td className={`${cell} wrap-anywhere`}>{product.brand}</td>
      <td className={cell}>
        <span className="tabular-nums">{product.countInStock}</span>
        {soldOut && <SoldOutBadge note={soldOut} />}
      </td>
      <RowActions
        id={product._id}
        what={product.name || `draft ${product._id}`}
        panelFor={productPanel}
        deletion={deletion}
      />
    </tr>
  );
}

function ProductsTable({ products }: { products: readonly AdminProduct[] }) {
  const deletion = useConfirmedDelete(useDeleteProduct(), CONFIRM_DELETE_PRODUCT, productPanel);
  return (
    <AdminTable
      label="Products"
      minWidth="min-w-[52rem]"
      headings={HEADINGS}
      actions="Actions"
      error={deletion.error}
    >
      {products.map((product) => (
        <ProductRow key={product._id} product={product} deletion={deletion} />
      ))}
    </AdminTable>
  );
}

/** Every product, drafts included, newest first: the admin creates, edits and deletes them here. */
export function ProductListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const query = useAdminProducts(page);
  const create = useCreateProduct();
  return (
    <AdminListPage
      heading="Products"
      page={page}
      action={
        <CreateDraftButton create={create} panelFor={productPanel}>
          Create Product
        </CreateDraftButton>
      }
      query={query}
      itemsOf={(data) => data.products}
      loading="Loading products…"
      empty={page === 1 ? 'There are no products yet.' : 'There are no products on this page.'}
      footer={<AdminPagination of={query.data} label="Product pages" path="/admin/productlist" />}
    >
      {(products) => <ProductsTable products={products} />}
    </AdminListPage>
  );
}

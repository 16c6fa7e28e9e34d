import { Link, useParams } from 'react-router';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import { smallImageUrl } from '../../../shared/catalog/images';
import { useCreateProduct, useDeleteProduct } from '../../api/admin-products';
import { useProductSearch } from '../../api/admin-product-search';
import { usePanels, type PanelRequest } from '../../state/panel-store';
import { useBackOfficeRole } from '../../state/roles';
import { textLinkClass } from '../../ui/Button';
import { Pagination, pageFromParam } from '../../ui/Pagination';
import { Price } from '../../ui/Price';
import { AdminListPage } from '../../back-office/admin-list-page';
import { AdminTable, cell, DraftBadge, IdCell, rowButton } from '../../back-office/admin-table';
import { useConfirmedDelete, type ConfirmedDelete } from '../../back-office/confirmed-delete';
import { CreateDraftButton } from '../../back-office/page-actions';
import {
  isFiltered,
  ProductFilters,
  productsAddress,
  useProductFilters,
  type ProductFilterValues,
} from './product-filters';

/** Asked before a product is deleted, naming it; orders keep their own copy of what they hold. */
export const deleteProductQuestion = (name: string) => `Delete ${name}? Orders keep their copy.`;

const HEADINGS = ['ID', 'Name', 'Price', 'Category', 'Brand', 'Stock'] as const;

const productPanel = (productId: string): PanelRequest => ({ kind: 'editProduct', productId });

const nameOf = (product: AdminProduct) => product.name || `draft ${product._id}`;

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

/** The product's picture, small: its name is beside it, so it says nothing to screen readers. */
function Thumbnail({ image }: { image: string }) {
  const frame = 'size-12 shrink-0 rounded-shop bg-sand';
  if (image === '') return <span aria-hidden="true" className={frame} />;
  return (
    <img
      src={smallImageUrl(image) ?? image}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className={`${frame} object-cover`}
    />
  );
}

/** Edit opens the product's panel; the owner may also delete it (asked first), staff may not. */
function ProductActions(props: { product: AdminProduct; deletion: ConfirmedDelete | null }) {
  const { product, deletion } = props;
  const openPanel = usePanels((state) => state.open);
  return (
    <td className={`${cell} whitespace-nowrap`}>
      <button
        type="button"
        className={rowButton}
        aria-label={`Edit ${nameOf(product)}`}
        onClick={() => openPanel(productPanel(product._id))}
      >
        Edit
      </button>
      {deletion && (
        <button
          type="button"
          className={`${rowButton} text-error`}
          disabled={deletion.isDeleting(product._id)}
          aria-label={`Delete ${nameOf(product)}`}
          onClick={() => deletion.remove(product._id)}
        >
          Delete
        </button>
      )}
    </td>
  );
}

function ProductRow(props: { product: AdminProduct; deletion: ConfirmedDelete | null }) {
  const { product, deletion } = props;
  const soldOut = soldOutNote(product);
  return (
    <tr>
      <IdCell id={product._id} />
      <td className={`${cell} min-w-60`}>
        <div className="flex items-center gap-3">
          <Thumbnail image={product.image} />
          <div className="min-w-0 wrap-anywhere">
            <Link to={`/admin/product/${product._id}/edit`} className={textLinkClass}>
              {product.name || 'Untitled'}
            </Link>
            {product.status === 'draft' && <DraftBadge />}
          </div>
        </div>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {startsFrom(product) && 'from '}
        <Price pounds={product.price} />
        {product.compareAtPrice !== null && (
          <span className="block text-sm text-muted">
            was <Price pounds={product.compareAtPrice} />
          </span>
        )}
      </td>
      <td className={`${cell} capitalize`}>{product.category.replace('-', ' ')}</td>
      <td className={`${cell} wrap-anywhere`}>{product.brand}</td>
      <td className={cell}>
        <span className="tabular-nums">{product.countInStock}</span>
        {soldOut && <SoldOutBadge note={soldOut} />}
      </td>
      <ProductActions product={product} deletion={deletion} />
    </tr>
  );
}

function ProductsTable(props: { products: readonly AdminProduct[]; owner: boolean }) {
  const { products, owner } = props;
  const question = (id: string) => {
    const product = products.find((each) => each._id === id);
    return deleteProductQuestion(product ? nameOf(product) : 'this product');
  };
  const deletion = useConfirmedDelete(useDeleteProduct(), question, productPanel);
  return (
    <AdminTable
      label="Products"
      minWidth="min-w-[56rem]"
      headings={HEADINGS}
      actions="Actions"
      error={deletion.error}
    >
      {products.map((product) => (
        <ProductRow key={product._id} product={product} deletion={owner ? deletion : null} />
      ))}
    </AdminTable>
  );
}

/** How many products the filters found, or the shop has: said again whenever it changes. */
function FoundCount({ total, filtered }: { total: number | undefined; filtered: boolean }) {
  const words =
    total === undefined
      ? ''
      : `${total} ${total === 1 ? 'product' : 'products'}${filtered ? ' found' : ''}`;
  return (
    <p aria-live="polite" className="mb-4 text-sm text-muted">
      {words}
    </p>
  );
}

function emptyWords(filters: ProductFilterValues, page: number): string {
  if (isFiltered(filters)) return 'No product matches these filters.';
  return page === 1 ? 'There are no products yet.' : 'There are no products on this page.';
}

/**
 * Every product, drafts included, newest first, found by words and narrowed by category and
 * stock. The owner creates, edits and deletes them here; staff open them to change stock.
 */
export function ProductListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const filters = useProductFilters();
  const query = useProductSearch({ ...filters, page });
  const owner = useBackOfficeRole() === 'admin';
  const create = useCreateProduct();
  return (
    <AdminListPage
      heading="Products"
      page={page}
      action={
        owner && (
          <CreateDraftButton create={create} panelFor={productPanel}>
            Create Product
          </CreateDraftButton>
        )
      }
      search={
        <>
          <ProductFilters filters={filters} />
          <FoundCount total={query.data?.total} filtered={isFiltered(filters)} />
        </>
      }
      query={query}
      itemsOf={(data) => data.products}
      loading="Loading products…"
      empty={emptyWords(filters, page)}
      footer={
        query.data && (
          <Pagination
            page={query.data.page}
            pages={query.data.pages}
            label="Product pages"
            hrefFor={(number) => productsAddress(filters, number)}
          />
        )
      }
    >
      {(products) => <ProductsTable products={products} owner={owner} />}
    </AdminListPage>
  );
}

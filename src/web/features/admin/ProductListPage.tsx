import { Link, useParams } from 'react-router';
import type { AdminProduct } from '../../../shared/admin';
import { SHOP_NAME } from '../../../shared/shop';
import { useAdminProducts, useCreateProduct, useDeleteProduct } from '../../api/admin-products';
import { usePanels } from '../../state/panel-store';
import { showToast } from '../../state/toast-store';
import { Button, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { pageFromParam, Pagination } from '../../ui/Pagination';
import { Price } from '../../ui/Price';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { cell, DraftBadge, headCell, rowButton, TableLoading } from './admin-table';

export const CONFIRM_DELETE_PRODUCT = 'Are you sure you want to delete the product';

const HEADINGS = ['ID', 'Name', 'Price', 'Category', 'Brand', 'Stock'] as const;

interface ProductRowProps {
  product: AdminProduct;
  deleting: boolean;
  onDelete: (product: AdminProduct) => void;
}

function ProductRow({ product, deleting, onDelete }: ProductRowProps) {
  const openPanel = usePanels((state) => state.open);
  const what = product.name || `draft ${product._id}`;
  return (
    <tr>
      <td className={`${cell} font-mono text-xs break-all`}>{product._id}</td>
      <td className={`${cell} break-words`}>
        <Link to={`/admin/product/${product._id}/edit`} className={textLinkClass}>
          {product.name || 'Untitled'}
        </Link>
        {product.status === 'draft' && <DraftBadge />}
      </td>
      <td className={cell}>
        <Price pounds={product.price} />
      </td>
      <td className={`${cell} capitalize`}>{product.category.replace('-', ' ')}</td>
      <td className={`${cell} break-words`}>{product.brand}</td>
      <td className={`${cell} tabular-nums`}>{product.countInStock}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <button
          type="button"
          className={rowButton}
          aria-label={`Edit ${what}`}
          onClick={() => openPanel({ kind: 'editProduct', productId: product._id })}
        >
          Edit
        </button>
        <button
          type="button"
          className={`${rowButton} text-error`}
          disabled={deleting}
          aria-label={`Delete ${what}`}
          onClick={() => onDelete(product)}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

/** The deletion lives here rather than in a row, which is gone once the list is refreshed. */
function ProductsTable({ products }: { products: readonly AdminProduct[] }) {
  const remove = useDeleteProduct();
  const onDelete = (product: AdminProduct) => {
    if (!window.confirm(CONFIRM_DELETE_PRODUCT)) return;
    remove.mutate(product._id, {
      onSuccess: ({ message }) => {
        const { panel, close } = usePanels.getState();
        if (panel?.kind === 'editProduct' && panel.productId === product._id) close();
        showToast(message);
      },
    });
  };
  return (
    <>
      {remove.isError && (
        <div className="mb-4">
          <ErrorBox error={remove.error} />
        </div>
      )}
      <ScrollRegion label="Products">
        <table className="w-full min-w-[52rem] border-collapse">
          <thead className="border-b border-line">
            <tr>
              {HEADINGS.map((heading) => (
                <th key={heading} scope="col" className={headCell}>
                  {heading}
                </th>
              ))}
              <th scope="col" className={headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {products.map((product) => (
              <ProductRow
                key={product._id}
                product={product}
                deleting={remove.isPending && remove.variables === product._id}
                onDelete={onDelete}
              />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

function CreateProductButton() {
  const create = useCreateProduct();
  const openPanel = usePanels((state) => state.open);
  return (
    <div className="flex flex-col items-end gap-3">
      <Button
        disabled={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: (product) => openPanel({ kind: 'editProduct', productId: product._id }),
          })
        }
      >
        Create Product
      </Button>
      {create.isError && <ErrorBox error={create.error} />}
    </div>
  );
}

/** Every product, drafts included, newest first: the admin creates, edits and deletes them here. */
export function ProductListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const { data, isPending, error } = useAdminProducts(page);
  return (
    <>
      <title>
        {page === 1 ? `Products | ${SHOP_NAME}` : `Products, page ${page} | ${SHOP_NAME}`}
      </title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading>Products</PageHeading>
        <CreateProductButton />
      </div>
      {isPending ? (
        <TableLoading label="Loading products…" />
      ) : error ? (
        <ErrorBox error={error} />
      ) : data.products.length === 0 ? (
        <p className="text-muted">
          {page === 1 ? 'There are no products yet.' : 'There are no products on this page.'}
        </p>
      ) : (
        <ProductsTable products={data.products} />
      )}
      {data && (
        <Pagination
          page={data.page}
          pages={data.pages}
          label="Product pages"
          hrefFor={(number) => `/admin/productlist/${number}`}
        />
      )}
    </>
  );
}

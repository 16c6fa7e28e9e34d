import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { STOCK_FILTERS, type StockFilter } from '../../../shared/catalog/catalog-admin';
import { CATEGORIES, SHELF_NAMES } from '../../../shared/catalog/shelves';
import { textLinkClass } from '../../ui/Button';
import { fieldClass } from '../../ui/field';
import { SearchWordsField } from '../../back-office/list-search';

export const PRODUCTS_PATH = '/admin/productlist';

/** The product list's filters as the address holds them (`?q=locket&stock=low`). */
export interface ProductFilterValues {
  q: string;
  category: string;
  stock: StockFilter | '';
}

export const STOCK_WORDS: Record<StockFilter, string> = {
  in_stock: 'In stock',
  low: 'Running low',
  sold_out: 'Sold out',
};

const isStockFilter = (word: string): word is StockFilter =>
  (STOCK_FILTERS as readonly string[]).includes(word);

/** The filters in the address; a category or stock the shop does not know is left out. */
export function useProductFilters(): ProductFilterValues {
  const [params] = useSearchParams();
  const category = params.get('category') ?? '';
  const stock = params.get('stock') ?? '';
  return {
    q: (params.get('q') ?? '').trim(),
    category: (CATEGORIES as readonly string[]).includes(category) ? category : '',
    stock: isStockFilter(stock) ? stock : '',
  };
}

export const isFiltered = ({ q, category, stock }: ProductFilterValues) =>
  q !== '' || category !== '' || stock !== '';

/** The list's address at a page, with its filters; blank ones are left out. */
export function productsAddress(filters: ProductFilterValues, page?: number): string {
  const params = new URLSearchParams();
  const words: [string, string][] = [
    ['q', filters.q],
    ['category', filters.category],
    ['stock', filters.stock],
  ];
  for (const [name, value] of words) if (value !== '') params.set(name, value);
  const search = params.toString();
  const path = page === undefined ? PRODUCTS_PATH : `${PRODUCTS_PATH}/${page}`;
  return search === '' ? path : `${path}?${search}`;
}

const wordsOf = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Finds products by words in a name, brand or SKU, and narrows them to a category or a state of
 * stock. Words are sent with Search (or Enter); a choice of category or stock applies at once.
 * Either way the filters go into the address, from the first page.
 */
export function ProductFilters({ filters }: { filters: ProductFilterValues }) {
  const navigate = useNavigate();
  const id = useId();
  const apply = (form: HTMLFormElement) => {
    const stock = wordsOf(form, 'stock');
    void navigate(
      productsAddress({
        q: wordsOf(form, 'q'),
        category: wordsOf(form, 'category'),
        stock: isStockFilter(stock) ? stock : '',
      }),
    );
  };
  return (
    <form
      role="search"
      aria-label="Find products"
      className="mb-4 flex flex-col gap-4 md:flex-row md:flex-wrap md:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      <div className="flex min-w-0 flex-col gap-1.5 md:min-w-64 md:flex-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          Find a product
        </label>
        <SearchWordsField id={`${id}-q`} q={filters.q} hint="Words in a name, a brand or a SKU." />
      </div>
      {/* The hint's line under the words is kept under the choices too, so the three align. */}
      <div className="flex flex-col gap-1.5 md:w-44 md:pb-7">
        <label htmlFor={`${id}-category`} className="text-sm font-medium">
          Category
        </label>
        <select
          key={filters.category}
          id={`${id}-category`}
          name="category"
          defaultValue={filters.category}
          className={fieldClass}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {SHELF_NAMES[category]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5 md:w-44 md:pb-7">
        <label htmlFor={`${id}-stock`} className="text-sm font-medium">
          Stock
        </label>
        <select
          key={filters.stock}
          id={`${id}-stock`}
          name="stock"
          defaultValue={filters.stock}
          className={fieldClass}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
        >
          <option value="">Any stock</option>
          {STOCK_FILTERS.map((stock) => (
            <option key={stock} value={stock}>
              {STOCK_WORDS[stock]}
            </option>
          ))}
        </select>
      </div>
      {isFiltered(filters) && (
        <p className="md:pb-9">
          <Link to={PRODUCTS_PATH} className={textLinkClass}>
            Show every product
          </Link>
        </p>
      )}
    </form>
  );
}

import { stockSchema } from '../../shared/catalog/catalog-admin';
import {
  COMPARE_AT_PRICE_COLUMN,
  EXPORTED_STOCK_COLUMN,
  IMPORT_COLUMNS,
  PRODUCT_EXPORT_COLUMNS,
  type ImportRefusal,
} from '../../shared/exports/exports';
import { formatPence, poundsToPence } from '../../shared/money';
import {
  FACET_LISTS,
  FACET_NAMES,
  facetValueOf,
  type FacetName,
  type ProductFacets,
} from '../../shared/catalog/facets';
import { poundsSchema } from '../../shared/pounds';
import { readCsv, undefused, type CsvRecord } from '../http/csv-upload';
import { nextTurn } from '../http/paged-text';

/** One row of a price list as the owner left it: what it names, and the price and stock it sets. */
export interface PriceListLine {
  row: number;
  /** The variant's SKU; null for a product sold one way, named by `product`. */
  sku: string | null;
  /** The product's id, when the row gives it (it must, for a product sold one way). */
  product: string | null;
  pricePence: number;
  /**
   * The was price the row sets; null for an empty cell (no was price), undefined when the file
   * has no such column (each was price stays while it is still above the price).
   */
  compareAtPence: number | null | undefined;
  /** The stock the row sets; null for an empty cell, which keeps the stock as it is. */
  countInStock: number | null;
  /** The stock the export read (`exported_stock`); null when the file or the cell lacks it. */
  exportedStock: number | null;
  /**
   * The facets the row gives its product, each the shop's word or null for an empty cell; only
   * those whose column the file has (a file without them leaves the product's as they are).
   */
  facets: Partial<ProductFacets>;
}

export interface PriceList {
  /** Whether the file has the `exported_stock` column (files exported before it do not). */
  hasExportedStock: boolean;
  lines: PriceListLine[];
  /** Rows that cannot be applied as they are, whatever the catalogue holds. */
  refusals: ImportRefusal[];
}

type Column =
  | (typeof IMPORT_COLUMNS)[number]
  | typeof EXPORTED_STOCK_COLUMN
  | typeof COMPARE_AT_PRICE_COLUMN
  | FacetName
  | 'name';

/** Rows checked at a turn: a thousand take a few milliseconds, and others go between. */
const ROWS_A_TURN = 1000;

const HEADER_WORDS = `the header row of the products export (${PRODUCT_EXPORT_COLUMNS.join(', ')})`;

/** `£1,250.50`, `1250.5` or `-3` as a number; undefined for what is not a number at all. */
function numberIn(cell: string, { money }: { money: boolean }): number | undefined {
  const trimmed = cell.trim();
  const plain = (money ? trimmed.replace(/^(-?)£/, '$1') : trimmed).replace(
    /(\d),(?=\d{3}\b)/g,
    '$1',
  );
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : undefined;
}

/** What is wrong with a price cell, in the words the product form uses, or its pence. */
function priceIn(
  cell: string,
  what: string,
  label = `The price of ${what}`,
): { pence: number } | { problem: string } {
  const pounds = numberIn(cell, { money: true });
  if (pounds === undefined) return { problem: `${label} must be a number, such as 12.50` };
  const checked = poundsSchema(label, { aboveZero: true }).safeParse(pounds);
  if (!checked.success) return { problem: checked.error.issues[0]?.message ?? label };
  return { pence: poundsToPence(checked.data) };
}

/**
 * The was price a row sets, or what is wrong with it: none for an empty cell, and undefined for a
 * file without the column; one given must be above the row's price.
 */
function wasPriceIn(
  cell: string | undefined,
  what: string,
  price: { pence: number } | { problem: string },
): { wasPence: number | null | undefined } | { problem: string } {
  if (cell === undefined) return { wasPence: undefined };
  if (cell === '') return { wasPence: null };
  const was = priceIn(cell, what, `The was price of ${what}`);
  if ('problem' in was) return was;
  if ('pence' in price && was.pence <= price.pence) {
    return {
      problem: `The was price of ${what} must be more than its price (${formatPence(price.pence)})`,
    };
  }
  return { wasPence: was.pence };
}

/**
 * What is wrong with a stock cell, as the product form says it, or the count: null for an empty
 * cell. `label` names the column in the words (`The stock`, `The exported stock`).
 */
function stockIn(
  cell: string,
  label: string,
  what: string,
): { count: number | null } | { problem: string } {
  if (cell === '') return { count: null };
  const count = numberIn(cell, { money: false });
  const checked = stockSchema.safeParse(count);
  if (checked.success) return { count: checked.data };
  const words = checked.error.issues[0]?.message ?? 'The stock must be a number';
  return { problem: words.replace(/^The stock/, `${label} of ${what}`) };
}

/**
 * The facets a row gives, each of the shop's list (any case, hyphens for spaces) or none for an
 * empty cell, or what is wrong with one, in the words the product form's server answers.
 */
function facetsIn(
  cellOf: (name: FacetName) => string | undefined,
  what: string,
): { facets: Partial<ProductFacets> } | { problems: string[] } {
  const facets: Partial<ProductFacets> = {};
  const problems: string[] = [];
  for (const name of FACET_NAMES) {
    const cell = cellOf(name);
    if (cell === undefined) continue;
    if (cell === '') {
      facets[name] = null;
      continue;
    }
    const value = facetValueOf(name, cell);
    if (value === undefined) {
      problems.push(
        `The ${name} of ${what} must be one of the shop's (${FACET_LISTS[name].join(', ')}), not ${cell.slice(0, 40)}`,
      );
    } else facets[name] = value;
  }
  return problems.length > 0 ? { problems } : { facets };
}

/** The header's columns: how many, those the import reads that it lacks, and where each is. */
function columnsOf(header: CsvRecord | undefined) {
  const names = header?.row === 1 ? header.cells.map((cell) => cell.trim().toLowerCase()) : [];
  return {
    width: names.length,
    missing: IMPORT_COLUMNS.filter((column) => !names.includes(column)),
    /** -1 for a column the header lacks. */
    indexOf: (column: Column) => names.indexOf(column),
  };
}

/**
 * Reads a price list: the products export, changed in a spreadsheet. Each row names a variant by
 * its SKU, or a product sold one way by its id, and sets its price, was price (when the file has
 * the column; an empty cell for none) and stock by the product form's own rules; an empty stock
 * cell sets none. A row is refused, with the reason, when it cannot be
 * read, has more or fewer cells than the header, names nothing, names what an earlier row named,
 * or sets a price or stock those rules refuse, or a facet not on the shop's lists; the header must
 * hold the columns the import reads. Facet columns are read when the file has them.
 * Whether a stock may be set (it may not once it has moved since the export) is the import's to
 * judge, against the catalogue.
 */
export async function readPriceList(text: string): Promise<PriceList> {
  const { records, unreadable } = await readCsv(text);
  const refusals: ImportRefusal[] = [...unreadable];
  const [header, ...rows] = records;
  const columns = columnsOf(header);
  if (header === undefined || columns.missing.length > 0) {
    const message =
      header === undefined
        ? `The file is empty: it needs ${HEADER_WORDS}`
        : `The file has no ${columns.missing.join(', ')} column: keep ${HEADER_WORDS}`;
    return { hasExportedStock: false, lines: [], refusals: [{ row: 1, message }, ...refusals] };
  }
  const hasExportedStock = columns.indexOf(EXPORTED_STOCK_COLUMN) !== -1;
  const hasWasPrices = columns.indexOf(COMPARE_AT_PRICE_COLUMN) !== -1;
  const facetColumns = FACET_NAMES.filter((name) => columns.indexOf(name) !== -1);
  const lines: PriceListLine[] = [];
  const named = new Map<string, number>();
  for (const [at, { row, cells }] of rows.entries()) {
    if (at % ROWS_A_TURN === ROWS_A_TURN - 1) await nextTurn();
    if (cells.length !== columns.width) {
      refusals.push({
        row,
        message: `This row has ${cells.length} cells where the header has ${columns.width}`,
      });
      continue;
    }
    const cell = (column: Column) => undefused((cells[columns.indexOf(column)] ?? '').trim());
    const sku = cell('sku') || null;
    const product = cell('product') || null;
    if (sku === null && product === null) {
      refusals.push({ row, message: 'This row names no SKU or product' });
      continue;
    }
    const key = sku === null ? `product ${product ?? ''}` : `SKU ${sku}`;
    const earlier = named.get(key);
    if (earlier !== undefined) {
      refusals.push({ row, message: `${key} is on row ${earlier} already` });
      continue;
    }
    named.set(key, row);
    const what = sku ?? (cell('name') || `product ${product ?? ''}`);
    const price = priceIn(cell('price'), what);
    const was = wasPriceIn(hasWasPrices ? cell(COMPARE_AT_PRICE_COLUMN) : undefined, what, price);
    const stock = stockIn(cell('stock'), 'The stock', what);
    const exported = stockIn(cell(EXPORTED_STOCK_COLUMN), 'The exported stock', what);
    const facets = facetsIn(
      (name) => (facetColumns.includes(name) ? cell(name) : undefined),
      cell('name') || what,
    );
    const problems = [price, was, stock, exported].flatMap((read) =>
      'problem' in read ? [read.problem] : [],
    );
    if ('problems' in facets) problems.push(...facets.problems);
    for (const message of problems) refusals.push({ row, message });
    if (
      'pence' in price &&
      'wasPence' in was &&
      'count' in stock &&
      'count' in exported &&
      'facets' in facets
    ) {
      lines.push({
        row,
        sku,
        product,
        pricePence: price.pence,
        compareAtPence: was.wasPence,
        countInStock: stock.count,
        exportedStock: exported.count,
        facets: facets.facets,
      });
    }
  }
  return { hasExportedStock, lines, refusals };
}

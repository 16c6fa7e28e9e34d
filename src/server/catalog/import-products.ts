import {
  STOCK_MOVED,
  WAS_PRICE_UNFOUNDED,
  type ImportAnswer,
  type ImportChange,
  type ImportRefusal,
} from '../../shared/exports/exports';
import { penceToPounds } from '../../shared/money';
import { FACET_NAMES, type ProductFacets } from '../../shared/catalog/facets';
import { isWasPriceFounded, unfoundedWasPriceMessage } from '../../shared/catalog/was-prices';
import {
  changedFields,
  recordChange,
  recordChanges,
  type Actor,
  type Change,
} from '../audit/audit-log';
import { newId } from '../sql/ids';
import type { Db } from '../db/schema';
import type { CsvFile } from '../http/csv-upload';
import { ShopError } from '../http/errors';
import { nextTurn } from '../http/paged-text';
import { announceBackInStock, type StockAlertsContext } from '../stock-alerts/stock-alerts.service';
import { findProducts, type ProductRecord } from './catalog.repository';
import { readPriceList, type PriceList, type PriceListLine } from './price-list';
import {
  followVariants,
  productsById,
  setProductsPrice,
  setProductsFacets,
  setProductStock,
  setVariantsPrice,
  setVariantStock,
  variantsBySku,
  type PriceListItem,
} from './price-list.repository';
import { factsOfProduct } from './product-facts';
import { historyKey, priceHistoriesOfItems } from './price-history.repository';

/** A row of the file, the variant or product it names, and what it sets of it. */
interface Update {
  line: PriceListLine;
  item: PriceListItem;
  /** Its price and was price, and the stock it sets (only while the stock is still `from`), if any. */
  set: {
    pricePence: number;
    compareAtPence: number | null;
    stock: { from: number; to: number } | undefined;
  };
}

/** A product whose facets the file changes, with all four as they will be. */
interface FacetsUpdate {
  productId: string;
  name: string;
  before: ProductFacets;
  after: ProductFacets;
}

interface Found {
  changes: ImportChange[];
  refusals: ImportRefusal[];
  /** The rows that change a price or stock, each with what it changes. */
  updates: Update[];
  /** The products whose facets change. */
  facetUpdates: FacetsUpdate[];
}

/** The first row of each product that gives its facets: the ones its other rows must repeat. */
type FacetsGiven = Map<string, { row: number; facets: Partial<ProductFacets> }>;

/**
 * The facets a row gives its product, checked against the product's first row: a product has one
 * of each, so its variants' rows must agree. Answers the changes (on its first row only), or why
 * the row is refused.
 */
function facetsOfRow(
  line: PriceListLine,
  item: PriceListItem,
  given: FacetsGiven,
): { update: FacetsUpdate | undefined } | { refused: string } {
  const first = given.get(item.productId);
  if (first) {
    const differ = FACET_NAMES.find(
      (name) => name in line.facets && first.facets[name] !== line.facets[name],
    );
    if (differ === undefined) return { update: undefined };
    const said = (value: string | null | undefined) => (value ? value : 'none');
    return {
      refused: `${item.productName || 'Draft'} is given the ${differ} ${said(line.facets[differ])} here but ${said(first.facets[differ])} on row ${first.row}: each row of a product gives it the same ${differ}`,
    };
  }
  given.set(item.productId, { row: line.row, facets: line.facets });
  const after = { ...item.facets, ...line.facets };
  const changed = FACET_NAMES.some((name) => after[name] !== item.facets[name]);
  return {
    update: changed
      ? { productId: item.productId, name: item.productName || 'Draft', before: item.facets, after }
      : undefined,
  };
}

/** `Breton Tee (Size: M)`, or a product sold one way by its name. */
const nameOf = (item: PriceListItem) => {
  const name = item.productName || 'Draft';
  return item.label ? `${name} (${item.label})` : name;
};

/** The row's refusal, if what it names is not there to change. */
function refusalOf(line: PriceListLine, item: PriceListItem | undefined): string | undefined {
  if (line.sku !== null) {
    if (!item) return `No product has the SKU ${line.sku}`;
    if (line.product !== null && line.product !== item.productId) {
      return `The SKU ${line.sku} belongs to another product (${nameOf(item)})`;
    }
    return undefined;
  }
  if (!item) return `No product has the id ${line.product ?? ''}`;
  if (item.hasOptions) {
    return `${nameOf(item)} is sold in options: give each option's row its SKU`;
  }
  return undefined;
}

const byRow = <T extends { row: number }>(rows: T[]) => rows.sort((a, b) => a.row - b.row);

/** Why a row's stock cannot be set when the file does not say what the export read. */
const unknownThen = (hasExportedStock: boolean) =>
  hasExportedStock
    ? 'and this row’s exported_stock is empty'
    : 'and this file has no exported_stock column';

/**
 * The stock a row sets, if any, or why it may not. An empty cell, the stock as the export read it,
 * or the stock the shop holds already sets nothing: an unchanged file brought back after sales
 * leaves them sold. A changed stock is set only where the shop still holds what the export read;
 * where that moved since (or the file does not say what it was), setting it would undo a sale.
 */
function stockSet(
  line: PriceListLine,
  item: PriceListItem,
  hasExportedStock: boolean,
): { from: number; to: number } | { moved: string } | undefined {
  const { countInStock: to, exportedStock: then } = line;
  const now = item.countInStock;
  if (to === null || to === then || to === now) return undefined;
  if (then === now) return { from: now, to };
  const since =
    then === null
      ? `not ${to}, ${unknownThen(hasExportedStock)} to tell a sale since from a change of yours`
      : `not the ${then} this file was exported with: some sold or the stock was changed since`;
  return {
    moved: `${nameOf(item)} has ${now} in stock now, ${since}, so the stock of ${to} cannot be set. Download the products file again and change the stock there, or empty this stock cell to keep ${now}`,
  };
}

/**
 * How many rows, or products, an import reads or writes at a turn: 500 take SQLite a few
 * milliseconds in its transaction, after which everything else waiting has a turn of the event
 * loop. On SQLite a transaction's statements run while the process waits: 50,000 rows read or
 * written at once held every other request.
 */
const AT_A_TURN = 500;

function piecesOf<T>(items: readonly T[]): T[][] {
  const pieces: T[][] = [];
  for (let start = 0; start < items.length; start += AT_A_TURN) {
    pieces.push(items.slice(start, start + AT_A_TURN));
  }
  return pieces;
}

/**
 * The was price a row leaves its item with: the one it sets, or, from a file without the column,
 * the one the item has while it is still above the row's price (none once the price reaches it).
 */
function wasPriceOf(line: PriceListLine, item: PriceListItem): number | null {
  if (line.compareAtPence !== undefined) return line.compareAtPence;
  return item.compareAtPence !== null && item.compareAtPence > line.pricePence
    ? item.compareAtPence
    : null;
}

const poundsOrNull = (pence: number | null) => (pence === null ? null : penceToPounds(pence));

/** A row that names something to change, with what it sets of it. */
interface Named {
  line: PriceListLine;
  item: PriceListItem;
  stock: { from: number; to: number } | undefined;
  wasPence: number | null;
}

/**
 * The rows that set a was price anew whose item did not sell at it for 28 days in a row within
 * the 6 months before now, judged by each item's history as it is now.
 */
async function unfoundedWasPrices(db: Db, named: readonly Named[]): Promise<Set<Named>> {
  const asked = named.filter(
    ({ item, wasPence }) => wasPence !== null && wasPence !== item.compareAtPence,
  );
  if (asked.length === 0) return new Set();
  const histories = await priceHistoriesOfItems(
    db,
    asked.map(({ item }) => item),
  );
  const now = new Date();
  return new Set(
    asked.filter(
      ({ item, wasPence }) =>
        wasPence !== null &&
        !isWasPriceFounded(histories.get(historyKey(item)) ?? [], wasPence, now),
    ),
  );
}

/** What the file would change in the catalogue as it is now, and the rows it cannot apply. */
async function findChanges(db: Db, list: PriceList): Promise<Found> {
  const refusals = [...list.refusals];
  const changes: ImportChange[] = [];
  const updates: Update[] = [];
  const facetUpdates: FacetsUpdate[] = [];
  const given: FacetsGiven = new Map();
  for (const lines of piecesOf(list.lines)) {
    const skus = lines.flatMap((line) => (line.sku === null ? [] : [line.sku]));
    const ids = lines.flatMap((line) => (line.sku === null && line.product ? [line.product] : []));
    const variants = await variantsBySku(db, skus);
    const products = await productsById(db, ids);
    const named: Named[] = [];
    for (const line of lines) {
      const item = line.sku === null ? products.get(line.product ?? '') : variants.get(line.sku);
      const refused = refusalOf(line, item);
      if (refused !== undefined || !item) {
        refusals.push({ row: line.row, message: refused ?? 'This row names nothing' });
        continue;
      }
      const stock = stockSet(line, item, list.hasExportedStock);
      if (stock && 'moved' in stock) {
        refusals.push({ row: line.row, message: stock.moved, code: STOCK_MOVED });
        continue;
      }
      named.push({ line, item, stock, wasPence: wasPriceOf(line, item) });
    }
    const unfounded = await unfoundedWasPrices(db, named);
    for (const row of named) {
      const { line, item, stock, wasPence } = row;
      if (unfounded.has(row) && wasPence !== null) {
        const message = unfoundedWasPriceMessage(wasPence, nameOf(item));
        refusals.push({ row: line.row, message, code: WAS_PRICE_UNFOUNDED });
        continue;
      }
      const at = { row: line.row, sku: item.sku, product: item.productId, name: nameOf(item) };
      const priceChanged = line.pricePence !== item.pricePence;
      const wasChanged = wasPence !== item.compareAtPence;
      if (priceChanged) {
        const [from, to] = [penceToPounds(item.pricePence), penceToPounds(line.pricePence)];
        changes.push({ ...at, field: 'price', from, to });
      }
      if (wasChanged) {
        const [from, to] = [poundsOrNull(item.compareAtPence), poundsOrNull(wasPence)];
        changes.push({ ...at, field: 'compareAtPrice', from, to });
      }
      if (stock) changes.push({ ...at, field: 'stock', ...stock });
      const facets = facetsOfRow(line, item, given);
      if ('refused' in facets) {
        refusals.push({ row: line.row, message: facets.refused });
      } else if (facets.update) {
        const { before, after } = facets.update;
        for (const field of FACET_NAMES) {
          if (before[field] !== after[field]) {
            changes.push({ ...at, field, from: before[field], to: after[field] });
          }
        }
        facetUpdates.push(facets.update);
      }
      if (priceChanged || wasChanged || stock) {
        updates.push({
          line,
          item,
          set: { pricePence: line.pricePence, compareAtPence: wasPence, stock },
        });
      }
    }
    await nextTurn();
  }
  return { changes, refusals: byRow(refusals), updates, facetUpdates };
}

/** Products by id, read 500 at a time, a turn for everyone else after each read. */
async function productsIn(db: Db, ids: readonly string[]): Promise<Map<string, ProductRecord>> {
  const found = new Map<string, ProductRecord>();
  for (const some of piecesOf(ids)) {
    for (const product of await findProducts(db, some)) found.set(product.id, product);
    await nextTurn();
  }
  return found;
}

/** The import's own audit entry lists this many rows; each product's entry has the rest. */
const LISTED_IN_ENTRY = 500;

const itemFacts = ({ item, set }: Update, side: 'before' | 'after') => ({
  sku: item.sku,
  name: nameOf(item),
  price: penceToPounds(side === 'before' ? item.pricePence : set.pricePence),
  compareAtPrice: poundsOrNull(side === 'before' ? item.compareAtPence : set.compareAtPence),
  countInStock: side === 'before' ? item.countInStock : (set.stock?.to ?? item.countInStock),
});

/** A stock set by the file moved between reading it and setting it: the import starts again. */
class StockMovedMeanwhile extends Error {}

/** How many times an import starts again when sales keep moving the stock under it. */
const ATTEMPTS = 3;

/** A row's new price and was price, for the variant or the product sold one way that it names. */
const priceOf = ({ item, set }: Update, id: string) => ({
  id,
  productId: item.productId,
  pricePence: set.pricePence,
  compareAtPence: set.compareAtPence,
});

/**
 * Sets the rows' prices, 500 in a statement, then the stock the few rows that set one, each while
 * it is still what was read. Throws StockMovedMeanwhile, for the caller to roll back, if a sale
 * moved a stock it sets.
 */
async function setPricesAndStock(trx: Db, updates: readonly Update[]): Promise<void> {
  for (const piece of piecesOf(updates)) {
    await setProductsPrice(
      trx,
      piece.flatMap((update) =>
        update.item.variantId === null ? [priceOf(update, update.item.productId)] : [],
      ),
    );
    await setVariantsPrice(
      trx,
      piece.flatMap((update) =>
        update.item.variantId === null ? [] : [priceOf(update, update.item.variantId)],
      ),
    );
    await nextTurn();
  }
  for (const { item, set } of updates) {
    if (!set.stock) continue;
    const done =
      item.variantId === null
        ? await setProductStock(trx, item.productId, set.stock)
        : await setVariantStock(trx, item.variantId, set.stock);
    if (!done) throw new StockMovedMeanwhile();
  }
}

/**
 * Makes every change in the caller's transaction, and audits them as a product save does (a
 * `product.updated` entry for each product, found by its name) with one `import.applied` entry;
 * 500 rows at a turn. Throws StockMovedMeanwhile, for the caller to roll back, if a sale moved a
 * stock it sets.
 */
async function applyChanges(
  trx: Db,
  actor: Actor,
  { changes, updates, facetUpdates }: Found,
): Promise<void> {
  const productIds = [
    ...new Set([
      ...updates.map(({ item }) => item.productId),
      ...facetUpdates.map(({ productId }) => productId),
    ]),
  ];
  const before = await productsIn(trx, productIds);
  await setPricesAndStock(trx, updates);
  for (const piece of piecesOf(facetUpdates)) {
    await setProductsFacets(
      trx,
      piece.map(({ productId, after }) => ({ id: productId, facets: after })),
    );
    await nextTurn();
  }
  const followed = updates.flatMap(({ item }) => (item.variantId === null ? [] : [item.productId]));
  for (const piece of piecesOf([...new Set(followed)])) {
    await followVariants(trx, piece);
    await nextTurn();
  }
  const after = await productsIn(trx, productIds);
  for (const piece of piecesOf(productIds)) {
    const entries = piece.flatMap((id): Change[] => {
      const [was, now] = [before.get(id), after.get(id)];
      const changed = was && now && changedFields(factsOfProduct(was), factsOfProduct(now));
      if (!now || !changed) return [];
      return [
        {
          action: 'product.updated',
          target: { type: 'product', id, label: now.name || 'Draft' },
          ...changed,
        },
      ];
    });
    await recordChanges(trx, actor, entries);
    await nextTurn();
  }
  const listed = updates.slice(0, LISTED_IN_ENTRY);
  const more = updates.length - listed.length;
  const facetsListed = facetUpdates.slice(0, LISTED_IN_ENTRY);
  const moreFacets = facetUpdates.length - facetsListed.length;
  const productFacts = (update: FacetsUpdate, side: 'before' | 'after') => ({
    product: update.productId,
    name: update.name,
    ...update[side],
  });
  await recordChange(trx, actor, {
    action: 'import.applied',
    target: {
      type: 'import',
      id: newId(),
      label: `products.csv: ${changes.length} ${changes.length === 1 ? 'change' : 'changes'}`,
    },
    before: {
      items: listed.map((update) => itemFacts(update, 'before')),
      ...(facetsListed.length > 0
        ? { facets: facetsListed.map((update) => productFacts(update, 'before')) }
        : {}),
    },
    after: {
      items: listed.map((update) => itemFacts(update, 'after')),
      ...(more > 0 ? { more } : {}),
      ...(facetsListed.length > 0
        ? { facets: facetsListed.map((update) => productFacts(update, 'after')) }
        : {}),
      ...(moreFacets > 0 ? { moreFacets } : {}),
    },
  });
}

function refusedWords(refusals: readonly ImportRefusal[]): string {
  const rows = new Set(refusals.map((refusal) => refusal.row)).size;
  return `Nothing was changed: ${rows === 1 ? '1 row of the file was' : `${rows} rows of the file were`} refused`;
}

/**
 * Reads the catalogue and, with nothing refused, makes every change, in one transaction; answers
 * the findings. A sale that moves a stock the file sets between the two starts it again, so that
 * the next reading refuses that row (or leaves it, when the file keeps that stock).
 */
async function findAndApply(db: Db, actor: Actor, list: PriceList): Promise<Found> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const found = await findChanges(trx, list);
        if (
          found.refusals.length === 0 &&
          (found.updates.length > 0 || found.facetUpdates.length > 0)
        ) {
          await applyChanges(trx, actor, found);
        }
        return found;
      });
    } catch (error) {
      if (!(error instanceof StockMovedMeanwhile)) throw error;
      if (attempt === ATTEMPTS) {
        throw new ShopError(
          'IMPORT_REFUSED',
          'Nothing was changed: stock kept selling while the file was applied; check it again',
          undefined,
          { applied: false, changes: [], refusals: [] },
        );
      }
    }
  }
}

/**
 * Loads a price list (the products export, changed in a spreadsheet): each row's price, and its
 * stock where that has not moved since the export, set on the variant or product it names. A dry
 * run only says what would change and what is refused. Otherwise any refusal changes nothing
 * (IMPORT_REFUSED, with the same findings); without one every change is made in one transaction,
 * audited, and whoever waits for something that came back into stock is mailed.
 */
export async function importProducts(
  alerts: StockAlertsContext,
  actor: Actor,
  file: CsvFile,
  { dryRun }: { dryRun: boolean },
): Promise<ImportAnswer> {
  const { db } = alerts.database;
  // Read before any transaction: the file alone says what it asks, however long it is.
  const list = await readPriceList(file.text);
  if (dryRun) {
    const { changes, refusals } = await findChanges(db, list);
    return { applied: false, changes, refusals };
  }
  const { changes, refusals, updates, facetUpdates } = await findAndApply(db, actor, list);
  if (refusals.length > 0) {
    throw new ShopError('IMPORT_REFUSED', refusedWords(refusals), undefined, {
      applied: false,
      changes,
      refusals,
    });
  }
  const restocked = updates.filter(({ set }) => set.stock?.from === 0 && set.stock.to > 0);
  await announceBackInStock(
    alerts,
    restocked.map(({ item }) => item.productId),
  );
  return { applied: updates.length + facetUpdates.length > 0, changes, refusals };
}

import type { ImportAnswer, ImportChange, ImportRefusal } from '../../shared/exports';
import { penceToPounds } from '../../shared/money';
import {
  changedFields,
  recordChange,
  recordChanges,
  type Actor,
  type Change,
} from '../audit/audit-log';
import { newId } from '../db/ids';
import type { Db } from '../db/schema';
import type { CsvFile } from '../http/csv-upload';
import { nextTurn } from '../http/paged-text';
import { ShopError } from '../http/errors';
import { announceBackInStock, type StockAlertsContext } from '../stock-alerts/stock-alerts.service';
import { findProducts, type ProductRecord } from './catalog.repository';
import { readPriceList, type PriceList, type PriceListLine } from './price-list';
import {
  followVariants,
  productsById,
  setProductsPriceAndStock,
  setVariantsPriceAndStock,
  variantsBySku,
  type PriceAndStock,
  type PriceListItem,
} from './price-list.repository';
import { factsOfProduct } from './product-facts';

/** A row of the file, the variant or product it names, and what it changes of it. */
interface Update {
  line: PriceListLine;
  item: PriceListItem;
}

interface Found {
  changes: ImportChange[];
  refusals: ImportRefusal[];
  /** The rows that change something, each with what it changes. */
  updates: Update[];
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

/** What the file would change in the catalogue as it is now, and the rows it cannot apply. */
async function findChanges(db: Db, list: PriceList): Promise<Found> {
  const refusals = [...list.refusals];
  const changes: ImportChange[] = [];
  const updates: Update[] = [];
  for (const lines of piecesOf(list.lines)) {
    const skus = lines.flatMap((line) => (line.sku === null ? [] : [line.sku]));
    const ids = lines.flatMap((line) => (line.sku === null && line.product ? [line.product] : []));
    const variants = await variantsBySku(db, skus);
    const products = await productsById(db, ids);
    for (const line of lines) {
      const item = line.sku === null ? products.get(line.product ?? '') : variants.get(line.sku);
      const refused = refusalOf(line, item);
      if (refused !== undefined || !item) {
        refusals.push({ row: line.row, message: refused ?? 'This row names nothing' });
        continue;
      }
      const named = { row: line.row, sku: item.sku, product: item.productId, name: nameOf(item) };
      if (line.pricePence !== item.pricePence) {
        const [from, to] = [penceToPounds(item.pricePence), penceToPounds(line.pricePence)];
        changes.push({ ...named, field: 'price', from, to });
      }
      if (line.countInStock !== item.countInStock) {
        changes.push({ ...named, field: 'stock', from: item.countInStock, to: line.countInStock });
      }
      if (line.pricePence !== item.pricePence || line.countInStock !== item.countInStock) {
        updates.push({ line, item });
      }
    }
    await nextTurn();
  }
  return { changes, refusals: byRow(refusals), updates };
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

const itemFacts = (update: Update, side: 'before' | 'after') => {
  const { pricePence, countInStock } = side === 'before' ? update.item : update.line;
  return {
    sku: update.item.sku,
    name: nameOf(update.item),
    price: penceToPounds(pricePence),
    countInStock,
  };
};

/** A row's price and stock, for the variant or the product sold one way that it names. */
const priceAndStockOf = ({ line }: Update, id: string): PriceAndStock => ({
  id,
  pricePence: line.pricePence,
  countInStock: line.countInStock,
});

/**
 * Makes every change in the caller's transaction, and audits them as a product save does (a
 * `product.updated` entry for each product, found by its name) with one `import.applied` entry;
 * 500 rows at a turn.
 */
async function applyChanges(trx: Db, actor: Actor, { changes, updates }: Found): Promise<void> {
  const productIds = [...new Set(updates.map(({ item }) => item.productId))];
  const before = await productsIn(trx, productIds);
  for (const piece of piecesOf(updates)) {
    await setProductsPriceAndStock(
      trx,
      piece.flatMap((update) =>
        update.item.variantId === null ? [priceAndStockOf(update, update.item.productId)] : [],
      ),
    );
    await setVariantsPriceAndStock(
      trx,
      piece.flatMap((update) =>
        update.item.variantId === null ? [] : [priceAndStockOf(update, update.item.variantId)],
      ),
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
  await recordChange(trx, actor, {
    action: 'import.applied',
    target: {
      type: 'import',
      id: newId(),
      label: `products.csv: ${changes.length} ${changes.length === 1 ? 'change' : 'changes'}`,
    },
    before: { items: listed.map((update) => itemFacts(update, 'before')) },
    after: {
      items: listed.map((update) => itemFacts(update, 'after')),
      ...(more > 0 ? { more } : {}),
    },
  });
}

function refusedWords(refusals: readonly ImportRefusal[]): string {
  const rows = new Set(refusals.map((refusal) => refusal.row)).size;
  return `Nothing was changed: ${rows === 1 ? '1 row of the file was' : `${rows} rows of the file were`} refused`;
}

/**
 * Loads a price list (the products export, changed in a spreadsheet): each row's price and stock
 * set on the variant or product it names. A dry run only says what would change and what is
 * refused. Otherwise any refusal changes nothing (IMPORT_REFUSED, with the same findings);
 * without one every change is made in one transaction, audited, and whoever waits for something
 * that came back into stock is mailed.
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
  const found = await db.transaction().execute(async (trx) => {
    const inTransaction = await findChanges(trx, list);
    if (inTransaction.refusals.length === 0 && inTransaction.updates.length > 0) {
      await applyChanges(trx, actor, inTransaction);
    }
    return inTransaction;
  });
  const { changes, refusals, updates } = found;
  if (refusals.length > 0) {
    throw new ShopError('IMPORT_REFUSED', refusedWords(refusals), undefined, {
      applied: false,
      changes,
      refusals,
    });
  }
  const restocked = updates.filter(
    ({ line, item }) => item.countInStock === 0 && line.countInStock > 0,
  );
  await announceBackInStock(
    alerts,
    restocked.map(({ item }) => item.productId),
  );
  return { applied: updates.length > 0, changes, refusals };
}

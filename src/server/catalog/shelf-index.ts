import type { Shelf } from '../../shared/catalog/shelves';
import type { ShopDatabase } from '../db/database';
import type { CatalogueWatch } from './catalogue-watch';
import { columnsOf, rewriteEntry, type ShelfColumns } from './shelf-columns';
import { readShelfEntries } from './shelf-index.repository';
import {
  ENTRY_ORDERS,
  ordersMoved,
  sameWords,
  type EntryOrder,
  type ShelfEntry,
} from './shelf-entry';

/** Past this many products changed at once (an import), every entry is read again. */
const MOST_READ_ONE_BY_ONE = 2000;

/** What filtering reads: every live product's entry, by id and in each order. */
export interface ShelfEntries {
  get(id: string): ShelfEntry | undefined;
  /**
   * Every entry (of the shelf, if given) in this order, as columns; kept until an entry moves in
   * it or changes.
   */
  columns(order: EntryOrder, shelf?: Shelf): ShelfColumns;
}

class EntryTable implements ShelfEntries {
  private readonly byId = new Map<string, ShelfEntry>();
  /** Every entry in each order asked, kept until an entry moves in it. */
  private readonly sorted = new Map<EntryOrder, ShelfEntry[]>();
  /** Columns of each order and shelf asked (under `order shelf`), kept until anything changes. */
  private readonly kept = new Map<string, ShelfColumns>();

  constructor(entries: readonly ShelfEntry[]) {
    for (const entry of entries) this.byId.set(entry.id, entry);
  }

  get(id: string) {
    return this.byId.get(id);
  }

  columns(order: EntryOrder, shelf?: Shelf): ShelfColumns {
    const key = `${order} ${shelf ?? ''}`;
    let columns = this.kept.get(key);
    if (columns === undefined) {
      let entries = this.sorted.get(order);
      if (entries === undefined) {
        entries = [...this.byId.values()].sort(ENTRY_ORDERS[order]);
        this.sorted.set(order, entries);
      }
      columns = columnsOf(entries, shelf);
      this.kept.set(key, columns);
    }
    return columns;
  }

  /** Takes in these products as they are now: `fresh` holds the live ones among `ids`. */
  update(ids: Iterable<string>, fresh: readonly ShelfEntry[]) {
    const found = new Map(fresh.map((entry) => [entry.id, entry]));
    for (const id of ids) {
      const before = this.byId.get(id);
      const after = found.get(id);
      if (before === undefined && after === undefined) continue;
      if (before === undefined || after === undefined) {
        // Added or gone: every order changes.
        if (after === undefined) this.byId.delete(id);
        else this.byId.set(id, after);
        this.sorted.clear();
        this.kept.clear();
        continue;
      }
      const moved = ordersMoved(before, after);
      const reworded = !sameWords(before.words, after.words);
      for (const order of moved) this.sorted.delete(order);
      // Changed in place, so the orders kept still hold it, and so do their columns but those
      // of an order it moved in.
      Object.assign(before, after);
      for (const [key, columns] of this.kept) {
        const order = key.slice(0, key.indexOf(' ')) as EntryOrder;
        if (moved.includes(order) || !rewriteEntry(columns, before, { reworded })) {
          this.kept.delete(key);
        }
      }
    }
  }
}

/**
 * Each instance's index of the live products' filters and sort keys, kept as current as the
 * answers it keeps in memory: read whole on first use, and after that the products the database
 * says changed (here or on another instance) are read again before the next listing is made.
 * While this instance cannot hear changes, each listing reads the whole catalogue afresh.
 */
export function keepShelfIndex(
  database: Pick<ShopDatabase, 'db' | 'dialect'>,
  watch: CatalogueWatch,
) {
  let table: EntryTable | undefined;
  let everything = true;
  const changed = new Set<string>();
  let reading: Promise<void> | undefined;

  watch.onProductChanged((productId) => {
    if (productId === null) everything = true;
    else changed.add(productId);
  });

  async function catchUp() {
    try {
      if (everything || table === undefined || changed.size > MOST_READ_ONE_BY_ONE) {
        everything = false;
        changed.clear();
        table = new EntryTable(await readShelfEntries(database));
        return;
      }
      const ids = [...changed];
      changed.clear();
      table.update(ids, await readShelfEntries(database, ids));
    } catch (error) {
      // What was to be read is not known to be read: all of it is, next time.
      everything = true;
      throw error;
    }
  }

  return {
    /** The index as current as this instance can know it. */
    async current(): Promise<ShelfEntries> {
      for (;;) {
        if (reading !== undefined) {
          await reading;
          continue;
        }
        // Hears what changed since (on SQLite, by reading the log now).
        if (watch.moment() === undefined) return new EntryTable(await readShelfEntries(database));
        if (table !== undefined && !everything && changed.size === 0) return table;
        reading = catchUp().finally(() => {
          reading = undefined;
        });
      }
    },
  };
}

export type ShelfIndex = ReturnType<typeof keepShelfIndex>;

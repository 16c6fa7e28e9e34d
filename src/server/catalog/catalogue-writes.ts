import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * This process's writes to the tables public answers show, told to its catalogue watch as they
 * commit, before the code that made them goes on.
 */
export interface LocalCatalogueWrites {
  /** Committed writes counted so far: SQLite's watch reads the database's changes again after each. */
  count: number;
  /**
   * Transactions open now. SQLite's watch reads on the shop's own connection, where it can see a
   * change not yet committed, that may yet be rolled back.
   */
  open: number;
  /**
   * PostgreSQL: how the writer waits until the watch has heard what it changed. The watch runs a
   * statement of its own through `run` on the writer's connection, after the writes, and settles
   * once it hears it come back behind them; it never fails (a statement that fails, or a word that
   * does not come back in time, and the watch takes everything as changed).
   */
  echo?: (run: (query: CompiledQuery) => Promise<unknown>) => Promise<void>;
}

const WRITE = /^\s*(insert|update|delete|merge|truncate)\b/i;
// A CTE may write too; one that only reads (a search) must not count, or nothing would be kept.
const CTE_WRITE = /^\s*with\b[\s\S]*\b(insert|update|delete|merge)\b/i;
// Migration 023's list. Counting too much costs a miss, never a stale answer.
const SHOWN_TABLE = /\b(products|product_variants|product_images|reviews)\b/i;

/** Whether a statement may change what public answers show. */
export const changesCatalogue = (sql: string) =>
  (WRITE.test(sql) || CTE_WRITE.test(sql)) && SHOWN_TABLE.test(sql);

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  wrote = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly writes: LocalCatalogueWrites,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (changesCatalogue(query.sql)) {
      if (this.inTransaction) this.wrote = true;
      else await this.committed();
    }
    return result;
  }

  closeTransaction() {
    if (!this.inTransaction) return;
    this.inTransaction = false;
    this.writes.open -= 1;
  }

  /** Tells the watch of a committed write, and waits until it has heard what changed. */
  async committed(): Promise<void> {
    this.writes.count += 1;
    await this.writes.echo?.((query) => this.inner.executeQuery(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof WatchedConnection ? connection.inner : connection;

type SavepointStep = (
  connection: DatabaseConnection,
  name: string,
  compileQuery: QueryCompiler['compileQuery'],
) => Promise<void>;

class WatchedDriver implements Driver {
  savepoint?: SavepointStep;
  rollbackToSavepoint?: SavepointStep;
  releaseSavepoint?: SavepointStep;

  constructor(
    private readonly inner: Driver,
    private readonly writes: LocalCatalogueWrites,
  ) {
    if (inner.savepoint) {
      this.savepoint = (connection, name, compile) =>
        inner.savepoint?.(innerOf(connection), name, compile) ?? Promise.resolve();
    }
    if (inner.rollbackToSavepoint) {
      this.rollbackToSavepoint = (connection, name, compile) =>
        inner.rollbackToSavepoint?.(innerOf(connection), name, compile) ?? Promise.resolve();
    }
    if (inner.releaseSavepoint) {
      this.releaseSavepoint = (connection, name, compile) =>
        inner.releaseSavepoint?.(innerOf(connection), name, compile) ?? Promise.resolve();
    }
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.writes);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(innerOf(connection), settings);
    if (connection instanceof WatchedConnection) {
      connection.inTransaction = true;
      connection.wrote = false;
      this.writes.open += 1;
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.inner.commitTransaction(innerOf(connection));
    if (!(connection instanceof WatchedConnection)) return;
    connection.closeTransaction();
    // Told once committed: an answer made from what was there before is then out of date.
    if (connection.wrote) await connection.committed();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(innerOf(connection));
    } finally {
      if (connection instanceof WatchedConnection) {
        connection.closeTransaction();
        // SQLite's watch may have read the changes rolled back: it reads again.
        if (connection.wrote) this.writes.count += 1;
        connection.wrote = false;
      }
    }
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy() {
    return this.inner.destroy();
  }
}

/**
 * The dialect, telling `writes` of each write to a table public answers show once it has
 * committed, before the code that made it goes on: whatever this process changes (a route, a
 * script, a test's fixture), its next answer shows it. Other instances hear of it from the
 * database (catalogue-watch.ts).
 */
export function countingCatalogueWrites(dialect: Dialect, writes: LocalCatalogueWrites): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db: Parameters<Dialect['createIntrospector']>[0]): DatabaseIntrospector =>
      dialect.createIntrospector(db),
    createDriver: (): Driver => new WatchedDriver(dialect.createDriver(), writes),
  };
}

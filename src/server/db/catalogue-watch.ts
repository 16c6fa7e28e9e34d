import pg from 'pg';
import type { LocalCatalogueWrites } from './catalogue-writes';
import { POSTGRES_LIMITS } from './postgres-pool';
import type { SqliteConnection } from './sqlite-connection';

/**
 * How one server instance learns that something the catalogue's public answers show has changed
 * (a product, a variant's stock, a review), here or on any instance sharing the database. The
 * database marks each change itself (migration 006), so no code that writes can forget to.
 */
export interface CatalogueWatch {
  /**
   * A number that moves after every change; undefined while changes could go unseen (the
   * instance is not listening), when nothing may be answered from memory.
   */
  generation(): number | undefined;
  close(): Promise<void>;
}

export interface WatchLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * SQLite: this process's own writes are counted as they commit (catalogue-writes.ts); another
 * process's, on the same file, are seen through the counter, read at most once a turn of the
 * event loop (a prepared statement, two microseconds) so that the requests a turn handles share
 * one read. The read is on the shop's own connection, which can see a change not yet committed
 * that is then rolled back, bringing the counter back to a value seen before; so the generation
 * counts differences seen, and never repeats.
 */
export function sqliteCatalogueWatch(
  connection: SqliteConnection,
  writesHere: LocalCatalogueWrites,
): CatalogueWatch {
  let read: (() => unknown) | undefined;
  let seen: unknown;
  let differences = 0;
  let readThisTurn = false;
  const nextTurn = () => {
    readThisTurn = false;
  };

  function readCounter(): boolean {
    let value: unknown;
    try {
      read ??= connection.prepareValue('select value from catalogue_generation where id = 1');
      value = read();
    } catch {
      // Closed, or not migrated yet: nothing can be vouched for.
      return false;
    }
    if (value === undefined) return false;
    if (value !== seen) {
      seen = value;
      differences += 1;
    }
    return true;
  }

  return {
    generation() {
      if (!readThisTurn) {
        if (!readCounter()) return undefined;
        readThisTurn = true;
        setImmediate(nextTurn);
      }
      // Both only ever grow, so their sum moves with either.
      return differences + writesHere.count;
    },
    close: () => Promise.resolve(),
  };
}

const CHANNEL = 'catalogue_changed';
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;
/**
 * A connection cut off without a word (a network partition) hears nothing and says nothing: it is
 * asked a question this often, and taken as lost when no answer comes in time.
 */
const HEARTBEAT_MS = 10_000;

/**
 * PostgreSQL: a connection of its own LISTENs for the notification every change sends when it
 * commits, on whichever instance it was made. While that connection is down nothing is answered
 * from memory; it is opened again with growing pauses, and everything kept is dropped then.
 * This instance's own writes are counted as they commit (catalogue-writes.ts), since their
 * notification may arrive just after the writer has been answered and looked again.
 */
export async function postgresCatalogueWatch(
  connectionString: string,
  writesHere: LocalCatalogueWrites,
  log: WatchLog,
): Promise<CatalogueWatch> {
  let heard = 0;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let everLost = false;
  const heartbeat = setInterval(() => {
    const open = listening ? client : undefined;
    open?.query('select 1').catch(() => lost(open));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  function lost(from: pg.Client) {
    if (client !== from) return;
    client = undefined;
    listening = false;
    from.removeAllListeners();
    from.on('error', () => undefined);
    void from.end().catch(() => undefined);
    if (closed) return;
    everLost = true;
    log.warn(`Lost the database's catalogue notifications; listening again in ${retryMs} ms`);
    retry = setTimeout(() => void listen(), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  async function listen() {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5000,
      query_timeout: POSTGRES_LIMITS.answerMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: POSTGRES_LIMITS.keepAliveDelayMs,
    });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', () => {
      heard += 1;
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next) {
      // Closed, or given up on, while it was opening.
      await next.end().catch(() => undefined);
      return;
    }
    // Whatever changed while nobody listened is unknown: everything kept before is dropped.
    heard += 1;
    listening = true;
    retryMs = FIRST_RETRY_MS;
    if (everLost) log.info("Listening again to the database's catalogue notifications");
  }

  await listen();
  return {
    // Both only ever grow, so their sum moves with either.
    generation: () => (listening ? heard + writesHere.count : undefined),
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const open = client;
      client = undefined;
      listening = false;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => undefined);
        await open.end().catch(() => undefined);
      }
    },
  };
}

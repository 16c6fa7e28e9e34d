import { CompiledQuery } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  catalogueChanges,
  type CacheDependencies,
  type CatalogueChanges,
  type ChangeKind,
} from './catalogue-invalidation';
import type { LocalCatalogueWrites } from './catalogue-writes';
import { POSTGRES_LIMITS } from '../db/postgres-pool';
import type { SqliteConnection } from '../db/sqlite-connection';

/**
 * How one server instance learns what has changed among the things the catalogue's public
 * answers show (a product, a variant's stock, a review, a picture), here or on any instance
 * sharing the database. The database tells each change itself, product by product (migration
 * 023), so no code that writes can forget to.
 */
export interface CatalogueWatch {
  /**
   * A number that grows with every change heard; undefined while changes could go unseen (the
   * instance is not listening), when nothing may be answered from memory. An answer made after
   * taking it is current while `changedSince` says nothing it depends on changed since.
   */
  moment(): number | undefined;
  /**
   * While `moment()` is undefined, whether the answers kept before may still be sent: so they
   * may while the database is away for this instance altogether (its notifications lost, and no
   * connection made since), when no answer could be fresher and the caller would otherwise have
   * a 503; no longer once the instance reaches the database again, and it then listens at once.
   */
  keptAnswersStand(): boolean;
  changedSince(dependencies: CacheDependencies, since: number): boolean;
  /**
   * Calls `heard` with each product as a change to it is heard of (by `moment()` on SQLite, as
   * the notification comes on PostgreSQL), and with null when anything may have changed.
   */
  onProductChanged(heard: (productId: string | null) => void): void;
  /**
   * Something listings show changed that the database does not tell: this instance's copy of
   * the search vocabulary moved, so a search that found nothing may now find something.
   */
  listingsChangedHere(): void;
  /**
   * Something any public answer may show changed that the catalogue's tables do not tell: the
   * settings this instance holds (who sells, in every page's footer). Everything kept is dropped.
   */
  everythingChangedHere(): void;
  /**
   * Calls `heard` each time the database says the settings were saved, on this instance or
   * another (migration 029), and each time it listens again after a loss, when a save may have
   * gone unheard. On PostgreSQL only: SQLite tells nothing, and `heard` is never called.
   */
  onSettingsSaved(heard: () => void): void;
  close(): Promise<void>;
}

export interface WatchLog {
  info(message: string): void;
  warn(message: string): void;
}

const isChangeKind = (kind: unknown): kind is ChangeKind =>
  kind === 'product' || kind === 'listing';

/** Past this many changes to read at once (a bulk import), everything is taken as changed. */
const MOST_CHANGES_READ = 1000;

/** Takes in the rows of SQLite's `catalogue_changes` read after `cursor`; answers the last seq. */
function takeInLog(changes: CatalogueChanges, rows: unknown[], cursor: number): number {
  const seqOf = (row: unknown) => Number((row as { seq?: unknown } | undefined)?.seq);
  const last = seqOf(rows.at(-1));
  // Rows go only when 10,000 newer ones are there: a gap means this process missed some.
  if (rows.length > MOST_CHANGES_READ || seqOf(rows[0]) !== cursor + 1) {
    changes.everything();
    return last;
  }
  for (const row of rows) {
    const { product_id: product, kind } = row as { product_id?: unknown; kind?: unknown };
    if (isChangeKind(kind) && typeof product === 'string') changes.changed(kind, product);
    else changes.everything();
  }
  return last;
}

/**
 * SQLite: the triggers append each change to `catalogue_changes` (seq, product, kind), read on
 * from where this process stopped, at most once a turn of the event loop (two prepared statements
 * of a few microseconds) so that the requests a turn handles share one read, and again at once
 * after this process commits a change of its own. 006's one-row counter is read beside it, for a
 * table marked as a whole: when it moves, everything has. The read is on the shop's own
 * connection, which can see a change not yet committed that may be rolled back (its seq then
 * used again by another): while this process has a transaction open, what is read is taken in
 * and read again later, and the place read to is kept only once none is open.
 */
export function sqliteCatalogueWatch(
  connection: SqliteConnection,
  writesHere: LocalCatalogueWrites,
): CatalogueWatch {
  const changes = catalogueChanges();
  let readLast: (() => unknown) | undefined;
  let readChanges: ((after: number) => unknown[]) | undefined;
  let cursor: number | undefined;
  let counterSeen: unknown;
  let readThisTurn = false;
  let writesRead = -1;
  const nextTurn = () => {
    readThisTurn = false;
  };

  function read(): boolean {
    let rows: unknown[];
    try {
      readLast ??= connection.prepareValue('select coalesce(max(seq), 0) from catalogue_changes');
      // One statement: the changes after the cursor, then 006's counter as a row of seq 0.
      readChanges ??= connection.prepareRows(
        `select seq, product_id, kind from (
           select seq, product_id, kind from catalogue_changes where seq > ? order by seq
           limit ${MOST_CHANGES_READ + 1})
         union all
         select 0, null, value from catalogue_generation where id = 1`,
      );
      // Nothing was kept before the first read: it starts from the last change there is.
      cursor ??= Number(readLast());
      rows = readChanges(cursor);
    } catch {
      // Closed, or not migrated yet: nothing can be vouched for.
      return false;
    }
    const at = rows.findIndex((row) => (row as { seq?: unknown }).seq === 0);
    if (at === -1) return false;
    const [counter] = rows.splice(at, 1) as [{ kind?: unknown }];
    if (counterSeen !== undefined && counter.kind !== counterSeen) changes.everything();
    counterSeen = counter.kind;
    if (rows.length === 0) return true;
    const last = takeInLog(changes, rows, cursor);
    if (writesHere.open === 0) {
      cursor = rows.length > MOST_CHANGES_READ ? Number(readLast()) : last;
    }
    return true;
  }

  return {
    moment() {
      if (!readThisTurn || writesRead !== writesHere.count) {
        writesRead = writesHere.count;
        if (!read()) return undefined;
        if (!readThisTurn) {
          readThisTurn = true;
          setImmediate(nextTurn);
        }
      }
      return changes.moment;
    },
    // The file is this process's own: when it cannot be read, nothing kept can be vouched for.
    keptAnswersStand: () => false,
    changedSince: (dependencies, since) => changes.changedSince(dependencies, since),
    onProductChanged: (heard) => changes.onProductChanged(heard),
    listingsChangedHere: () => changes.changed('listing', null),
    everythingChangedHere: () => changes.everything(),
    onSettingsSaved: () => undefined,
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
/** How long a writer waits to hear its own word come back before everything is taken as changed. */
const ECHO_WAIT_MS = 2000;

/**
 * Takes in one notification: `{"kind":"product"|"listing","products":[...]}` from migration 023's
 * triggers, `{"written":token}` from a writer here or elsewhere, `{"settings":version}` from
 * migration 029's (told to `settingsSaved`, which drops what is kept once it holds them), and
 * anything else (006's empty payload, `{"kind":"everything"}`) as a change to everything. Answers
 * the token, if any.
 */
function takeInNotice(
  changes: CatalogueChanges,
  payload: string | undefined,
  settingsSaved: () => void,
): string | undefined {
  let notice: unknown;
  try {
    notice = JSON.parse(payload ?? '');
  } catch {
    changes.everything();
    return undefined;
  }
  if (notice && typeof notice === 'object') {
    if ('written' in notice && typeof notice.written === 'string') return notice.written;
    if ('settings' in notice) {
      settingsSaved();
      return undefined;
    }
    const { kind, products } = notice as { kind?: unknown; products?: unknown };
    if (isChangeKind(kind) && Array.isArray(products)) {
      for (const product of products) {
        if (typeof product === 'string') changes.changed(kind, product);
      }
      return undefined;
    }
  }
  changes.everything();
  return undefined;
}

/**
 * Tells whoever is added each time the shop's pool makes a new connection to the database: the
 * database takes connections, whatever an earlier failure said.
 */
export type ConnectionsMade = Set<() => void>;

/**
 * PostgreSQL: a connection of its own LISTENs for the notifications every change sends when it
 * commits, on whichever instance it was made, naming the products changed. While that connection
 * is down nothing new is kept, and what was kept before is still answered only while the database
 * is away for the whole instance (see `keptAnswersStand`, decision 036). The connection is opened
 * again with growing pauses, or at once when the pool makes a connection meanwhile, and everything
 * kept is dropped then. A writer on this instance (catalogue-writes.ts) says a word of its own on
 * its connection once its change has committed, and waits until the word comes back: the
 * notifications of its change came before it, so its next look shows what it changed.
 */
export async function postgresCatalogueWatch(
  connectionString: string,
  writesHere: LocalCatalogueWrites,
  log: WatchLog,
  connectionsMade: ConnectionsMade = new Set(),
): Promise<CatalogueWatch> {
  const changes = catalogueChanges();
  const writers = new Map<string, () => void>();
  const settingsListeners: (() => void)[] = [];
  const settingsSaved = () => {
    for (const heard of settingsListeners) heard();
  };
  const tokenPrefix = randomBytes(6).toString('hex');
  let tokensSaid = 0;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let everLost = false;
  /** Whether the pool made a connection since the notifications were lost. */
  let reachedSinceLost = false;
  const heartbeat = setInterval(() => {
    const open = listening ? client : undefined;
    open?.query('select 1').catch(() => lost(open));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  /** Nobody is listening: no writer waits (nothing is answered from memory until it listens). */
  function releaseWriters() {
    for (const release of writers.values()) release();
  }

  function lost(from: pg.Client) {
    if (client !== from) return;
    client = undefined;
    listening = false;
    releaseWriters();
    from.removeAllListeners();
    from.on('error', () => undefined);
    void from.end().catch(() => undefined);
    if (closed) return;
    everLost = true;
    reachedSinceLost = false;
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
    next.on('notification', (message) => {
      const token = takeInNotice(changes, message.payload, settingsSaved);
      if (token !== undefined) writers.get(token)?.();
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
    // Whatever changed while nobody listened is unknown: everything kept before is dropped, and
    // the settings are looked at again.
    changes.everything();
    settingsSaved();
    listening = true;
    retryMs = FIRST_RETRY_MS;
    if (everLost) log.info("Listening again to the database's catalogue notifications");
  }

  /**
   * The pool made a connection while nobody listened: the database is there, and may be changed
   * by other instances. What was kept before stops standing, and listening starts again now
   * rather than at the end of its pause.
   */
  function reached() {
    if (listening || closed || reachedSinceLost) return;
    reachedSinceLost = true;
    if (client !== undefined) return;
    clearTimeout(retry);
    void listen();
  }
  connectionsMade.add(reached);

  /** Settles when `token` comes back, or when nobody listens, or after a bound. */
  function comesBack(token: string): Promise<void> {
    return new Promise((settle) => {
      const timer = setTimeout(() => {
        changes.everything();
        release();
      }, ECHO_WAIT_MS);
      const release = () => {
        clearTimeout(timer);
        writers.delete(token);
        settle();
      };
      writers.set(token, release);
    });
  }

  writesHere.echo = async (run) => {
    if (!listening) return;
    tokensSaid += 1;
    const token = `${tokenPrefix}-${tokensSaid}`;
    const back = comesBack(token);
    try {
      await run(
        CompiledQuery.raw('select pg_notify($1, $2)', [
          CHANNEL,
          JSON.stringify({ written: token }),
        ]),
      );
    } catch {
      changes.everything();
      writers.get(token)?.();
    }
    await back;
  };

  await listen();
  return {
    moment: () => (listening ? changes.moment : undefined),
    keptAnswersStand: () => !listening && !reachedSinceLost && !closed,
    changedSince: (dependencies, since) => changes.changedSince(dependencies, since),
    onProductChanged: (heard) => changes.onProductChanged(heard),
    listingsChangedHere: () => changes.changed('listing', null),
    everythingChangedHere: () => changes.everything(),
    onSettingsSaved: (heard) => {
      settingsListeners.push(heard);
    },
    async close() {
      closed = true;
      connectionsMade.delete(reached);
      writesHere.echo = undefined;
      clearTimeout(retry);
      clearInterval(heartbeat);
      releaseWriters();
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

import SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * The shop's one SQLite connection, whichever driver holds it. Node 24 has SQLite built in
 * (`node:sqlite`) and better-sqlite3 12 cannot live beside it: its statements abort the process
 * when Node 24 collects them. Node 20 and 22 keep better-sqlite3, whose 13.x line (the fix) does
 * not run on Node 20. Kysely's own SQLite dialect drives both; only the statement shape differs.
 */
export interface SqliteConnection {
  /** What Kysely's SQLite dialect runs its statements on. */
  readonly database: SqliteDatabase;
  /** Runs statements that answer nothing, such as pragmas. */
  exec(sql: string): void;
  /** A query prepared once, answering the first column of its first row (undefined for none). */
  prepareValue(sql: string): () => unknown;
  /** A query prepared once, answering its rows as objects by column name. */
  prepareRows(sql: string): (...parameters: unknown[]) => unknown[];
}

/** The first Node with an SQLite of its own that the shop uses. */
const BUILT_IN_SQLITE_FROM = 24;

export const usesBuiltInSqlite = () =>
  Number(process.versions.node.split('.')[0]) >= BUILT_IN_SQLITE_FROM;

export function openSqliteConnection(filename: string): SqliteConnection {
  return usesBuiltInSqlite() ? builtInConnection(filename) : betterSqliteConnection(filename);
}

function betterSqliteConnection(filename: string): SqliteConnection {
  const connection = new SQLite(filename);
  return {
    database: connection,
    exec: (sql) => connection.exec(sql),
    prepareValue(sql) {
      const statement = connection.prepare(sql).pluck();
      return () => statement.get();
    },
    prepareRows(sql) {
      const statement = connection.prepare(sql);
      return (...parameters) => statement.all(...parameters);
    },
  };
}

/** The part of `node:sqlite` the shop uses (the Node 20 type definitions do not describe it). */
interface BuiltInStatement {
  columns(): unknown[];
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): Record<string, unknown> | undefined;
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}

interface BuiltInDatabase {
  exec(sql: string): void;
  prepare(sql: string): BuiltInStatement;
  close(): void;
}

interface BuiltInSqlite {
  DatabaseSync: new (filename: string) => BuiltInDatabase;
}

/**
 * SQLite's primary result codes by number, and the extended ones the shop tells apart, so that
 * an error from `node:sqlite` carries the same `code` as one from better-sqlite3
 * (`SQLITE_CONSTRAINT_UNIQUE`) for whatever reads it (constraint-errors.ts, unreachable.ts).
 */
const RESULT_CODES = [
  'OK',
  'ERROR',
  'INTERNAL',
  'PERM',
  'ABORT',
  'BUSY',
  'LOCKED',
  'NOMEM',
  'READONLY',
  'INTERRUPT',
  'IOERR',
  'CORRUPT',
  'NOTFOUND',
  'FULL',
  'CANTOPEN',
  'PROTOCOL',
  'EMPTY',
  'SCHEMA',
  'TOOBIG',
  'CONSTRAINT',
  'MISMATCH',
  'MISUSE',
  'NOLFS',
  'AUTH',
  'FORMAT',
  'RANGE',
  'NOTADB',
];
const EXTENDED_CODES = new Map([
  [275, 'CONSTRAINT_CHECK'],
  [787, 'CONSTRAINT_FOREIGNKEY'],
  [1032, 'READONLY_DBMOVED'],
  [1299, 'CONSTRAINT_NOTNULL'],
  [1555, 'CONSTRAINT_PRIMARYKEY'],
  [2067, 'CONSTRAINT_UNIQUE'],
]);

function sqliteCodeOf(errcode: number): string {
  const name = EXTENDED_CODES.get(errcode) ?? RESULT_CODES[errcode & 0xff] ?? 'ERROR';
  return `SQLITE_${name}`;
}

/** Runs `work`, giving a `node:sqlite` error its SQLite result code by name. */
function named<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    const errcode: unknown = error instanceof Error ? Reflect.get(error, 'errcode') : undefined;
    if (error instanceof Error && typeof errcode === 'number') {
      Object.assign(error, { code: sqliteCodeOf(errcode) });
    }
    throw error;
  }
}

function kyselyStatement(statement: BuiltInStatement): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => named(() => statement.all(...parameters)),
    run: (parameters) => named(() => statement.run(...parameters)),
    iterate: (parameters) => named(() => statement.iterate(...parameters)),
  };
}

function builtInConnection(filename: string): SqliteConnection {
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite') as unknown as BuiltInSqlite;
  const connection = named(() => new DatabaseSync(filename));
  return {
    database: {
      prepare: (sql) => kyselyStatement(named(() => connection.prepare(sql))),
      close: () => connection.close(),
    },
    exec: (sql) => named(() => connection.exec(sql)),
    prepareValue(sql) {
      const statement = named(() => connection.prepare(sql));
      return () => {
        const row = statement.get();
        return row && Object.values(row)[0];
      };
    },
    prepareRows(sql) {
      const statement = named(() => connection.prepare(sql));
      return (...parameters) => named(() => statement.all(...parameters));
    },
  };
}

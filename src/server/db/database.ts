import { Kysely, PostgresDialect, sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import {
  postgresCatalogueWatch,
  sqliteCatalogueWatch,
  type CatalogueWatch,
  type ConnectionsMade,
  type WatchLog,
} from '../catalog/catalogue-watch';
import { countingCatalogueWrites, type LocalCatalogueWrites } from '../catalog/catalogue-writes';
import { openPostgresPool, type PoolOptions } from './postgres-pool';
import type { Database } from './schema';
import { checkpointInBackground } from './sqlite-checkpoints';
import { openSqliteConnection, type SqliteConnection } from './sqlite-connection';
import { TurnTakingSqliteDialect } from './sqlite-turns';

export type Dialect = DatabaseConfig['dialect'];

export interface ShopDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * Answers once the database takes a query, for the health check. SQLite's connection is asked
   * directly, not through its turn: a long write (a price list in its transaction) holds the
   * turn, and a database busy writing is no database away.
   */
  ping(): Promise<void>;
  /** Starts telling this instance of catalogue changes; the watch is closed by whoever asked. */
  watchCatalogue(log: WatchLog): Promise<CatalogueWatch>;
  /**
   * The same database without the limits a shopper's call has (see `PoolOptions.patient`), for
   * migrations and start-up work: a pool of its own on PostgreSQL, to close after use; on SQLite,
   * which has no such limits, this very connection (closing it then closes nothing).
   */
  patient(): ShopDatabase;
  close(): Promise<void>;
}

// COUNT(*) and other bigint results arrive as strings from pg; the shop's counts fit in a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

function openSqlite(filename: string): SqliteConnection {
  if (filename !== ':memory:') mkdirSync(path.dirname(filename), { recursive: true });
  const connection = openSqliteConnection(filename);
  connection.exec('pragma journal_mode = WAL');
  connection.exec('pragma foreign_keys = ON');
  connection.exec('pragma busy_timeout = 5000');
  connection.exec('pragma synchronous = NORMAL');
  return connection;
}

export function openDatabase(config: DatabaseConfig, options: PoolOptions = {}): ShopDatabase {
  if (config.dialect === 'sqlite') {
    const connection = openSqlite(config.filename);
    const checkpointer =
      config.filename === ':memory:' ? null : checkpointInBackground(connection, config.filename);
    const writesHere: LocalCatalogueWrites = { count: 0, open: 0 };
    const db = new Kysely<Database>({
      dialect: countingCatalogueWrites(
        new TurnTakingSqliteDialect({ database: connection.database }),
        writesHere,
      ),
    });
    let selectOne: (() => unknown) | undefined;
    const database: ShopDatabase = {
      db,
      dialect: 'sqlite',
      ping: () => {
        try {
          selectOne ??= connection.prepareValue('select 1');
          selectOne();
          return Promise.resolve();
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
      watchCatalogue: () => Promise.resolve(sqliteCatalogueWatch(connection, writesHere)),
      patient: () => ({ ...database, close: () => Promise.resolve() }),
      close: async () => {
        await checkpointer?.stop();
        await db.destroy();
      },
    };
    return database;
  }
  const connectionsMade: ConnectionsMade = new Set();
  const pool = openPostgresPool(config.connectionString, {
    ...options,
    onConnect: () => {
      for (const tell of connectionsMade) tell();
    },
  });
  const writesHere: LocalCatalogueWrites = { count: 0, open: 0 };
  const db = new Kysely<Database>({
    dialect: countingCatalogueWrites(new PostgresDialect({ pool }), writesHere),
  });
  return {
    db,
    dialect: 'postgres',
    ping: () => pingDatabase(db),
    watchCatalogue: (log) =>
      postgresCatalogueWatch(config.connectionString, writesHere, log, connectionsMade),
    patient: () => openDatabase(config, { patient: true }),
    close: () => db.destroy(),
  };
}

/** Answers whether the database takes a query, for the health check and the start-up check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

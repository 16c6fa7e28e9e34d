import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg, { type QueryResultRow } from 'pg';
import { isDatabaseUnreachable } from './unreachable';

/**
 * How long the shop waits on PostgreSQL. A call must answer within 5 seconds, even when the
 * database hangs or the network drops packets without a word: a connection is had within 2 s, a
 * statement is ended by the server after 4 s, and an answer that has not come back after 4.5 s is
 * given up on here (the server's own limit cannot help when nothing reaches it).
 */
export const POSTGRES_LIMITS = {
  connectMs: 2000,
  statementMs: 4000,
  answerMs: 4500,
  /** A transaction left open by a caller that went away holds its locks no longer than this. */
  idleInTransactionMs: 10_000,
  /** TCP keepalive probes start after this long without traffic. */
  keepAliveDelayMs: 5000,
} as const;

export interface PoolOptions {
  /**
   * No statement, answer or idle-transaction limit: for migrations, start-up work and bulk loads,
   * which may rightly take longer than any shopper's call. Connections still time out.
   */
  patient?: boolean;
  /** Told each time the pool makes a new connection. */
  onConnect?: () => void;
}

const QUERY_COMMANDS = new Set(['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE']);
const isQueryCommand = (command: string): command is PostgresQueryResult<unknown>['command'] =>
  QUERY_COMMANDS.has(command);

const NO_CURSORS = 'The shop reads no cursors';

/**
 * A pooled connection as Kysely uses it. A connection whose query timed out or lost its server
 * is broken: it fails every later query at once (a transaction's ROLLBACK does not wait out the
 * limit again) and is closed, not pooled, when released, so no late answer can reach a later
 * query and the pool heals with fresh connections.
 */
class GuardedClient implements PostgresPoolClient {
  #broken: Error | undefined;

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string') throw new Error(NO_CURSORS);
    return this.#send<R>(sql, parameters);
  }

  async #send<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (this.#broken) throw this.#broken;
    try {
      const result = await this.client.query<QueryResultRow>(sql, [...parameters]);
      return {
        // Kysely counts affected rows for these four; any other command (BEGIN, SET) reads alike.
        command: isQueryCommand(result.command) ? result.command : 'SELECT',
        rowCount: result.rowCount ?? 0,
        // Rows of the shape the query Kysely compiled selects: the driver's word, as in Kysely's own.
        rows: result.rows as R[],
      };
    } catch (error) {
      if (isDatabaseUnreachable(error)) this.#broken = error instanceof Error ? error : undefined;
      throw error;
    }
  }

  release(): void {
    this.client.release(this.#broken);
  }
}

/**
 * The shop's PostgreSQL pool. Errors on a connection, idle or in use, are answered by the query
 * they belong to (a 503 for the caller) and never end the process; a broken connection is
 * dropped and replaced on the next call.
 */
export function openPostgresPool(
  connectionString: string,
  { patient = false, onConnect }: PoolOptions = {},
): PostgresPool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: POSTGRES_LIMITS.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_LIMITS.keepAliveDelayMs,
    ...(patient
      ? {}
      : {
          idle_in_transaction_session_timeout: POSTGRES_LIMITS.idleInTransactionMs,
          statement_timeout: POSTGRES_LIMITS.statementMs,
          query_timeout: POSTGRES_LIMITS.answerMs,
        }),
  });
  // An idle connection the server ends (a restart, a failover) reports here.
  pool.on('error', () => undefined);
  // A connection in use reports its end to its query too, and then here, where without a
  // listener it would stop the whole shop.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    onConnect?.();
  });
  return {
    connect: async () => new GuardedClient(await pool.connect()),
    end: () => pool.end(),
  };
}

import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * SQLite answers while the process waits, and Kysely hands its answers on without letting the
 * process see to anything else: a call that reads ten things would hold every other request
 * until it had read them all. Here each statement (or transaction) takes the connection, then
 * waits its turn of the event loop before it runs, so other requests go on between a call's
 * reads; one reads for as long as its longest statement, not its whole call.
 */
class TurnTakingDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    await nextTurn();
    return connection;
  }
}

export class TurnTakingSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new TurnTakingDriver(this.config);
  }
}

import { createTestDatabaseUrl } from './databases';
import { startTcpRelay, type TcpRelay } from './tcp-relay';

/** A fresh PostgreSQL test database that the shop reaches through a relay the test controls. */
export interface RelayedDatabase {
  /** The database's URL through the relay: the shop's DATABASE_URL. */
  url: string;
  relay: TcpRelay;
  /** Lets everything through again, whether the relay was cut or silenced: before the shop closes. */
  heal(): Promise<void>;
  /** Closes the relay and drops the database: after the shop has closed. */
  close(): Promise<void>;
}

export async function relayedTestDatabase(): Promise<RelayedDatabase> {
  const database = await createTestDatabaseUrl('postgres');
  const direct = new URL(database.url);
  const relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
  const relayed = new URL(database.url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  return {
    url: relayed.toString(),
    relay,
    async heal() {
      relay.speak();
      await relay.restore().catch(() => undefined);
    },
    async close() {
      await relay.close();
      await database.drop();
    },
  };
}

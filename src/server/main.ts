import type { FastifyInstance } from 'fastify';
import { setTimeout as wait } from 'node:timers/promises';
import { ensureFirstAdmin, type NewAdmin } from './accounts/first-admin';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { ConfigError } from './config-error';
import { openDatabase, pingDatabase, type ShopDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { inStartupLock } from './db/startup-lock';
import { indexUnsearchedOrders } from './orders/search-orders';
import { indexUnsearchedAuditEntries } from './audit/audit-log';
import { keepHeapClose } from './heap-growth';
import { createDraining, type Draining } from './http/draining';
import { warmStorefront } from './storefront/warm-storefront';

function fail(message: string): never {
  console.error(`\nThe shop could not start: ${message}\n`);
  process.exit(1);
}

/**
 * The first admin's email and the password the shop chose, said on this start and never again;
 * where to sign in, once the shop is open.
 */
function newAdminWords({ email, password }: NewAdmin, signInAt?: string): string {
  const words = `Admin account made: ${email} with password ${password} (shown this once; set ADMIN_PASSWORD to choose it)`;
  return signInAt === undefined ? words : `${words}; sign in at ${signInAt}`;
}

function describeDatabase(config: Config): string {
  return config.database.dialect === 'sqlite'
    ? `SQLite at ${config.database.filename}`
    : 'PostgreSQL at DATABASE_URL';
}

/**
 * Opens the database the shop serves from, and migrates it on a twin without the limits a
 * shopper's call has (a new index on a large table may take minutes).
 */
async function connect(config: Config): Promise<ShopDatabase> {
  const serving = openDatabase(config.database);
  const migrating = serving.patient();
  try {
    await pingDatabase(migrating.db);
    await migrateToLatest(migrating);
  } catch (error) {
    await serving.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    fail(`cannot use the database (${describeDatabase(config)}): ${reason}`);
  } finally {
    await migrating.close().catch(() => undefined);
  }
  return serving;
}

async function main() {
  keepHeapClose();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const database = await connect(config);
  const draining = createDraining();
  const app = await buildApp({ config, database, draining });
  // Start-up work waits for another instance's, and draws the demo pictures in its transaction.
  const starting = database.patient();
  const newAdmin = await inStartupLock(starting, async (trx) => {
    if (config.seed === 'demo') {
      // The demo catalogue and the drawing of its pictures load only for a shop that asks for them.
      const { seedDemoCatalogue } = await import('./db/seed/demo-seed');
      const added = await seedDemoCatalogue(trx);
      if (added > 0) app.log.info(`Demo catalogue added: ${added} products`);
    }
    const indexed = await indexUnsearchedOrders(trx);
    if (indexed > 0) app.log.info(`Orders made searchable: ${indexed}`);
    const entries = await indexUnsearchedAuditEntries(trx);
    if (entries > 0) app.log.info(`Audit entries made searchable: ${entries}`);
    return ensureFirstAdmin(trx, config, app.log);
  });
  await starting.close();
  /** The app first (its mail sender stores what it was queueing), then the database. */
  const close = async () => {
    await app.close();
    await database.close();
  };

  await warmStorefront(app);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await close();
    // The admin is made all the same, and its password is not stored anywhere it can be read.
    if (newAdmin) console.error(`\n${newAdminWords(newAdmin)}`);
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'EADDRINUSE')
      fail(`port ${config.port} is already in use; set PORT to another port`);
    if (code === 'EADDRNOTAVAIL') fail(`HOST ${config.host} is not an address of this machine`);
    throw error;
  }
  app.log.info(
    `Shop open at ${config.publicUrl} (${describeDatabase(config)}, payments: ${config.payment.provider})`,
  );
  // Last, so that it is the line on the screen when the shop is open rather than above the build.
  if (newAdmin) app.log.warn(newAdminWords(newAdmin, `${config.publicUrl}/account/login`));

  stopOnSignals({ app, close, draining, drainSeconds: config.drainSeconds });
}

/** How long requests in flight may take once the shop stops accepting, before they are cut off. */
const IN_FLIGHT_MS = 10_000;
/** How long the background work it holds may take after that, before the shop exits regardless. */
const BACKGROUND_MS = 5_000;

/**
 * SIGTERM drains the instance (decision 036): its health check answers 503 at once while it goes
 * on serving for `drainSeconds`, so the balancer stops sending; then it stops accepting, finishes
 * what is in flight (up to 10 s), hands back the background work it holds (a mail the relay still
 * has goes back to the outbox, due at once) and exits 0. SIGINT, a developer's Ctrl-C, has no
 * grace; a second signal cuts the grace short.
 */
function stopOnSignals({
  app,
  close,
  draining,
  drainSeconds,
}: {
  app: FastifyInstance;
  close: () => Promise<void>;
  draining: Draining;
  drainSeconds: number;
}) {
  const grace = new AbortController();
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (signal === 'SIGTERM' && drainSeconds > 0) {
      draining.drain();
      app.log.info(
        `SIGTERM received: draining, health answers 503 and requests are served ${drainSeconds} s more`,
      );
      await wait(drainSeconds * 1000, undefined, { signal: grace.signal }).catch(() => undefined);
    }
    app.log.info(`${signal} received: closing once the requests in flight are answered`);
    draining.close();
    const cutOff = setTimeout(() => {
      app.log.warn(`Requests still in flight after ${IN_FLIGHT_MS / 1000} s are cut off`);
      app.server.closeAllConnections();
    }, IN_FLIGHT_MS);
    // Whatever background work still runs then is left to its hold running out, here or elsewhere.
    setTimeout(() => {
      app.log.warn('The shop did not finish closing in time, and exits all the same');
      process.exit(0);
    }, IN_FLIGHT_MS + BACKGROUND_MS).unref();
    await close();
    clearTimeout(cutOff);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        grace.abort();
        return;
      }
      stopping = true;
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'The shop did not close cleanly');
          process.exit(1);
        },
      );
    });
  }
}

await main();

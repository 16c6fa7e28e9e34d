import { ensureFirstAdmin, type NewAdmin } from './accounts/first-admin';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, pingDatabase, type ShopDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { inStartupLock } from './db/startup-lock';
import { indexUnsearchedOrders } from './orders/search-orders';
import { indexUnsearchedAuditEntries } from './audit/audit-log';
import { keepHeapClose } from './heap-growth';
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
  const app = await buildApp({ config, database });
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
  /** The app first (its mail sender empties what it can into the database), then the database. */
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

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, closing`);
      void close().then(() => process.exit(0));
    });
  }
}

await main();

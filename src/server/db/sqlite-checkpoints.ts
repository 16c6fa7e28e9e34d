import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { usesBuiltInSqlite, type SqliteConnection } from './sqlite-connection';

/** How often the checkpointing thread copies what the log holds into the database file. */
export const CHECKPOINT_EVERY_MS = 1000;

/** SQLite's own default: a checkpoint after any commit that leaves the log over 1,000 pages. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * The thread's whole program, as plain JavaScript so that it runs the same from the sources, the
 * tests and the built server. It opens the file with the driver the shop uses on this Node, and
 * asks for a passive checkpoint now and then: one that copies what it can without waiting for,
 * or holding up, anyone reading or writing.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const { filename, driver, everyMs } = workerData;
const database =
  driver === 'node:sqlite'
    ? new (process.getBuiltinModule('node:sqlite').DatabaseSync)(filename)
    : new (require(driver))(filename);
const checkpoint = () => database.exec('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  database.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

/** The checkpointing thread of one SQLite database file, stopped before its connection closes. */
export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Moves SQLite's checkpoints off the thread that answers requests. After a commit leaves the
 * write-ahead log long, SQLite copies it all into the database file there and then: after a 5 MB
 * price list, that held every other request for a third of a second to two seconds. Here the
 * connection leaves that to a thread of its own; should that thread fail, it goes back to
 * checkpointing itself, so that the log never grows without end.
 */
export function checkpointInBackground(
  connection: SqliteConnection,
  filename: string,
): Checkpointer {
  const driver = usesBuiltInSqlite()
    ? 'node:sqlite'
    : createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { filename, driver, everyMs: CHECKPOINT_EVERY_MS },
  });
  // The shop may stop without stopping it first (a test that ends); it keeps nothing alive.
  worker.unref();
  let stopping = false;
  const autocheckpoint = (pages: number) => {
    if (stopping) return;
    try {
      connection.exec(`pragma wal_autocheckpoint = ${String(pages)}`);
    } catch {
      // The connection is closed already: there is nothing left to checkpoint.
    }
  };
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      autocheckpoint(AUTOCHECKPOINT_PAGES);
      resolve();
    });
  });
  // Until the thread is ready, and once it has failed, the connection checkpoints itself.
  worker.once('message', () => autocheckpoint(0));
  worker.once('error', () => autocheckpoint(AUTOCHECKPOINT_PAGES));
  return {
    async stop() {
      stopping = true;
      // Held now: the process waits for the thread to close its connection before its own.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

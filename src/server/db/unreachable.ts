// Whether a failure means the database could not be reached (down, restarting, cut off, out of
// connections) rather than that a query was wrong: the first is an outage a caller may wait out,
// the second a fault in the shop.

/** Socket failures on the way to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's own words for "not now": connection exceptions (class 08), too many connections,
 * a statement that ran out of time (57014, the shop's statement limit), and a server shutting
 * down, crashed or starting (57P01-57P03).
 */
const POSTGRES_UNAVAILABLE = /^(08...|53300|57014|57P0[1-3])$/;

/**
 * What the drivers say when a connection ends, cannot be had in time or leaves a query without
 * an answer (pg), or when the shop's own connection is closed (better-sqlite3, node:sqlite,
 * Kysely), as while the server shuts down.
 */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended|database connection is not open|database is not open|driver has already been destroyed/i;

/** SQLite's file could not be opened or read (a missing disk, a full one). */
const SQLITE_UNAVAILABLE = /^SQLITE_(CANTOPEN|IOERR|FULL|READONLY_DBMOVED)/;

function isUnreachable(error: object): boolean {
  const code: unknown = Reflect.get(error, 'code');
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)) return true;
    if (SQLITE_UNAVAILABLE.test(code)) return true;
  }
  const message: unknown = Reflect.get(error, 'message');
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/** True when `error`, or anything it was caused by, says the database cannot be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    if (isUnreachable(current)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnreachable))
      return true;
    current = Reflect.get(current, 'cause');
  }
  return false;
}

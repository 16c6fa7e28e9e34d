import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';

/**
 * A long answer (a download, a sitemap file) as pieces of text, each made at once from one read
 * of the database: the piece's objects are gone before the next is read, never kept long enough
 * to be promoted to the long-lived part of the heap.
 */
export type TextPieces = AsyncIterable<string> | Iterable<string>;

/**
 * Lets other requests, and the collector, have their turn. On SQLite every read runs on the one
 * thread that answers everyone, so a long walk through the database takes one between reads.
 */
export const nextTurn = (): Promise<void> => setImmediate();

/** Pieces of text as a stream, written as they come, with a turn for everyone else after each. */
export function streamOfPieces(pieces: TextPieces): Readable {
  async function* text() {
    for await (const piece of pieces) {
      yield piece;
      await nextTurn();
    }
  }
  return Readable.from(text(), { objectMode: false });
}

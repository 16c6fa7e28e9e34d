import type { FastifyReply } from 'fastify';
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

/** How many items of a long list a piece of JSON holds. */
const ITEMS_A_PIECE = 500;

/**
 * A JSON object whose one long list (a price list's 45,000 changes) is written a few hundred
 * items at a time, rather than the whole answer made into one string while everyone waits.
 */
function* jsonWithLongList(
  rest: Record<string, unknown>,
  name: string,
  items: readonly unknown[],
): Generator<string> {
  const opening = JSON.stringify(rest).slice(0, -1);
  yield `${opening}${opening === '{' ? '' : ','}${JSON.stringify(name)}:[`;
  for (let start = 0; start < items.length; start += ITEMS_A_PIECE) {
    const piece = items
      .slice(start, start + ITEMS_A_PIECE)
      .map((item) => JSON.stringify(item))
      .join(',');
    yield start === 0 ? piece : `,${piece}`;
  }
  yield ']}';
}

/** Sends a JSON answer with one long list in pieces (see jsonWithLongList). */
export function sendJsonWithLongList(
  reply: FastifyReply,
  rest: Record<string, unknown>,
  name: string,
  items: readonly unknown[],
): void {
  void reply
    .type('application/json; charset=utf-8')
    .send(streamOfPieces(jsonWithLongList(rest, name, items)));
}

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { isDatabaseUnreachable } from '../db/unreachable';
import { nextTurn } from '../http/paged-text';
import { nearMissTermsOf, type VocabularyWord } from './near-misses';
import {
  foldNotedChanges,
  hasNotedChanges,
  readTermsChangedSince,
} from './search-terms.repository';

/**
 * How often each instance folds the catalogue's noted word changes into the kept counts and
 * reads the counts that moved: a product added or renamed on any instance is a near miss's
 * target about this long after.
 */
export const KEEP_VOCABULARY_EVERY_MS = 1000;
/**
 * Noted changes folded in one transaction. On SQLite each fold holds the one connection while it
 * runs: 500 lines take a few milliseconds, and requests are answered between folds.
 */
const FOLD_AT_ONCE = 500;

/** One instance's copy of the kept words, read from the table and brought up to date since. */
interface KeptVocabulary {
  counts: Map<string, number>;
  /** Where the next read starts; undefined until the first read. */
  mark: string | undefined;
  /** The words with a count, made again from `counts` when they move. */
  words: VocabularyWord[] | undefined;
  /** Whether a search took the words since they last moved: its answer may be kept. */
  taken: boolean;
  /** Whether words a search took moved since whoever keeps them up to date was last told. */
  moved: boolean;
  /** The read under way, and the one waiting to start after it. */
  reading: Promise<void> | undefined;
  waiting: Promise<void> | undefined;
}

const kept = new WeakMap<Db, KeptVocabulary>();

function keptFor(db: Db): KeptVocabulary {
  let vocabulary = kept.get(db);
  if (!vocabulary) {
    vocabulary = {
      counts: new Map(),
      mark: undefined,
      words: undefined,
      taken: false,
      moved: false,
      reading: undefined,
      waiting: undefined,
    };
    kept.set(db, vocabulary);
  }
  return vocabulary;
}

async function readChanges({ db, dialect }: ShopDatabase, vocabulary: KeptVocabulary) {
  const read = await readTermsChangedSince(db, dialect, vocabulary.mark);
  for (const { term, documents } of read.terms) {
    if (documents > 0) vocabulary.counts.set(term, documents);
    else vocabulary.counts.delete(term);
  }
  if (read.terms.length > 0) {
    vocabulary.words = undefined;
    // Answers made from the words before are stale only if a search took them.
    vocabulary.moved ||= vocabulary.taken;
    vocabulary.taken = false;
  }
  vocabulary.mark = read.mark;
}

/**
 * Reads what changed since the last read. Reads run one at a time, so that an older read never
 * lands after a newer one; a caller arriving while one runs waits for the next, which begins
 * after it (the one under way may have begun before the change the caller wants to see), and
 * shares it with everyone else who arrives meanwhile.
 */
function catchUp(database: ShopDatabase, vocabulary: KeptVocabulary): Promise<void> {
  if (!vocabulary.reading) {
    const reading = readChanges(database, vocabulary).finally(() => {
      vocabulary.reading = undefined;
    });
    vocabulary.reading = reading;
    return reading;
  }
  vocabulary.waiting ??= vocabulary.reading
    .catch(() => undefined)
    .then(() => {
      vocabulary.waiting = undefined;
      return catchUp(database, vocabulary);
    });
  return vocabulary.waiting;
}

/**
 * The words the shop's live products are named with, as this instance last read them. A search
 * never builds them: the first one after a start waits for the table to be read once (its size
 * is that of the shop's vocabulary, not of the catalogue), and every one after reads memory.
 */
export async function searchVocabulary(database: ShopDatabase): Promise<readonly VocabularyWord[]> {
  const vocabulary = keptFor(database.db);
  if (vocabulary.mark === undefined) await catchUp(database, vocabulary);
  vocabulary.taken = true;
  vocabulary.words ??= [...vocabulary.counts].map(([term, documents]) => ({ term, documents }));
  return vocabulary.words;
}

/**
 * Folds every change noted so far into the kept counts (on any instance, each change once), then
 * reads what moved into this instance's copy; answers whether words a search took moved since
 * last asked (answers made from them may be stale).
 */
export async function keepVocabularyUpToDate(database: ShopDatabase): Promise<boolean> {
  const { db, dialect } = database;
  if (await hasNotedChanges(db)) {
    while ((await foldNotedChanges(db, dialect, FOLD_AT_ONCE, nearMissTermsOf)) === FOLD_AT_ONCE) {
      await nextTurn();
    }
  }
  const vocabulary = keptFor(db);
  await catchUp(database, vocabulary);
  const moved = vocabulary.moved;
  vocabulary.moved = false;
  return moved;
}

export interface VocabularyKeeping {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Told after words a search took moved: the answers made from them are made again. */
  moved: () => void;
}

/** Keeps this instance's vocabulary up to date from when the shop is ready until it closes. */
export function keepSearchVocabulary(
  app: FastifyInstance,
  database: ShopDatabase,
  { log, moved }: VocabularyKeeping,
): void {
  let running: Promise<void> | undefined;
  // A turn that outlasts the interval is not queued behind: the next one starts after it ends.
  const keep = () => {
    running ??= keepVocabularyUpToDate(database)
      .then((didMove) => {
        if (didMove) moved();
      })
      .catch((error: unknown) => {
        const level = isDatabaseUnreachable(error) ? 'warn' : 'error';
        log[level]({ err: error }, 'the search vocabulary could not be brought up to date');
      })
      .finally(() => {
        running = undefined;
      });
  };
  const keeping = setInterval(keep, KEEP_VOCABULARY_EVERY_MS);
  keeping.unref();
  app.addHook('onReady', async () => {
    keep();
  });
  app.addHook('onClose', async () => {
    clearInterval(keeping);
    await running;
  });
}

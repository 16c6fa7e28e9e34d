import type { FastifyBaseLogger } from 'fastify';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/schema';
import { isStoredImageName, WEBP } from './stored-images';
import { insertStoredImages, storedNamesAmong } from './stored-images.repository';

/** Names looked up at once. */
const BATCH = 200;
/** A file this large is no picture the shop stored (they are WebP of at most 1600 px). */
const LARGEST_PICTURE_BYTES = 20 * 1024 * 1024;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

async function namesIn(folder: string, log: Log): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() || entry.isSymbolicLink())
      .map((entry) => entry.name)
      .filter((name) => {
        if (isStoredImageName(name)) return true;
        if (!name.startsWith('.')) log.warn({ name }, 'left a file in the uploads folder alone');
        return false;
      });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    log.warn(
      { err: error, folder },
      'could not read the uploads folder; its pictures are not served',
    );
    return [];
  }
}

/** The file's bytes and time, or undefined (and a line in the log) when it is no picture to take. */
async function readPicture(file: string, log: Log) {
  try {
    const stats = await stat(file);
    if (!stats.isFile() || stats.size === 0 || stats.size > LARGEST_PICTURE_BYTES) {
      log.warn({ file, bytes: stats.size }, 'left a file in the uploads folder alone');
      return undefined;
    }
    return { bytes: await readFile(file), createdAt: stats.mtime.toISOString() };
  } catch (error) {
    log.warn({ err: error, file }, 'could not read a picture in the uploads folder');
    return undefined;
  }
}

/**
 * Takes the pictures of an uploads folder (where the shop kept them before they were kept in the
 * database) into the database, each under its file name, served as they always were: as WebP.
 * A name stored already is left as it is, so this runs on every start, and two instances starting
 * together both run it safely. The files stay where they are. Answers how many were taken in.
 */
export async function takeInUploadsFolder(db: Db, folder: string, log: Log): Promise<number> {
  const names = await namesIn(folder, log);
  let taken = 0;
  for (let start = 0; start < names.length; start += BATCH) {
    const batch = names.slice(start, start + BATCH);
    const stored = await storedNamesAmong(db, batch);
    for (const name of batch.filter((candidate) => !stored.has(candidate))) {
      const picture = await readPicture(path.join(folder, name), log);
      if (!picture) continue;
      taken += await insertStoredImages(db, [{ name, contentType: WEBP, ...picture }]);
    }
  }
  if (taken > 0)
    log.info({ folder, taken }, 'pictures of the uploads folder taken into the database');
  return taken;
}

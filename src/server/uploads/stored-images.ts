import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  MEDIUM_COPY_NAME,
  MEDIUM_IMAGE_WIDTH,
  SMALL_IMAGE_WIDTH,
  UPLOAD_MAX_SIDE,
} from '../../shared/catalog/images';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { findStoredImage, insertStoredImages, type StoredImage } from './stored-images.repository';

/** What the shop has always stored: WebP, whatever the original was. */
export const WEBP = 'image/webp';

/**
 * A name a stored picture can have: letters, digits, `_`, `-` and dots, never first, so that no
 * name is a path (`..`, `/`, `\`) or a hidden file.
 */
const STORED_IMAGE_NAME = /^[\w-][\w.-]{0,199}$/;

export function isStoredImageName(name: string): boolean {
  return STORED_IMAGE_NAME.test(name);
}

/** Pictures larger than this many pixels are refused rather than decoded (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;

const notAnImage = () =>
  new ShopError('UNSUPPORTED_MEDIA_TYPE', 'Please choose a JPEG, PNG or WebP image');

/** JPEG, PNG or WebP, judged by the file's first bytes, whatever its name or stated type. */
function looksLikeAcceptedImage(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return jpeg || png || webp;
}

/** A copy `width` px wide at most, as the product page asks for on a phone. */
function narrowerCopy(bytes: Buffer, width: number): Promise<Buffer> {
  return sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * The stored picture under `name`. A medium copy that was never made (a picture stored before the
 * shop made them) is made from the large one the first time it is asked for, and stored; two
 * instances making it at once store the same bytes once.
 */
export async function findOrMakeStoredImage(
  db: Db,
  name: string,
): Promise<StoredImage | undefined> {
  const stored = await findStoredImage(db, name);
  const medium = MEDIUM_COPY_NAME.exec(name);
  if (stored || !medium) return stored;
  const large = await findStoredImage(db, `${medium[1]}.webp`);
  if (!large) return undefined;
  const bytes = await narrowerCopy(large.bytes, MEDIUM_IMAGE_WIDTH);
  await insertStoredImages(db, [{ name, contentType: WEBP, bytes }]);
  return findStoredImage(db, name);
}

/**
 * Decodes an uploaded picture and stores it again as WebP under a random name, in the database
 * every instance of the shop serves from: once with its longest side at most 1600 px, once
 * medium for a phone and once small for the grid. Re-encoding drops every byte of the original (metadata, trailing data, anything
 * hidden in it). Answers the large copy's URL path.
 */
export async function storeUploadedImage(db: Db, bytes: Buffer): Promise<string> {
  if (!looksLikeAcceptedImage(bytes)) throw notAnImage();
  const decoder = () =>
    sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  let large: Buffer;
  let medium: Buffer;
  let small: Buffer;
  try {
    const { format } = await decoder().metadata();
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw notAnImage();
    [large, medium, small] = await Promise.all([
      decoder()
        .resize({
          width: UPLOAD_MAX_SIDE,
          height: UPLOAD_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer(),
      decoder()
        .resize({ width: MEDIUM_IMAGE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
      decoder()
        .resize({ width: SMALL_IMAGE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
  } catch (error) {
    if (error instanceof ShopError) throw error;
    throw notAnImage();
  }
  const name = randomBytes(16).toString('hex');
  await insertStoredImages(db, [
    { name: `${name}.webp`, contentType: WEBP, bytes: large },
    { name: `${name}.md.webp`, contentType: WEBP, bytes: medium },
    { name: `${name}.sm.webp`, contentType: WEBP, bytes: small },
  ]);
  return `/uploads/${name}.webp`;
}

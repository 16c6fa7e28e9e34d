import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SMALL_IMAGE_WIDTH, UPLOAD_MAX_SIDE } from '../../shared/images';
import { ShopError } from '../http/errors';

/** Pictures larger than this many pixels are refused rather than decoded (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;

const notAnImage = () =>
  new ShopError('UNSUPPORTED_MEDIA_TYPE', 'Please choose a JPEG, PNG or WebP image');

/** JPEG, PNG or WebP, judged by the file's first bytes, whatever its name or stated type. */
export function looksLikeAcceptedImage(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return jpeg || png || webp;
}

/**
 * Decodes an uploaded picture and stores it again as WebP under a random name: once with its
 * longest side at most 1600 px, once small for the grid. Re-encoding drops every byte of the
 * original (metadata, trailing data, anything hidden in it). Answers the large copy's URL path.
 */
export async function storeUploadedImage(bytes: Buffer, uploadsDir: string): Promise<string> {
  if (!looksLikeAcceptedImage(bytes)) throw notAnImage();
  const decoder = () =>
    sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  let large: Buffer;
  let small: Buffer;
  try {
    const { format } = await decoder().metadata();
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw notAnImage();
    [large, small] = await Promise.all([
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
        .resize({ width: SMALL_IMAGE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
  } catch (error) {
    if (error instanceof ShopError) throw error;
    throw notAnImage();
  }
  const name = randomBytes(16).toString('hex');
  await mkdir(uploadsDir, { recursive: true });
  await Promise.all([
    writeFile(path.join(uploadsDir, `${name}.webp`), large),
    writeFile(path.join(uploadsDir, `${name}.sm.webp`), small),
  ]);
  return `/uploads/${name}.webp`;
}

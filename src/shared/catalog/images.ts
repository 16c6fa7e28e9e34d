/** Stored images come in two sizes: `name.webp` (up to 1600 px) and `name.sm.webp` for the grid. */
const STORED_IMAGE = /^\/uploads\/[\w-]+\.webp$/;

export const SMALL_IMAGE_WIDTH = 480;
export const LARGE_IMAGE_WIDTH = 1200;
/** An uploaded picture is stored with its longest side at most this. */
export const UPLOAD_MAX_SIDE = 1600;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What can go wrong with a picture upload, and the HTTP status each answers. A file too large or
 * of the wrong type answers the general PAYLOAD_TOO_LARGE and UNSUPPORTED_MEDIA_TYPE.
 */
export const UPLOAD_ERRORS = {
  UPLOAD_MISSING: 400,
  UPLOAD_UNREADABLE: 400,
} as const;

export function smallImageUrl(image: string): string | undefined {
  return STORED_IMAGE.test(image) ? image.replace(/\.webp$/, '.sm.webp') : undefined;
}

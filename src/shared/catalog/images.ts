/**
 * Stored images come in three sizes: `name.webp` (up to 1600 px), `name.md.webp` for a phone's
 * product page and `name.sm.webp` for the grid.
 */
const STORED_IMAGE = /^\/uploads\/[\w-]+\.webp$/;

export const SMALL_IMAGE_WIDTH = 480;
/** Wide enough for a phone's screen at its pixel density, half the bytes of the large copy. */
export const MEDIUM_IMAGE_WIDTH = 800;
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

export function mediumImageUrl(image: string): string | undefined {
  return STORED_IMAGE.test(image) ? image.replace(/\.webp$/, '.md.webp') : undefined;
}

/** The stored name of a picture's medium copy, made from its large one. */
export const MEDIUM_COPY_NAME = /^([\w-]+)\.md\.webp$/;

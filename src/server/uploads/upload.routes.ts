import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/errors';
import { UPLOAD_MAX_BYTES } from '../../shared/catalog/images';
import type { Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import { ShopError } from '../http/errors';
import { storeUploadedImage } from './stored-images';

const tooLarge = () =>
  new ShopError('PAYLOAD_TOO_LARGE', `Images can be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
const oneImage = () => new ShopError('UPLOAD_MISSING', 'Please upload one image at a time');

/** `error.code` of the multipart plugin's own refusals. */
function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/** Reads the files of a multipart body into memory, refusing more than one or a large one. */
async function readImages(parts: AsyncIterableIterator<Multipart>): Promise<Buffer[]> {
  const images: Buffer[] = [];
  try {
    for await (const part of parts) {
      if (part.type === 'file') images.push(await part.toBuffer());
    }
  } catch (error) {
    if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (codeOf(error) === 'FST_FILES_LIMIT') throw oneImage();
    throw new ShopError('UPLOAD_UNREADABLE', 'The upload could not be read; please try again');
  }
  return images;
}

export const uploadRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  database: ShopDatabase;
}> = async (app, { guards, database }) => {
  // Only this route reads multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
  });

  app.post(
    '/upload',
    {
      onRequest: guards.admin,
      bodyLimit: UPLOAD_MAX_BYTES + 256 * 1024,
      schema: {
        tags: ['admin: products'],
        summary:
          'Upload one JPEG, PNG or WebP (field `image`, up to 5 MB); answers its URL path as text',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: z.string(),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new ShopError('UPLOAD_MISSING', 'Please send the image as a file upload');
      }
      const images = await readImages(request.parts());
      const [image, ...others] = images;
      if (!image) throw new ShopError('UPLOAD_MISSING', 'Please choose an image to upload');
      if (others.length > 0) throw oneImage();
      const url = await storeUploadedImage(database.db, image);
      return reply.type('text/plain; charset=utf-8').send(url);
    },
  );
};

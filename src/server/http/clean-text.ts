import type { FastifyInstance } from 'fastify';
import { isCleanText, MULTILINE_FIELDS, UNCLEAN_TEXT_MESSAGE } from '../../shared/text';
import { ShopError } from './errors';

/** The first string in a value that breaks the shop's text rule, with where it is. */
function firstUncleanText(value: unknown, root: string): string | undefined {
  // Walked with a list rather than recursion, so that no nesting depth can overflow the stack.
  const pending: { value: unknown; path: string; key: string }[] = [{ value, path: root, key: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: item, path, key } = next;
    if (typeof item === 'string') {
      if (!isCleanText(item, { multiline: MULTILINE_FIELDS.has(key) })) return path;
      if (!isCleanText(key)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) =>
        pending.push({ value: element, path: `${path}.${index}`, key }),
      );
    } else if (item !== null && typeof item === 'object') {
      for (const [name, element] of Object.entries(item)) {
        if (!isCleanText(name)) return path;
        pending.push({ value: element, path: path === '' ? name : `${path}.${name}`, key: name });
      }
    }
  }
  return undefined;
}

/**
 * Every string the shop is sent, in a body, a query or a path, refuses control characters (line
 * breaks and tabs only in multi-line fields) before any route sees it: a 400 in words, never a
 * 500 from a database that will not store a NUL.
 */
export function registerCleanText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where =
      firstUncleanText(request.params, 'path') ??
      firstUncleanText(request.query, 'query') ??
      firstUncleanText(request.body, '');
    if (where === undefined) return;
    const field = where === '' ? 'The request' : where;
    throw new ShopError('VALIDATION_FAILED', `${field} ${UNCLEAN_TEXT_MESSAGE}`, [
      { path: where, message: UNCLEAN_TEXT_MESSAGE },
    ]);
  });
}

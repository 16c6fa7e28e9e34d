import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors';

/** A failure a caller can act on: it carries a stable code and a sentence a shopper can read. */
export class ShopError extends Error {
  override name = 'ShopError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** More for the caller to act on: the new quote with PRICE_CHANGED, an import's rows. */
    readonly details?: Pick<ErrorBody, 'quote' | 'applied' | 'changes' | 'refusals'>,
  ) {
    super(message);
  }
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The general code for an HTTP status that Fastify or a plugin chose. */
export function codeOf(status: number): ErrorCode {
  if (status >= 500) return 'INTERNAL';
  const general: ErrorCode[] = [
    'BAD_REQUEST',
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'NOT_FOUND',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
    'TOO_MANY_REQUESTS',
  ];
  return general.find((code) => ERROR_STATUS[code] === status) ?? 'BAD_REQUEST';
}

import { ERROR_CODES, type ErrorCode } from '../../shared/api';

/** A failure a caller can act on: it carries a stable code and a sentence a shopper can read. */
export class ShopError extends Error {
  override name = 'ShopError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new ShopError('NOT_FOUND', message);

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_REQUIRED: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** The stable code for an HTTP status that Fastify or a plugin chose. */
export function codeOf(status: number): ErrorCode {
  return (
    ERROR_CODES.find((code) => STATUS_BY_CODE[code] === status) ??
    (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST')
  );
}

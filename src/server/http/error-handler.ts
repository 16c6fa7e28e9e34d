import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/errors';
import { isDatabaseUnreachable } from '../db/unreachable';
import { TooManyAttempts } from './rate-limits';
import { codeOf, ShopError, statusOf } from './errors';

/** Fastify's own words for common client mistakes, put the way a shopper would read them. */
function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'That request is too large';
  if (status === 415) return 'That content type is not supported';
  if (status === 429) return 'Too many attempts, please wait a little and try again';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'The request body is not valid JSON';
  }
  return 'The request could not be understood';
}

function validationBody(error: FastifyError): ErrorBody {
  const errors = (error.validation ?? []).map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'is not valid',
  }));
  const first = errors[0];
  if (!first) return { message: 'Invalid input', code: 'VALIDATION_FAILED', errors };
  // Our schemas speak to shoppers; zod's own words need the field's name to make sense.
  const isZodDefault = /^(Invalid|Too (small|big)|Unrecognized)/.test(first.message);
  const message = first.path && isZodDefault ? `${first.path}: ${first.message}` : first.message;
  return { message, code: 'VALIDATION_FAILED', errors };
}

/** What a request its client hung up on is answered, should anything still read it. */
const HUNG_UP: ErrorBody = { message: 'The request did not arrive whole', code: 'BAD_REQUEST' };

/** How long a caller is asked to wait when the shop cannot reach its database. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
const OUTAGE_LOGGED_EVERY_MS = 30_000;

/**
 * Says in the log that the database cannot be reached: once, then at most every 30 seconds while
 * it lasts, rather than once for each of the calls it refuses.
 */
function outageLog() {
  let lastLoggedAt = Number.NEGATIVE_INFINITY;
  let refusedSince = 0;
  return (log: FastifyBaseLogger, error: unknown) => {
    refusedSince += 1;
    const now = Date.now();
    if (now - lastLoggedAt < OUTAGE_LOGGED_EVERY_MS) return;
    log.error(
      { err: error, refused: refusedSince },
      'the database cannot be reached: calls that need it answer 503 until it is back',
    );
    lastLoggedAt = now;
    refusedSince = 0;
  };
}

/**
 * Whether the client hung up before its request arrived whole: its body's stream then fails with
 * `ECONNRESET`, which would otherwise read as a database that cannot be reached.
 */
const clientHungUp = ({ raw }: FastifyRequest) =>
  (raw.destroyed && !raw.complete) || raw.socket.destroyed;

/** One place turns every failure into `{ message, code }`; a 5xx never shows its cause. */
export function registerErrorHandling(app: FastifyInstance): void {
  const noteOutage = outageLog();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (clientHungUp(request)) {
      // Phones lose their signal: an everyday event, said once at the level requests are.
      request.log.info(
        { req: request },
        'the client went away before its request arrived whole: nothing was done or answered',
      );
      return reply.status(400).send(HUNG_UP);
    }
    if (error instanceof ShopError) {
      const body: ErrorBody = { ...error.details, message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      if (error instanceof TooManyAttempts) reply.header('retry-after', error.retryAfterSeconds);
      if (error.code === 'SERVICE_UNAVAILABLE') {
        reply.header('retry-after', OUTAGE_RETRY_AFTER_SECONDS);
      }
      return reply.status(statusOf(error.code)).send(body);
    }
    if (isDatabaseUnreachable(error)) {
      noteOutage(request.log, error);
      return reply
        .status(503)
        .header('retry-after', OUTAGE_RETRY_AFTER_SECONDS)
        .header('cache-control', 'no-store')
        .send({
          message: 'The shop cannot answer just now. Please try again in a moment.',
          code: 'SERVICE_UNAVAILABLE',
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: clientMessage(error, status), code: codeOf(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side, please try again', code: 'INTERNAL' });
  });
}

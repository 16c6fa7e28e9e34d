import type { FastifyError, FastifyReply, FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import type { ErrorBody } from '../../shared/errors';

const BAD_REQUEST: ErrorBody = { message: 'That request could not be read', code: 'BAD_REQUEST' };
const BAD_URL: ErrorBody = { message: 'That address is not valid', code: 'BAD_REQUEST' };
const TOO_SLOW: ErrorBody = {
  message: 'The request took too long to arrive. Please try again.',
  code: 'REQUEST_TIMEOUT',
};

function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  void reply.status(400).send(error.code === 'FST_ERR_BAD_URL' ? BAD_URL : BAD_REQUEST);
}

function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  // Headers or a body that did not arrive in time (see connections.ts).
  const late = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const body = JSON.stringify(late ? TOO_SLOW : BAD_REQUEST);
  socket.end(
    `HTTP/1.1 ${late ? '408 Request Timeout' : '400 Bad Request'}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Failures Fastify meets before any route runs (an undecodable address, a malformed request)
 * answer in the shop's own `{ message, code }` shape, like every other error.
 */
export const frameworkErrorOptions = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;

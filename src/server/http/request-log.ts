import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { redactResetToken } from '../accounts/password-reset.service';
import type { Config } from '../config';
import { redactOrderKey } from '../orders/order-keys';

// How the shop logs: one line a request, with the secrets a URL may hold hidden.

/** The request as logged: a reset token or an order's key in a URL never reaches the logs. */
const requestSerializers = {
  req: (request: { method: string; url: string; ip?: string }) => ({
    method: request.method,
    url: redactOrderKey(redactResetToken(request.url)),
    remoteAddress: request.ip,
  }),
};

/** Pino's levels by name; `silent` is above them all. */
const LOG_LEVELS: Partial<Record<string, number>> & Record<'debug' | 'info' | 'error', number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/**
 * One line a request, written once it is answered: method, URL (a reset token or an order's key
 * hidden), status and time, at `info`; the load balancers' health checks at `debug`. Fastify's own
 * pair of lines (one as a request arrives, one as it is answered) would bury everything else in
 * the log.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {
    // Said once, with its answer, by requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const level = error ? 'error' : request.routeOptions.url === '/api/health' ? 'debug' : 'info';
    // At `warn` (as in production) a line at `info` goes nowhere: its words are not made either.
    if (LOG_LEVELS[level] < (LOG_LEVELS[reply.log.level] ?? Number.POSITIVE_INFINITY)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    const words = `${request.method} ${redactOrderKey(redactResetToken(request.url))} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ ...line, err: error }, `${words}: ${error.message}`);
    else reply.log[level](line, words);
  }
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.env === 'development') {
    return {
      level: config.logLevel,
      serializers: requestSerializers,
      transport: {
        target: 'pino-pretty',
        // A request's line says it all in its words; its fields are for logs read by machines.
        options: {
          translateTime: 'HH:MM:ss',
          ignore: 'pid,hostname,req,res,responseTime',
          singleLine: true,
        },
      },
    };
  }
  return { level: config.logLevel, serializers: requestSerializers };
}

import type { FastifyInstance } from 'fastify';

/**
 * An answer to a signed-in call is that person's own (their orders, their profile, a token): no
 * browser cache, proxy or CDN may keep it. Answers that say otherwise themselves keep their word.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  // A callback, not an async function: every answer passes here, and need not wait a turn.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization !== undefined && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

import type { FastifyInstance } from 'fastify';

/**
 * Where an instance is in stopping. Told to stop (SIGTERM), it drains: its health check answers
 * 503 at once, so that the balancer sends it no more, while it goes on serving whatever still
 * comes for `DRAIN_SECONDS`; then it closes: it stops accepting and finishes what is in flight
 * (main.ts; decision 036).
 */
export type StopPhase = 'serving' | 'draining' | 'closing';

export interface Draining {
  readonly phase: StopPhase;
  /** From now on the health check answers 503; everything else is served as before. */
  drain(): void;
  /** From now on the shop accepts nothing new and lets each connection go once it is answered. */
  close(): void;
}

export function createDraining(): Draining {
  let phase: StopPhase = 'serving';
  return {
    get phase() {
      return phase;
    },
    drain() {
      if (phase === 'serving') phase = 'draining';
    },
    close() {
      phase = 'closing';
    },
  };
}

/**
 * Once the shop closes, a connection whose request was in flight is ended as soon as that request
 * is answered, rather than kept alive for another that would be refused: the server's close waits
 * for every connection to end, and would otherwise wait out the keep-alive time too.
 */
export function registerDraining(app: FastifyInstance, draining: Draining): void {
  app.addHook('onResponse', (request, _reply, done) => {
    if (draining.phase === 'closing') request.raw.socket.end();
    done();
  });
}

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isDatabaseUnreachable } from './db/unreachable';

/**
 * Runs a piece of background work when the shop is ready and then every so often, one run at a
 * time, until the shop closes (which waits for the run under way). A run that fails is logged
 * (a warning while the database is away, which every call waits out, else an error) and the
 * next run tries again. Every instance runs it: the work itself must be right run by several.
 */
export function repeatInBackground(
  app: FastifyInstance,
  {
    what,
    everyMs,
    log,
    work,
  }: {
    /** What to log when a run fails: "… could not be …". */
    what: string;
    everyMs: number;
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    work: () => Promise<unknown>;
  },
): void {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      work().then(
        () => undefined,
        (error: unknown) => {
          log[isDatabaseUnreachable(error) ? 'warn' : 'error']({ err: error }, what);
        },
      ),
    );
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => {
    run();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

// A shopper who wants something the shop answers at once, asking every 5 ms while a measured
// request runs: the longest they wait is how long that request held up everyone else on the
// shop's process. They ask from a thread of their own, so that the bench reading a large answer
// on its own thread never delays them and is never mistaken for the shop's stall.
import { Worker } from 'node:worker_threads';

/** How often the probe asks. */
export const PROBE_EVERY_MS = 5;
/** How long the probe asks alone, before the first request it watches. */
const WARM_UP_MS = 200;
/** The contract: no shopper held up longer than this by another's request. */
export const PROBE_TARGET_MS = 50;
/**
 * What the probe asks: an answer the shop makes without its database, as it answers a cached page.
 * The measured shops keep nothing (their cache is off, so every request measured is made afresh),
 * so a cached page itself is not there to ask.
 */
export const PROBE_ADDRESS = '/robots.txt';

// Plain JavaScript, run as it is in the thread (no TypeScript loader there).
const PROBE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, everyMs } = workerData;
let asking;
parentPort.on('message', (message) => {
  if (message === 'start') {
    const state = { running: true, worst: 0, asks: 0, failures: 0 };
    const loop = (async () => {
      while (state.running) {
        const started = performance.now();
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (!response.ok) state.failures += 1;
        } catch {
          state.failures += 1;
        }
        const took = performance.now() - started;
        state.worst = Math.max(state.worst, took);
        state.asks += 1;
        const wait = everyMs - took;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    })();
    asking = { state, loop };
    parentPort.postMessage({ started: true });
  } else if (message === 'stop' && asking) {
    const { state, loop } = asking;
    state.running = false;
    void loop.then(() => {
      asking = undefined;
      parentPort.postMessage({ worst: state.worst, asks: state.asks, failures: state.failures });
    });
  }
});
`;

export interface ProbeResult {
  /** The longest any ask took, in ms, counting one still waiting when the request ended. */
  worst: number;
  asks: number;
  /** Asks that failed or answered other than 2xx. */
  failures: number;
}

export interface Probe {
  /** Runs `request` while the probe asks; answers what the probe saw meanwhile. */
  during(request: () => Promise<unknown>): Promise<ProbeResult>;
  close(): Promise<void>;
}

/** A probe asking `url` (an answer the shop makes without its database) every 5 ms. */
export function openProbe(url: string): Probe {
  const worker = new Worker(PROBE_THREAD, {
    eval: true,
    workerData: { url, everyMs: PROBE_EVERY_MS },
  });
  const next = () =>
    new Promise<Record<string, number | boolean>>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      worker.once('error', failed);
      worker.once('message', (message: Record<string, number | boolean>) => {
        worker.off('error', failed);
        resolve(message);
      });
    });
  /** Runs the probe while `request` runs; answers what the probe saw meanwhile. */
  async function round(request: () => Promise<unknown>): Promise<ProbeResult> {
    const started = next();
    worker.postMessage('start');
    await started;
    const asked = await request().then(
      () => ({ failed: false, error: undefined }),
      (error: unknown) => ({ failed: true, error }),
    );
    const stopped = next();
    worker.postMessage('stop');
    const seen = await stopped;
    if (asked.failed) throw asked.error;
    return {
      worst: Number(seen.worst),
      asks: Number(seen.asks),
      failures: Number(seen.failures),
    };
  }
  // The probe's own first asks of a process open its connection and have the shop compile the
  // answer, which no request being measured holds up: a round alone goes first.
  let warm: Promise<unknown> | undefined;
  return {
    async during(request) {
      warm ??= round(() => new Promise((resolve) => setTimeout(resolve, WARM_UP_MS)));
      await warm;
      return round(request);
    },
    async close() {
      await worker.terminate();
    },
  };
}

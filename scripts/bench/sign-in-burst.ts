// How long the page's script file takes while 100 wrong sign-ins arrive at once from one address
// (the sign-in limit is 100 per 15 minutes an address, so all of them are checked): each is an
// argon2 verification on libuv's thread pool, which reading a file from disk also needs. Beside it,
// the same file's time with nothing else going on.
import { heading, median, ms, table, type SummaryLine } from './report';
import type { RunningShop } from './shop-process';

const SIGN_INS = 100;
const QUIET_FETCHES = 10;
/** Pause between one fetch of the script file answering and the next starting. */
const PAUSE_MS = 100;
/** The contract: a static asset answers in under this while the sign-ins are checked. */
const TARGET_MS = 200;

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The script file the home page's HTML names, as the browser would fetch it. */
async function pageScript(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const script = /<script\b[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (script === undefined) throw new Error('The home page names no script under /assets/');
  return `${baseUrl}${script}`;
}

/** Milliseconds until the whole file has arrived. */
async function fetchTime(url: string): Promise<number> {
  const start = process.hrtime.bigint();
  const response = await fetch(url);
  await response.arrayBuffer();
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, not 200`);
  return elapsed;
}

interface Burst {
  /** The script file's times, fetched one after another while sign-ins were still unanswered. */
  times: number[];
  /** How many sign-ins answered with each status. */
  statuses: Map<number, number>;
  /** Milliseconds until the last sign-in answered. */
  lasted: number;
}

async function duringSignIns(baseUrl: string, script: string): Promise<Burst> {
  const statuses = new Map<number, number>();
  let unanswered = SIGN_INS;
  const start = process.hrtime.bigint();
  const signIns = Array.from({ length: SIGN_INS }, async (_, index) => {
    try {
      const response = await fetch(`${baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `burst${index}@example.com`, password: 'not the password' }),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    } finally {
      unanswered -= 1;
    }
  });
  const settled = Promise.allSettled(signIns);
  // Let the sign-ins reach the shop before the first fetch of the script file.
  await pause(PAUSE_MS);
  const times: number[] = [];
  while (unanswered > 0) {
    times.push(await fetchTime(script));
    if (unanswered > 0) await pause(PAUSE_MS);
  }
  await settled;
  return { times, statuses, lasted: Number(process.hrtime.bigint() - start) / 1e6 };
}

export async function measureSignInBurst(shop: RunningShop): Promise<SummaryLine[]> {
  heading(`The page's script file while ${SIGN_INS} wrong sign-ins arrive at once`);
  const script = await pageScript(shop.baseUrl);
  await fetchTime(script);
  const quiet: number[] = [];
  for (let fetched = 0; fetched < QUIET_FETCHES; fetched += 1) quiet.push(await fetchTime(script));
  const burst = await duringSignIns(shop.baseUrl, script);
  const answers = [...burst.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  console.info(`  ${new URL(script).pathname}`);
  console.info(
    table(
      ['', 'fetches', 'median', 'max'],
      [
        ['no sign-ins', String(quiet.length), ms(median(quiet)), ms(Math.max(...quiet))],
        [
          `during ${SIGN_INS} wrong sign-ins`,
          String(burst.times.length),
          ms(median(burst.times)),
          ms(Math.max(...burst.times)),
        ],
      ],
    ),
  );
  console.info(
    `  sign-ins answered: ${answers}; the last after ${(burst.lasted / 1000).toFixed(1)} s`,
  );
  if (burst.statuses.get(401) !== SIGN_INS)
    console.warn(`  (not every sign-in was refused as wrong, 401: the figure checks fewer hashes)`);
  const worst = Math.max(...burst.times);
  return [
    {
      measure: 'script file, no sign-ins (median / max)',
      figure: `${ms(median(quiet))} / ${ms(Math.max(...quiet))}`,
    },
    {
      measure: `script file during ${SIGN_INS} wrong sign-ins (median / max)`,
      figure: `${ms(median(burst.times))} / ${ms(worst)}`,
      target: `< ${TARGET_MS} ms`,
      met: worst < TARGET_MS,
    },
  ];
}

// `node scripts/test-on-node.mjs 24`: runs the unit and API tests (on SQLite) under another Node
// version, taken from the npm registry as the `node` package (a Node binary with its C headers), in
// a copy of the project whose native modules (better-sqlite3, argon2) are rebuilt for that Node's
// ABI against those headers. The project's own node_modules is never touched. Prints how long each
// step took, and exits with the tests' own status.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const NATIVE_MODULES = ['better-sqlite3', 'argon2'];
/** Top-level folders the tests do not need: history, a developer's data, reports. */
const NOT_COPIED = new Set(['.git', 'data', 'coverage', 'screenshots', 'test-results']);

const [wanted, ...flags] = process.argv.slice(2);
/** `--keep` leaves the copy (and that Node) in place to look into, and says where. */
const keep = flags.includes('--keep');
if (!wanted || !/^\d+(\.\d+){0,2}$/.test(wanted)) {
  console.error('Usage: node scripts/test-on-node.mjs <node version, such as 22 or 24> [--keep]');
  process.exit(2);
}

const timings = [];

/** Runs one step, timed; stops everything when it fails. */
function step(name, command, args, options = {}) {
  console.info(`\n▸ ${name}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  const seconds = (performance.now() - started) / 1000;
  timings.push([name, seconds]);
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function timed(name, work) {
  console.info(`\n▸ ${name}`);
  const started = performance.now();
  work();
  timings.push([name, (performance.now() - started) / 1000]);
}

function must(status, what) {
  if (status !== 0) throw new Error(`${what} failed (exit ${status})`);
}

/** The `node` package installs its binary from a per-platform package that also holds include/. */
function headersOf(runtime) {
  const platformPackage = `node-${process.platform}-${process.arch}`;
  for (const folder of [
    path.join(runtime, 'node_modules/node/node_modules'),
    path.join(runtime, 'node_modules'),
  ]) {
    const candidates = existsSync(folder) ? readdirSync(folder) : [];
    for (const name of [platformPackage, ...candidates.filter((n) => n.startsWith('node-bin-'))]) {
      const dir = path.join(folder, name);
      if (existsSync(path.join(dir, 'include/node/node.h'))) return dir;
    }
  }
  throw new Error(
    `The node package brought no C headers (include/node/node.h) for ${platformPackage}`,
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * Starts the built shop as `npm start` does (SQLite, the demo catalogue) on a data folder and port
 * of its own; it must answer the catalogue, then stop cleanly on SIGTERM. Answers what went wrong.
 */
async function startAndStop(node, shop, environment) {
  const port = await freePort();
  const child = spawn(node, ['dist/server/main.js'], {
    cwd: shop,
    env: {
      ...environment,
      DATA_DIR: mkdtempSync(path.join(work, 'data-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      ADMIN_PASSWORD: 'a-password-for-this-check-only',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + 60_000;
  let answered = false;
  while (!answered && running() && Date.now() < deadline) {
    answered = await fetch(`http://127.0.0.1:${port}/api/products`).then(
      (response) => response.ok,
      () => false,
    );
    if (!answered) await sleep(250);
  }
  if (running()) child.kill('SIGTERM');
  const exit = await exited;
  if (!answered) return `it never answered GET /api/products (it ended with ${exit})`;
  if (exit !== 0) return `it answered, then ended with ${exit} instead of 0 when asked to stop`;
  return undefined;
}

const work = mkdtempSync(path.join(tmpdir(), `shop-node-${wanted}-`));
let status = 1;
try {
  const runtime = path.join(work, 'runtime');
  must(
    step(`Node ${wanted} from the npm registry (the node package)`, 'npm', [
      'install',
      '--prefix',
      runtime,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node@${wanted}`,
    ]),
    `npm install node@${wanted}`,
  );
  const binDir = path.join(runtime, 'node_modules/node/bin');
  const node = path.join(binDir, 'node');
  const headers = headersOf(runtime);
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const abi = spawnSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout;
  console.info(`${node}: ${version} (module ABI ${abi.trim()}), headers in ${headers}`);

  // Everything below runs under that Node: npm, node-gyp, the build and vitest find it first.
  const environment = {
    ...process.env,
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: headers,
    // Compile rather than look for a prebuilt binary on the internet.
    npm_config_build_from_source: 'true',
  };
  delete environment.TEST_DATABASE_URL;
  delete environment.TEST_REDIS_URL;

  const shop = path.join(work, 'shop');
  timed('A copy of the project and its node_modules', () =>
    cpSync(root, shop, {
      recursive: true,
      preserveTimestamps: true,
      verbatimSymlinks: true,
      filter: (source) => !NOT_COPIED.has(path.relative(root, source)),
    }),
  );
  must(
    step(
      `Native modules rebuilt for Node ${version}`,
      'npm',
      ['rebuild', '--no-audit', '--no-fund', ...NATIVE_MODULES],
      { cwd: shop, env: environment },
    ),
    'npm rebuild',
  );
  must(
    step(
      'The native modules load',
      node,
      [
        '-e',
        // From Node 24 the shop's SQLite is Node's own (src/server/db/sqlite-connection.ts).
        "if (Number(process.versions.node.split('.')[0]) < 24) { const db = new (require('better-sqlite3'))(':memory:'); db.prepare('select 1').get(); db.close(); } require('argon2');",
      ],
      { cwd: shop, env: environment },
    ),
    'Loading the rebuilt modules',
  );
  // The storefront's API tests render pages from the built app.
  must(
    step('The build, where out of date', node, ['scripts/build-if-stale.mjs'], {
      cwd: shop,
      env: environment,
    }),
    'The build',
  );
  console.info(`\n▸ The shop starts, answers and stops under Node ${version}`);
  const started = performance.now();
  const problem = await startAndStop(node, shop, environment);
  timings.push([
    `The shop starts, answers and stops under Node ${version}`,
    (performance.now() - started) / 1000,
  ]);
  if (problem !== undefined) throw new Error(`The shop under Node ${version}: ${problem}`);
  status = step(
    `Unit and API tests under Node ${version} (SQLite)`,
    node,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', '--project', 'api'],
    { cwd: shop, env: environment },
  );
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (keep) console.info(`\nKept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

console.info(`\nNode ${wanted}, step by step:`);
for (const [name, seconds] of timings)
  console.info(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
console.info(`  ${total.toFixed(1).padStart(6)} s  in all`);
process.exit(status);

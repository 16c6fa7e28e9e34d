// `npm start`: builds whatever is missing or older than its sources, then opens the shop.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Builds what is out of date, saying only what it builds: the list of every file built is kept
 * back, so that the shop's own lines (the first admin's password among them) are the last on the
 * screen. Warnings and errors still show; so does everything held back when the build fails.
 */
async function buildQuietly() {
  const build = spawn(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ended = once(build, 'close');
  const heldBack = [];
  for await (const line of createInterface({ input: build.stdout, crlfDelay: Infinity })) {
    if (line.startsWith('Building')) console.info(line);
    else heldBack.push(line);
  }
  const [code] = await ended;
  if (code !== 0) {
    console.info(heldBack.join('\n'));
    process.exit(typeof code === 'number' ? code : 1);
  }
}

await buildQuietly();
const server = spawnSync(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);

// Builds whatever part of the shop is missing or older than its sources: the browser app (and its
// server-side copy for rendering pages) and the server. Used by `npm start` and `npm run bench`;
// run on its own, it builds and exits.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

function newestChange(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestChange(path.join(root, source)) > built);
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildIfStale() {
  if (
    isStale(path.join(root, 'dist/web/index.html'), ['src/web', 'src/shared']) ||
    isStale(path.join(root, 'dist/ssr/entry-server.js'), ['src/web', 'src/shared'])
  ) {
    console.info('Building the browser app…');
    run('build:web');
  }
  if (isStale(path.join(root, 'dist/server/main.js'), ['src/server', 'src/shared'])) {
    console.info('Building the server…');
    run('build:server');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();

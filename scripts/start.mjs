// `npm start`: builds whatever is missing or older than its sources, then opens the shop.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');

buildIfStale();
const server = spawnSync(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, waitForHealth } from '../support/shop-process';
import { baseUrl } from './support';

const SERVER = path.resolve('dist/server');
const WEB = path.resolve('dist/web');

/** The server as built for production: what `npm start` runs. */
describe('the built server', () => {
  it('draws demo pictures only in a part it loads for a demo catalogue', async () => {
    const main = await readFile(path.join(SERVER, 'main.js'), 'utf8');
    expect(main).not.toContain('drawProductSvg');
    const parts = await readdir(SERVER);
    const seed = parts.find((name) => name.startsWith('demo-seed-'));
    expect(seed).toBeDefined();
    expect(await readFile(path.join(SERVER, seed ?? ''), 'utf8')).toContain('drawProductSvg');
    // main.js names it only in the import it makes when SEED=demo.
    expect(main).toMatch(new RegExp(`import\\("\\./${seed?.replace('.', '\\.') ?? ''}"\\)`));
  });

  it('stops cleanly on SIGTERM: the app closes before its database, and nothing is logged as an error', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-stop-'));
    const port = await freePort();
    let output = '';
    const server = spawn(process.execPath, [path.join(SERVER, 'main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'none',
        ADMIN_PASSWORD: 'a-password-for-this-test-only',
        LOG_LEVEL: 'info',
        // A second's drain, then it closes: the balancer's grace, kept short for the test.
        DRAIN_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, server, () => output);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('SIGTERM received: draining');
      expect(output).toContain(
        'SIGTERM received: closing once the requests in flight are answered',
      );
      expect(output).not.toMatch(/ERROR|destroyed/);
    } finally {
      server.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("serves the page's scripts without their source maps", async () => {
    const assets = await readdir(path.join(WEB, 'assets'));
    const scripts = assets.filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(assets.filter((name) => name.endsWith('.map'))).toEqual([]);
    for (const name of scripts) {
      expect(await readFile(path.join(WEB, 'assets', name), 'utf8'), name).not.toContain(
        'sourceMappingURL',
      );
    }
    const home = await (await fetch(baseUrl())).text();
    const script = /<script type="module"[^>]* src="([^"]+\.js)"/.exec(home)?.[1] ?? '';
    expect(script).toMatch(/^\/assets\/[\w.-]+\.js$/);
    expect((await fetch(`${baseUrl()}${script}`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}${script}.map`)).status).toBe(404);
  });
});

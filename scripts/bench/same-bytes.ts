// The shop's exact answer to an address, and a bare server in its own process answering the same.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';

const BARE_SERVER = path.resolve(import.meta.dirname, 'bare-server.ts');

interface Answer {
  body: Buffer;
  contentType: string;
  headerBytes: number;
}

/**
 * GETs an address with no headers beyond Host, as autocannon asks: so no Accept-Encoding, and
 * the shop answers uncompressed bytes that the bare server can send back the same.
 */
export function fetchAsAutocannon(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET' }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        if (incoming.statusCode !== 200) {
          reject(new Error(`GET ${url} answered ${incoming.statusCode}, not 200`));
          return;
        }
        const headerBytes = incoming.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0);
        resolve({
          body: Buffer.concat(chunks),
          contentType: incoming.headers['content-type'] ?? 'application/octet-stream',
          headerBytes,
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export interface BareServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startBareServer(bodyFile: string, contentType: string): Promise<BareServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_SERVER, bodyFile, contentType], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The bare server stopped (exit ${code})`)));
    lines.once('line', (line) => {
      const parsed: unknown = JSON.parse(line);
      if (
        parsed &&
        typeof parsed === 'object' &&
        'port' in parsed &&
        typeof parsed.port === 'number'
      )
        resolve(parsed.port);
      else reject(new Error(`The bare server said ${line}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// The yardstick for the shop's speed: a Fastify server that does nothing but answer every GET with
// the bytes the shop answered, with the same content type. Run in its own process by
// throughput.ts: `node --import tsx bare-server.ts <body file> <content type>`; it prints the
// port it listens on.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const [bodyFile, contentType] = process.argv.slice(2);
if (!bodyFile || !contentType) {
  console.error('usage: bare-server.ts <body file> <content type>');
  process.exit(2);
}
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => reply.type(contentType).send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('The bare server has no port');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));

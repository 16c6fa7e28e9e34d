import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PaymentProvider } from '../payments/payment-provider';
import { ShopError } from './errors';

/** What the shop counts, for `GET /metrics` (Prometheus text). */
interface ShopMetrics {
  registry: Registry;
  /** A mail was queued, handed over, or failed a try. */
  mail(event: 'queued' | 'sent' | 'failed'): void;
  /** The payment provider with each call counted, and each failure by call. */
  countedProvider(provider: PaymentProvider): PaymentProvider;
}

/**
 * Calls whose answers are the outcomes the shop counts: an order placed, a refund given (or
 * retried). Counted by their answer: `placed`, `again` (the same payment's order, answered
 * again), `refused` (4xx) or `failed` (5xx).
 */
const OUTCOME_ROUTES: Record<string, 'orders' | 'refunds'> = {
  'POST /api/orders': 'orders',
  'POST /api/orders/:id/refunds': 'refunds',
  'POST /api/refunds/:id/retry': 'refunds',
};

function outcomeOf(status: number): string {
  if (status === 201) return 'placed';
  if (status < 300) return 'again';
  return status < 500 ? 'refused' : 'failed';
}

export function createMetrics(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'shop_' });
  const mails = new Counter({
    name: 'shop_mails_total',
    help: 'Mails queued, handed over, and tries that failed',
    labelNames: ['event'],
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'shop_payment_provider_calls_total',
    help: 'Calls to the payment provider, by call and outcome',
    labelNames: ['call', 'outcome'],
    registers: [registry],
  });
  return {
    registry,
    mail: (event) => mails.inc({ event }),
    countedProvider(provider) {
      const counted =
        <Args extends unknown[], Answer>(call: string, send: (...args: Args) => Promise<Answer>) =>
        async (...args: Args): Promise<Answer> => {
          try {
            const answer = await send(...args);
            providerCalls.inc({ call, outcome: 'ok' });
            return answer;
          } catch (error) {
            providerCalls.inc({ call, outcome: 'failed' });
            throw error;
          }
        };
      return {
        createPayment: counted('create', provider.createPayment.bind(provider)),
        capturePayment: counted('capture', provider.capturePayment.bind(provider)),
        refundCapture: counted('refund', provider.refundCapture.bind(provider)),
        findCapture: counted('look-up', provider.findCapture.bind(provider)),
        readSource: counted('read-source', provider.readSource.bind(provider)),
      };
    },
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Times every answer by route and status, counts orders and refunds by outcome and answers
 * from memory, and serves `GET /metrics` to callers with `Authorization: Bearer <METRICS_TOKEN>`.
 * Without a token there is no such route.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: ShopMetrics,
  { token, answersFromMemory }: { token: string | undefined; answersFromMemory: () => number },
): void {
  const { registry } = metrics;
  const durations = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const outcomes = new Counter({
    name: 'shop_outcomes_total',
    help: 'Orders placed and refunds given, by outcome (placed, again, refused, failed)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  let countedHits = 0;
  new Counter({
    name: 'shop_answers_from_memory_total',
    help: 'Public answers sent from memory',
    registers: [registry],
    collect() {
      const hits = answersFromMemory();
      this.inc(hits - countedHits);
      countedHits = hits;
    },
  });

  // Answers from memory are sent while the request arrives; this hook sees them all the same. A
  // callback, not an async function: every answer passes here, and need not make a promise.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    durations.observe(
      { method: request.method, route, status: String(status) },
      reply.elapsedTime / 1000,
    );
    const kind = request.method === 'POST' ? OUTCOME_ROUTES[`POST ${route}`] : undefined;
    if (kind) outcomes.inc({ kind, outcome: outcomeOf(status) });
    done();
  });

  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || given === undefined || !sameToken(given, token)) {
      throw new ShopError('UNAUTHENTICATED', 'The metrics need their token');
    }
    void reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}

/** Waiting mails, read when the metrics are. */
export function watchWaitingMails(metrics: ShopMetrics, countWaiting: () => Promise<number>) {
  new Gauge({
    name: 'shop_mails_waiting',
    help: 'Mails in the outbox not yet handed over',
    registers: [metrics.registry],
    async collect() {
      this.set(await countWaiting().catch(() => Number.NaN));
    },
  });
}

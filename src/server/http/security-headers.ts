import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com'];
const PAYPAL_IMAGES = [...PAYPAL, 'https://*.paypalobjects.com'];
const GOOGLE_PAY = ['https://pay.google.com'];

/**
 * The shop itself, plus exactly what PayPal's checkout script needs to load and show its buttons,
 * card fields and wallets, and Google's Pay API script (each from where the settings say).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  scripts: readonly string[],
) {
  const https = publicUrl.startsWith('https://');
  const payments = [
    ...new Set([...PAYPAL, ...GOOGLE_PAY, ...scripts.map((script) => new URL(script).origin)]),
  ];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...payments],
        // PayPal's buttons style their own elements inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...PAYPAL_IMAGES, ...GOOGLE_PAY],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...payments],
        frameSrc: payments,
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http (a shop tried out on localhost) HSTS would only get in the way.
    strictTransportSecurity: https ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
}

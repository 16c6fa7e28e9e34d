import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com'];
const PAYPAL_IMAGES = [...PAYPAL, 'https://*.paypalobjects.com'];

/** The shop itself, plus exactly what PayPal's checkout script needs to load and show its buttons. */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const https = publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...PAYPAL],
        // PayPal's buttons style their own elements inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...PAYPAL_IMAGES],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...PAYPAL],
        frameSrc: PAYPAL,
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http (a shop tried out on localhost) HSTS would only get in the way.
    strictTransportSecurity: https ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
}

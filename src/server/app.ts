import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import path from 'node:path';
import type { AccountsContext } from './accounts/accounts-context';
import { createGuards } from './accounts/authentication';
import { passwordResetRoutes } from './accounts/password-reset.routes';
import { createTokens } from './accounts/tokens';
import { usersRoutes } from './accounts/users.routes';
import { emailProofRoutes } from './accounts/email-proof.routes';
import { addressBookRoutes } from './accounts/address-book.routes';
import { catalogAdminRoutes } from './catalog/catalog-admin.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { keepShelfIndex } from './catalog/shelf-index';
import { reviewModerationRoutes } from './catalog/review-moderation.routes';
import { keepSearchVocabulary } from './catalog/search-vocabulary';
import { customersRoutes } from './customers/customers.routes';
import type { Config } from './config';
import type { ShopDatabase } from './db/database';
import { isDatabaseUnreachable } from './db/unreachable';
import { deskRoutes } from './desk/desk.routes';
import { clickAndDropRoutes } from './exports/click-and-drop.routes';
import { exportsRoutes } from './exports/exports.routes';
import { registerApiDocs } from './http/api-docs';
import { registerCleanText } from './http/clean-text';
import {
  connectionOptions,
  limitConnectionsPerAddress,
  registerOriginFormOnly,
} from './http/connections';
import { createDraining, registerDraining, type Draining } from './http/draining';
import { registerErrorHandling } from './http/error-handler';
import { registerResponseCache } from './http/response-cache';
import { frameworkErrorOptions } from './http/framework-errors';
import { healthRoutes } from './http/health.routes';
import { accountLimit } from './http/account-limits';
import { GUEST_PAYMENTS_AN_HOUR } from './orders/checkout/buyer';
import { createMetrics, registerMetrics, watchWaitingMails } from './http/metrics';
import { registerPrivateAnswers } from './http/private-answers';
import { connectRedis, registerRateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { loadStorefrontRenderer } from './storefront/storefront-renderer';
import { storefrontRoutes } from './storefront/storefront.routes';
import { SITEMAP_PRODUCTS_PER_READ } from './catalog/sitemap.service';
import { FEED_PRODUCTS_PER_READ } from './catalog/feed-products';
import { feedsRoutes } from './feeds/feeds.routes';
import { consentStillStands } from './consents/consents.service';
import { createMailer } from './mail/mail-sender';
import { createMailTransport } from './mail/mailer';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { scheduleNewsletterSending } from './newsletters/newsletter-sending';
import type { NewsletterMailing } from './newsletters/newsletters.mails';
import { newslettersRoutes } from './newsletters/newsletters.routes';
import type { NewslettersContext } from './newsletters/newsletters.service';
import type { NewsletterContext } from './newsletter/newsletter.service';
import { consentRoutes, oneClickUnsubscribeRoutes } from './marketing/marketing.routes';
import { orderDeskRoutes } from './orders/order-desk.routes';
import { orderLifeRoutes } from './orders/order-life.routes';
import { auditRoutes } from './audit/audit.routes';
import { reportsRoutes } from './reports/reports.routes';
import { resumeLeftRefunds } from './orders/after-sale/resume-refunds';
import { scheduleReviewInvitations } from './orders/review-invitations';
import { scheduleForgettingSettledOrders } from './orders/forget-buyer';
import { ordersRoutes } from './orders/orders.routes';
import type { OrdersContext } from './orders/orders-context';
import { reconcilePayments } from './payments/reconciler.service';
import { createPaymentProvider, isTestProvider } from './payments/payment-providers';
import { storedImageRoutes } from './uploads/stored-images.routes';
import { uploadRoutes } from './uploads/upload.routes';
import { giftCardsRoutes } from './gift-cards/gift-cards.routes';
import { voidedGiftCardRefunds } from './orders/after-sale/refund-voided-gift-card';
import { voucherGuesses } from './vouchers/voucher-guesses';
import { vouchersRoutes } from './vouchers/vouchers.routes';
import { promotionsRoutes } from './promotions/promotions.routes';
import { paymentConfigRoutes } from './payments/payments.routes';
import { testApprovalRoutes } from './payments/test-approval.routes';
import { applePayDomainRoutes } from './payments/apple-pay-domain.routes';
import { settingsFromEnvironment } from './settings/environment-defaults';
import { settingsRoutes } from './settings/settings.routes';
import { deliveryRoutes } from './delivery/delivery.routes';
import { dropPagesWhenNoticesTurn } from './delivery/notices-turn';
import { holdSettings } from './settings/shop-settings';
import { shopRoutes } from './shop/shop.routes';
import { poundsToPence } from '../shared/money';
import { stockAlertsRoutes } from './stock-alerts/stock-alerts.routes';
import type { StockAlertsContext } from './stock-alerts/stock-alerts.service';
import { wishlistRoutes } from './wishlist/wishlist.routes';
import { keptBasketsRoutes } from './baskets/kept-baskets.routes';
import type { KeptBasketsContext } from './baskets/kept-baskets.service';
import { scheduleBasketReminders } from './baskets/basket-reminders';
import { OneLineRequestLog, loggerOptions } from './http/request-log';

export interface AppDependencies {
  config: Config;
  database: ShopDatabase;
  /** Where the built browser app lives; defaults to dist/web beside the project. */
  webRoot?: string;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Products a sitemap file reads at once; tests make it small to see others answered between. */
  sitemapProductsPerRead?: number;
  /** Products a product feed reads at once; tests make it small to see a feed read in several. */
  feedProductsPerRead?: number;
  /** How long a mail's sender holds it before another may take it; tests shorten it. */
  mailLeaseMs?: number;
  /** Where the instance is in stopping, which main.ts moves on a SIGTERM; never, unless given. */
  draining?: Draining;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Believes `X-Forwarded-For` as far back as `count` proxies, whatever their addresses. */
const trustNearestProxies = (count: number) => (_address: string, hop: number) => hop < count;

const MAX_PARAM_LENGTH = 2048;

/** How often each instance looks for money a crash or an outage left unsettled. */
const SETTLE_EVERY_MS = 60 * 1000;

/**
 * On start and every minute: refunds a crash left pending are asked for again (orders service),
 * and payments the provider took that never made an order are found and given back (reconciler).
 */
function settleMoneyLeftBehind(app: FastifyInstance, orders: OrdersContext) {
  let running: Promise<void> = Promise.resolve();
  const attempt = (what: string, work: () => Promise<void>) =>
    work().catch((error: unknown) => {
      // While the database is away they wait for it, as every call does; else it is a fault.
      const level = isDatabaseUnreachable(error) ? 'warn' : 'error';
      app.log[level]({ err: error }, `${what} could not be settled`);
    });
  const settle = () => {
    running = running.then(async () => {
      await attempt('refunds left pending', () => resumeLeftRefunds(orders));
      await attempt('payments without an order', () => reconcilePayments(orders));
    });
  };
  const looking = setInterval(settle, SETTLE_EVERY_MS);
  looking.unref();
  app.addHook('onReady', async () => {
    settle();
  });
  app.addHook('onClose', async () => {
    clearInterval(looking);
    await running;
  });
}

/** Builds the whole shop server; it does not listen, so tests can start it where they like. */
export async function buildApp({
  config,
  database,
  webRoot,
  logStream,
  sitemapProductsPerRead = SITEMAP_PRODUCTS_PER_READ,
  feedProductsPerRead = FEED_PRODUCTS_PER_READ,
  mailLeaseMs,
  draining = createDraining(),
}: AppDependencies): Promise<FastifyInstance> {
  const logger = loggerOptions(config);
  const options: FastifyServerOptions = {
    ...(logStream && typeof logger === 'object'
      ? { logger: { ...logger, transport: undefined, stream: logStream } }
      : { logger }),
    logController: new OneLineRequestLog(),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? trustNearestProxies(config.trustProxy)
        : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // An over-long id or token still reaches its route, whose schema answers 400 for it.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    ...connectionOptions,
    ...frameworkErrorOptions,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerOriginFormOnly(app);
  if (config.trustProxy === false) limitConnectionsPerAddress(app);
  registerCleanText(app);
  registerDraining(app, draining);

  // First of the hooks: an answer from memory is sent as it arrives, with the headers (security
  // headers among them) it was first sent with.
  const watch = await database.watchCatalogue(app.log);
  registerResponseCache(app, { watch, maxBytes: config.cacheMaxBytes });
  // Read from memory by every call that shows one; the environment writes them on a new shop.
  const settings = await holdSettings(database, {
    defaults: settingsFromEnvironment(config),
    watch,
    log: app.log,
  });
  app.addHook('onClose', () => settings.close());
  // Pages carry the day's banner and holiday: kept ones go when the day turns to another's.
  const noticesTurn = dropPagesWhenNoticesTurn(settings, watch);
  app.addHook('onClose', () => {
    noticesTurn.close();
  });
  await registerSecurityHeaders(app, config.publicUrl, [
    config.payment.sdkUrl,
    config.payment.googlePaySdkUrl,
  ]);
  registerPrivateAnswers(app);
  const metrics = createMetrics();
  registerMetrics(app, metrics, {
    token: config.metricsToken,
    answersFromMemory: () => app.responseCache.stats().hits,
  });
  const redis = await connectRedis(app, config.redisUrl);
  registerRateLimits(app, redis);
  await registerApiDocs(app);

  const tokens = createTokens(config.jwtSecret);
  const guards = createGuards(database, tokens);
  app.decorateRequest('user', null);
  const mailer = createMailer({
    db: database.db,
    transport: createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    log: app.log,
    observe: (event) => metrics.mail(event),
    leaseMs: mailLeaseMs,
    unsubscribe: {
      publicUrl: config.publicUrl,
      secret: config.jwtSecret,
      // The shop's own address, which its owner reads: a mail program's unsubscribe mail lands there.
      mailbox: () => settings.current().shop.email,
    },
    consentStands: consentStillStands,
  });
  watchWaitingMails(metrics, () => mailer.waiting());
  // The mails being stored are kept; what waits, another instance (or the next start) sends.
  app.addHook('onClose', () => mailer.close());
  const accounts: AccountsContext = {
    database,
    tokens,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    // A getter: closing an account mails the shop at the address the settings hold then.
    get trader() {
      return settings.current().shop;
    },
    passwordHashCost: config.passwordHashCost,
    limits: {
      signInFailures: accountLimit(redis, {
        name: 'sign-in',
        attempts: 10,
        windowSeconds: 15 * 60,
      }),
      passwordResets: accountLimit(redis, { name: 'reset', attempts: 5, windowSeconds: 60 * 60 }),
      emailProofs: accountLimit(redis, {
        name: 'email-proof',
        attempts: 5,
        windowSeconds: 60 * 60,
      }),
    },
  };

  const newsletter: NewsletterContext = {
    database,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
  };

  const mailing: NewsletterMailing = {
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    // A getter: each newsletter mail carries the shop's details held when it is made.
    get trader() {
      return settings.current().shop;
    },
  };
  const newsletters: NewslettersContext = {
    database,
    mailer,
    mailing,
    testMails: accountLimit(redis, {
      name: 'newsletter-tests',
      attempts: 10,
      windowSeconds: 60 * 60,
    }),
  };
  scheduleNewsletterSending(app, {
    database,
    mailer,
    mailing,
    get pace() {
      return settings.current().newsletter;
    },
    log: app.log,
  });

  const alerts: StockAlertsContext = {
    database,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    log: app.log,
  };

  const guesses = voucherGuesses(
    accountLimit(redis, { name: 'voucher-lookups', attempts: 30, windowSeconds: 60 * 60 }),
  );
  const paymentProvider = createPaymentProvider(config.payment, database, app.log);
  const orders: OrdersContext = {
    database,
    payments: metrics.countedProvider(paymentProvider),
    mailer,
    publicUrl: config.publicUrl,
    // Getters: each order priced or mailed reads the settings held at that moment.
    get trader() {
      return settings.current().shop;
    },
    log: app.log,
    alerts,
    voucherGuesses: guesses,
    get giftWrapPence() {
      return poundsToPence(settings.current().giftWrap.price);
    },
    get delivery() {
      return settings.current();
    },
    get paymentSettings() {
      return settings.current().payments;
    },
    get giftCards() {
      return settings.current().giftCards;
    },
    guestPayments: accountLimit(redis, {
      name: 'guest-payments',
      attempts: GUEST_PAYMENTS_AN_HOUR,
      windowSeconds: 60 * 60,
    }),
  };
  settleMoneyLeftBehind(app, orders);
  scheduleReviewInvitations(app, orders);
  const baskets: KeptBasketsContext = {
    database,
    guestBaskets: accountLimit(redis, {
      name: 'guest-baskets',
      attempts: 5,
      windowSeconds: 60 * 60,
    }),
  };
  // Each pass reads the shop's details and the reminders' timing as the settings hold them then.
  scheduleBasketReminders(app, () => ({
    database,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    trader: settings.current().shop,
    reminders: settings.current().reminders,
    log: app.log,
  }));
  scheduleForgettingSettledOrders(app, orders);
  keepSearchVocabulary(app, database, {
    log: app.log,
    // Searches that found nothing were answered from the words known before.
    moved: () => watch.listingsChangedHere(),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, draining });
      await api.register(catalogRoutes, {
        database,
        guards,
        settings,
        shelves: keepShelfIndex(database, watch),
      });
      await api.register(reviewModerationRoutes, {
        guards,
        reviews: { database, mailer, publicUrl: config.publicUrl, settings },
      });
      await api.register(catalogAdminRoutes, {
        database,
        guards,
        alerts,
        settings,
      });
      await api.register(stockAlertsRoutes, { alerts });
      await api.register(usersRoutes, { accounts, guards });
      await api.register(emailProofRoutes, { accounts, guards });
      await api.register(addressBookRoutes, { database, guards });
      await api.register(wishlistRoutes, { database, guards });
      await api.register(keptBasketsRoutes, { baskets, guards });
      await api.register(passwordResetRoutes, { accounts });
      await api.register(newsletterRoutes, { guards, newsletter });
      await api.register(consentRoutes, { guards, marketing: newsletter });
      await api.register(newslettersRoutes, { guards, context: newsletters });
      await api.register(oneClickUnsubscribeRoutes, {
        marketing: newsletter,
        doc: { tags: ['newsletter'], operationId: 'postUnsubscribe' },
      });
      await api.register(paymentConfigRoutes, { payment: config.payment, settings });
      if (isTestProvider(paymentProvider)) {
        await api.register(testApprovalRoutes, { database, provider: paymentProvider });
      }
      await api.register(shopRoutes, { settings });
      await api.register(deliveryRoutes, { database, settings });
      await api.register(settingsRoutes, { guards, context: { database, settings } });
      await api.register(vouchersRoutes, { database, settings, guards, guesses });
      await api.register(giftCardsRoutes, {
        guards,
        // The same count as the vouchers': a code of either kind is one of the 30 an hour.
        guesses,
        context: {
          database,
          mailing: {
            mailer,
            publicUrl: config.publicUrl,
            // A getter: each mail carries the shop's details held at that moment.
            get trader() {
              return settings.current().shop;
            },
          },
          refunds: voidedGiftCardRefunds(orders),
        },
      });
      await api.register(promotionsRoutes, { guards, context: { database, settings } });
      await api.register(uploadRoutes, { guards, database });
      await api.register(ordersRoutes, { guards, orders });
      await api.register(orderLifeRoutes, { guards, orders });
      await api.register(deskRoutes, { guards, desk: { database, settings } });
      await api.register(customersRoutes, { guards, database });
      await api.register(orderDeskRoutes, { guards, orders });
      await api.register(auditRoutes, { guards, database });
      await api.register(exportsRoutes, { guards, database, alerts });
      await api.register(clickAndDropRoutes, { guards, orders });
      await api.register(reportsRoutes, { guards, reports: { database, settings } });
    },
    { prefix: '/api' },
  );

  // The address in a marketing mail's List-Unsubscribe: a mail program POSTs to the page's own.
  await app.register(oneClickUnsubscribeRoutes, {
    marketing: newsletter,
    doc: { tags: ['storefront'], operationId: 'postUnsubscribePage' },
  });
  await app.register(applePayDomainRoutes, { settings });
  await app.register(storedImageRoutes, {
    database,
    uploadsFolder: path.join(config.dataDir, 'uploads'),
  });
  await app.register(feedsRoutes, {
    database,
    settings,
    publicUrl: config.publicUrl,
    perRead: feedProductsPerRead,
  });
  const webAppRoot = webRoot ?? path.resolve('dist/web');
  const hasApp = await registerWebApp(app, webAppRoot);
  await app.register(storefrontRoutes, {
    database,
    publicUrl: config.publicUrl,
    renderer: hasApp ? await loadStorefrontRenderer(webAppRoot, config.publicUrl) : undefined,
    hasApp,
    sitemap: { perFile: config.sitemapUrlsPerFile, perRead: sitemapProductsPerRead },
  });
  return app;
}

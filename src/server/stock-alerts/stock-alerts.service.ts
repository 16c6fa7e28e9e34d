import type { FastifyBaseLogger } from 'fastify';
import { SHOP_NAME } from '../../shared/settings/shop';
import {
  ALERT_CANCELLED_MESSAGE,
  ALERT_SET_MESSAGE,
  type StockAlertBody,
} from '../../shared/stock-alerts/stock-alerts';
import { variantLabel } from '../../shared/catalog/variants';
import { chosenVariant, liveProduct, type ProductRecord } from '../catalog/stock.service';
import type { ShopDatabase } from '../db/database';
import { newId } from '../sql/ids';
import { ShopError } from '../http/errors';
import { idOfSignedToken, signedToken } from '../http/signed-links';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import type { Mailer } from '../mail/mail-sender';
import { addAlert, claimAlerts, removeAlert, type StockAlert } from './stock-alerts.repository';

/** How many shoppers wait for each product and variant: what the owner's desk reads of the alerts. */
export { waitingCounts, type WaitingCount } from './stock-alerts.repository';
/** The alerts a person waits for (their data download), and forgetting them (a closed account). */
export { alertsOf, removeAlertsOf as forgetAlertsOf } from './stock-alerts.repository';

export interface StockAlertsContext {
  database: ShopDatabase;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the links that cancel an alert. */
  secret: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** What a cancel link's signature is for; the same words always, or old links break. */
const CANCEL_ALERT = 'cancel-stock-alert';

/**
 * Asks to be mailed once when a sold-out product or variant is back. Asking twice changes
 * nothing; asking about something in stock now says so.
 */
export async function requestAlert(
  { database }: StockAlertsContext,
  productId: string,
  { email, variant: variantId }: StockAlertBody,
): Promise<{ message: string }> {
  const product = await liveProduct(database.db, productId);
  if (!product) throw new ShopError('PRODUCT_NOT_FOUND', 'Product not found');
  const variant = chosenVariant(product, variantId);
  if ((variant ?? product).countInStock > 0) {
    throw new ShopError('ALREADY_IN_STOCK', "Good news: it's in stock now, so you can order it");
  }
  await addAlert(database.db, {
    id: newId(),
    productId: product.id,
    variantId: variant?.id ?? null,
    email,
  });
  return { message: ALERT_SET_MESSAGE };
}

export async function cancelAlert(
  { database, secret }: StockAlertsContext,
  token: string,
): Promise<{ message: string }> {
  const id = idOfSignedToken(secret, CANCEL_ALERT, token);
  if (!id) throw new ShopError('ALERT_LINK_INVALID', 'That link to cancel an alert is not valid');
  await removeAlert(database.db, id);
  return { message: ALERT_CANCELLED_MESSAGE };
}

function backInStockMail(
  context: StockAlertsContext,
  product: ProductRecord,
  alert: StockAlert,
): Mail {
  const variant = product.variants.find((candidate) => candidate.id === alert.variantId);
  const what = variant
    ? `${product.name} (${variantLabel(product.options, variant.options)})`
    : product.name;
  const link = `${context.publicUrl}/product/${product.id}${variant ? `?variant=${variant.id}` : ''}`;
  const cancel = `${context.publicUrl}/stock-alerts/cancel/${signedToken(context.secret, CANCEL_ALERT, alert.id)}`;
  return {
    to: alert.email,
    subject: `Back in stock: ${what}`,
    text: `Good news: ${what} is back in stock at ${SHOP_NAME}.\n\nSee it here: ${link}\n\nThis was a one-off alert, so we will not write about it again. If you would rather we had not, cancel any alert like it here: ${cancel}\n\n${SHOP_NAME}`,
    html: mailPage(
      SHOP_NAME,
      `<p>Good news: <strong>${escapeHtml(what)}</strong> is back in stock.</p>
<p><a href="${escapeHtml(link)}">See it in the shop</a></p>
<p style="font-size:13px;color:#6b6358">This was a one-off alert, so we will not write about it again. <a href="${escapeHtml(cancel)}">Cancel this alert</a></p>`,
    ),
    headers: { 'List-Unsubscribe': `<${cancel}>` },
  };
}

/**
 * Mails every address waiting for something of these products that is in stock now, once: each
 * alert is spent as its mail is stored, in one transaction. Call after a change that may have
 * restocked them has committed (an owner's edit, a cancellation, a restocked refund). It never
 * throws: a failure to announce must not undo the change that caused it.
 */
export async function announceBackInStock(
  context: StockAlertsContext,
  productIds: Iterable<string>,
): Promise<void> {
  for (const productId of new Set(productIds)) {
    try {
      const product = await liveProduct(context.database.db, productId);
      if (!product) continue;
      const inStock =
        product.variants.length === 0
          ? product.countInStock > 0
            ? [null]
            : []
          : product.variants
              .filter((variant) => variant.countInStock > 0)
              .map((variant) => variant.id);
      // An alert is spent only with its mail stored: if the mails cannot be kept, the alerts
      // wait for the next restock.
      const queued = await context.database.db.transaction().execute(async (trx) => {
        const alerts = await claimAlerts(trx, productId, inStock);
        for (const alert of alerts) {
          await context.mailer.queue(backInStockMail(context, product, alert), trx);
        }
        return alerts.length;
      });
      if (queued > 0) context.mailer.deliverDue();
    } catch (error) {
      context.log.error({ err: error, productId }, 'back-in-stock alerts could not be sent');
    }
  }
}

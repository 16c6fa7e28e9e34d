import { DEMO_DELIVERY_SERVICES, NEW_SHOP_DISPATCH } from '../../shared/delivery/delivery-settings';
import { NEW_SHOP_GIFT_CARDS } from '../../shared/gift-cards/gift-cards';
import { NEW_SHOP_NEWSLETTER } from '../../shared/newsletters/newsletters';
import { penceToPounds } from '../../shared/money';
import { NEW_SHOP_PAYMENTS } from '../../shared/payments/payment-methods';
import { RETURN_WINDOW_DAYS } from '../../shared/orders/order-status';
import {
  NEW_SHOP_REMINDERS,
  settingsSectionsSchema,
  type SettingsSections,
} from '../../shared/settings/settings';
import type { Config } from '../config';

/** What a new shop tells those who collect, until the owner writes their own. */
const COLLECTION_INSTRUCTIONS =
  'Collect Monday to Friday, 10:00 to 16:00, once we have emailed you that your order is ready. ' +
  'Bring the order number.';

/**
 * The settings a new shop starts with: who sells, gift wrap, low stock and VAT as the environment
 * says (`SHOP_*`, `GIFT_WRAP_PRICE`, `LOW_STOCK`, `VAT_*`), the rest as the shop has always
 * worked (a 14-day return window, return postage the customer's, reviews shown at once, gift
 * cards lasting 24 months and multi-purpose for VAT, basket reminders after an hour, a day and
 * three days, newsletters queued at 60 mails a minute), and
 * Royal Mail's services, posted on weekdays by 2pm, with collection from the shop's address. Also what
 * a section missing from a saved document is taken to be, so that a section added later needs no
 * migration of the documents saved before it.
 */
export function settingsFromEnvironment(
  config: Pick<Config, 'trader' | 'giftWrapPence' | 'lowStock' | 'vat'>,
): SettingsSections {
  const defaults = settingsSectionsSchema.safeParse({
    shop: config.trader,
    giftWrap: { price: penceToPounds(config.giftWrapPence) },
    lowStock: config.lowStock,
    vat: config.vat,
    returns: { days: RETURN_WINDOW_DAYS, freeReturns: false },
    reviews: { holdNew: false },
    dispatch: NEW_SHOP_DISPATCH,
    banner: null,
    holiday: null,
    delivery: { services: DEMO_DELIVERY_SERVICES },
    collection: {
      address: config.trader.address,
      instructions: COLLECTION_INSTRUCTIONS,
    },
    payments: NEW_SHOP_PAYMENTS,
    giftCards: NEW_SHOP_GIFT_CARDS,
    reminders: NEW_SHOP_REMINDERS,
    newsletter: NEW_SHOP_NEWSLETTER,
  });
  if (!defaults.success) {
    const [issue] = defaults.error.issues;
    throw new Error(
      `The shop's details in the environment cannot be kept as its settings: ` +
        `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'not valid'}`,
    );
  }
  return defaults.data;
}

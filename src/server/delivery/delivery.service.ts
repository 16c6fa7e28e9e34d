import type { DeliveryAnswer, DeliveryOffer, DeliveryOption } from '../../shared/delivery/delivery';
import type { SettingsSections } from '../../shared/settings/settings';
import { chosenVariant, findProducts, itemWeightGrams } from '../catalog/stock.service';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { cutOffMoment, holdOf, ukDayOf } from './delivery-dates';
import { makingOf, type Making } from '../../shared/catalog/made-for-you';
import {
  deliveryOptions,
  showingOn,
  type BasketMeasure,
  type DeliveryTerms,
} from './delivery-options';

/** A basket as `?items=` names it. */
export interface AskedLine {
  product: string;
  variant: string | undefined;
  qty: number;
}

/** What a basket weighs and comes to at today's prices; 404 for a product not on sale. */
async function measureOf(db: Db, lines: readonly AskedLine[], at: Date): Promise<BasketMeasure> {
  const products = new Map(
    (await findProducts(db, [...new Set(lines.map((line) => line.product))])).map((product) => [
      product.id,
      product,
    ]),
  );
  let itemsPence = 0;
  let weightGrams = 0;
  const makings: (Making | null)[] = [];
  for (const line of lines) {
    const product = products.get(line.product);
    if (product?.status !== 'live') {
      throw new ShopError('PRODUCT_UNAVAILABLE', 'One of those products is no longer sold');
    }
    const variant = chosenVariant(product, line.variant);
    itemsPence += (variant ?? product).pricePence * line.qty;
    weightGrams += itemWeightGrams(product, variant) * line.qty;
    makings.push(makingOf(product, variant, ukDayOf(at)));
  }
  const itemCount = lines.reduce((sum, line) => sum + line.qty, 0);
  return { itemsPence, discountedPence: itemsPence, itemCount, weightGrams, hold: holdOf(makings) };
}

/** What the answer tells of each service besides the quote's option: its days, threshold, cover. */
function offersOf(options: readonly DeliveryOption[], terms: DeliveryTerms): DeliveryOffer[] {
  const services = new Map(terms.delivery.services.map((service) => [service.id, service]));
  return options.flatMap((option) => {
    const service = services.get(option.id);
    return service
      ? [{ ...option, days: service.days, freeOver: service.freeOver, cover: service.cover }]
      : [];
  });
}

/**
 * The services a basket may use now, with their prices and dates, cheapest first; without one,
 * every service on offer. With the holiday and banner shoppers are told of today, the moment
 * until which these dates hold, and the handling days and returns the product pages' structured
 * data tells search engines of.
 */
export async function deliveryFor(
  db: Db,
  terms: DeliveryTerms & Pick<SettingsSections, 'banner' | 'returns'>,
  lines: readonly AskedLine[] | undefined,
  at = new Date(),
): Promise<DeliveryAnswer> {
  const measure = lines === undefined ? undefined : await measureOf(db, lines, at);
  const services = deliveryOptions(terms, measure, at);
  return {
    services: offersOf(services, terms),
    dispatchCutOff: cutOffMoment(at, terms.dispatch),
    holiday: showingOn(terms.holiday, at),
    banner: showingOn(terms.banner, at),
    collection: services.some((service) => service.collect) ? terms.collection : null,
    handlingDays: terms.dispatch.handlingDays,
    returns: { days: terms.returns.days, freeReturns: terms.returns.freeReturns },
  };
}

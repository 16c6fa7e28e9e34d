import type { OfferTerms } from '../../shared/orders/discounts';
import type { Settings } from '../../shared/settings/settings';
import { findProducts } from '../catalog/stock.service';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';

/**
 * The products and delivery services an offer names exist: a product that is not in the
 * catalogue, or a service the delivery settings do not have, is refused under its field, so no
 * offer is saved that could never apply.
 */
export async function checkOfferReferences(
  db: Db,
  settings: Pick<Settings, 'delivery'>,
  offer: OfferTerms,
): Promise<void> {
  const errors: { path: string; message: string }[] = [];
  const { products } = offer.appliesTo;
  if (products.length > 0) {
    const found = new Set((await findProducts(db, products)).map((product) => product.id));
    const missing = products.filter((id) => !found.has(id));
    if (missing.length > 0) {
      errors.push({
        path: 'appliesTo.products',
        message: `No product has the id ${missing.join(', ')}`,
      });
    }
  }
  const services = new Set(settings.delivery.services.map((service) => service.id));
  const unknown = offer.services.filter((id) => !services.has(id));
  if (unknown.length > 0) {
    errors.push({
      path: 'services',
      message: `No delivery service is called ${unknown.join(', ')}`,
    });
  }
  const first = errors[0];
  if (first) throw new ShopError('VALIDATION_FAILED', first.message, errors);
}

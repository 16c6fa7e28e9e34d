import {
  missingForDelivery,
  type OrderAddressBody,
  type ShippingAddress,
} from '../../../shared/accounts/addresses';
import type { DeliveryOption } from '../../../shared/delivery/delivery';
import { ShopError } from '../../http/errors';
import { BY_EMAIL } from './gift-card-lines';

const NOWHERE = { address: '', line2: '', city: '', county: '', postalCode: '' };

/**
 * The address an order keeps for the service chosen: a collect order's name and phone number
 * (no street: nothing is sent), an order of gift cards alone the name only (they go by email),
 * an order sent's whole address. 400 naming each field missing.
 */
export function addressForDelivery(
  address: OrderAddressBody,
  delivery: Pick<DeliveryOption, 'collect' | 'id'>,
): ShippingAddress {
  if (delivery.id === BY_EMAIL) return { ...address, ...NOWHERE };
  const missing = missingForDelivery(address, delivery.collect);
  const [first] = missing;
  if (first) throw new ShopError('VALIDATION_FAILED', first.message, missing);
  if (delivery.collect) {
    return { ...address, ...NOWHERE };
  }
  return {
    ...address,
    address: address.address ?? '',
    city: address.city ?? '',
    postalCode: address.postalCode ?? '',
  };
}

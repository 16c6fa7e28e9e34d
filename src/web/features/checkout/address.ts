import { useMemo } from 'react';
import { shippingAddressBodySchema, type ShippingAddressBody } from '../../../shared/orders';
import { useBasket } from '../../state/basket-store';

/**
 * The stored delivery address when it would pass the server's checks; otherwise none, and checkout
 * goes back to the address form.
 */
export function useDeliveryAddress(): ShippingAddressBody | null {
  const stored = useBasket((state) => state.shippingAddress);
  return useMemo(() => {
    const parsed = shippingAddressBodySchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  }, [stored]);
}

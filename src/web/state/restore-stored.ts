import * as z from 'zod/mini';
import { basketItemSchema } from '../../shared/orders/basket-item';
import { keptBasketParamsSchema } from '../../shared/baskets/baskets';
import { emailSchema, shortTextSchema } from '../../shared/fields';
import { PAYMENT_METHOD } from '../../shared/settings/shop';
import { useBasket } from './basket-store';
import { useSession } from './session-store';
import { wishlistEntrySchema, WISHLIST_LIMIT } from '../../shared/wishlist/wishlist';
import { useGuestWishlist } from './wishlist-store';
import { RECENTLY_VIEWED_LIMIT, useRecentlyViewed } from './recently-viewed-store';
import { readStored } from './stored';
import {
  deliveryChoiceSchema,
  productIdSchema,
  storedAddressSchema,
  storedUserInfoSchema,
  voucherCodeSchema,
} from './stored-shapes';

/**
 * Puts back what this browser kept from an earlier visit: the basket, the delivery address, the
 * delivery service chosen, the payment method, the voucher applied, the token of a basket the shop keeps, the session, a guest's wishlist and the products opened lately. Each is checked as it
 * is read; anything missing, broken or tampered with is left out. The app loads this module only
 * when something is kept, so a first visit's page carries none of these checks.
 */
export function restoreStored(): void {
  useBasket.setState({
    basketItems: readStored('basketItems', z.array(basketItemSchema), []),
    shippingAddress: readStored('shippingAddress', z.nullable(storedAddressSchema), null),
    paymentMethod: readStored('paymentMethod', z.string(), PAYMENT_METHOD),
    // Only a code: the place-order screen asks the shop again what it is worth.
    voucherCode: readStored('voucherCode', z.nullable(voucherCodeSchema), null),
    guestEmail: readStored('guestEmail', z.nullable(emailSchema), null),
    guestName: readStored('guestName', z.nullable(shortTextSchema('your name')), null),
    // Only an id: the basket asks the shop whether it may still use that service.
    delivery: readStored('delivery', z.nullable(deliveryChoiceSchema), null),
    keptToken: readStored('keptBasketToken', z.nullable(keptBasketParamsSchema.shape.token), null),
  });
  useSession.setState({ userInfo: readStored('userInfo', z.nullable(storedUserInfoSchema), null) });
  useGuestWishlist.setState({
    entries: readStored('wishlist', z.array(wishlistEntrySchema), []).slice(0, WISHLIST_LIMIT),
  });
  useRecentlyViewed.setState({
    ids: readStored('recentlyViewed', z.array(productIdSchema), []).slice(0, RECENTLY_VIEWED_LIMIT),
  });
}

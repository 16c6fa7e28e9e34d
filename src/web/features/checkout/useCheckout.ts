import { useNavigate } from 'react-router';
import type { BasketItem } from '../../../shared/basket';
import { PAYMENT_METHOD, type ShippingAddressBody } from '../../../shared/orders';
import { startPayment, submitOrder, useRememberNewOrder } from '../../api/orders';
import { useBasket } from '../../state/basket-store';
import { showToast } from '../../state/toast-store';
import { TOAST } from '../../ui/messages';

export interface CheckoutInput {
  items: readonly BasketItem[];
  address: ShippingAddressBody;
  /** The code of a voucher the server has accepted, if any. */
  voucherCode: string | undefined;
  notes: string;
}

/** The two calls of paying, whichever button starts them. */
export interface Checkout {
  /** Opens a payment for the basket as the server prices it; answers the provider's payment id. */
  startPayment: () => Promise<string>;
  /** Records the order for an approved payment, empties the basket and opens the order page. */
  completeOrder: (paymentId: string) => Promise<void>;
}

export function useCheckout({ items, address, voucherCode, notes }: CheckoutInput): Checkout {
  const navigate = useNavigate();
  const rememberNewOrder = useRememberNewOrder();
  const resetBasket = useBasket((state) => state.reset);
  const orderItems = items.map(({ product, qty }) => ({ product, qty }));

  return {
    startPayment: async () => {
      const payment = await startPayment({
        orderItems,
        shippingAddress: address,
        voucher: voucherCode,
      });
      return payment.id;
    },
    completeOrder: async (paymentId) => {
      const order = await submitOrder({
        orderItems: items.map(({ product, qty, name, brand, image, price }) => ({
          product,
          qty,
          name,
          brand,
          image,
          price,
        })),
        shippingAddress: address,
        paymentMethod: PAYMENT_METHOD,
        voucher: voucherCode,
        notes,
        paymentResult: { id: paymentId },
      });
      rememberNewOrder(order);
      // Leave first, so the checkout never flashes an empty basket; the address stays stored.
      void navigate(`/account/order/${order._id}`, { replace: true });
      resetBasket();
      showToast(TOAST.orderPlaced);
    },
  };
}

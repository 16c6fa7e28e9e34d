import type { SubmitEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PAYMENT_METHOD } from '../../../shared/settings/shop';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useBasket } from '../../state/basket-store';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { useAnyOrderAddress } from './address';
import { CheckoutSteps } from './CheckoutSteps';

/**
 * Every way to pay goes through PayPal: its buttons, and the cards and wallets the owner has on,
 * are offered together on the last step, where the shopper pays.
 */
export function PaymentMethodPage() {
  const navigate = useNavigate();
  // Whether it suits the service chosen is checked where the order is placed.
  const hasAddress = useAnyOrderAddress();
  const savePaymentMethod = useBasket((state) => state.savePaymentMethod);
  if (!hasAddress) return <Navigate to="/checkout/shipping" replace />;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    savePaymentMethod(PAYMENT_METHOD);
    void navigate('/checkout/placeorder');
  };

  return (
    <div className="mx-auto max-w-md">
      <title>{`Payment method | ${SHOP_NAME}`}</title>
      <CheckoutSteps current="placeOrder" />
      <PageHeading>Payment method</PageHeading>
      <form className="flex flex-col gap-6" onSubmit={submit}>
        <fieldset>
          <legend className="mb-3 text-sm font-medium">How would you like to pay?</legend>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-shop border border-line bg-surface px-4 py-3">
            <input
              type="radio"
              name="paymentMethod"
              value={PAYMENT_METHOD}
              defaultChecked
              className="size-5 accent-accent"
            />
            <span>PayPal or credit card</span>
          </label>
        </fieldset>
        <Button type="submit">Continue</Button>
      </form>
    </div>
  );
}

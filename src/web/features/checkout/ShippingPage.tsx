import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { shippingAddressBodySchema, UK } from '../../../shared/addresses';
import { SHOP_NAME } from '../../../shared/shop';
import { useBasket } from '../../state/basket-store';
import { useSession } from '../../state/session-store';
import { Button } from '../../ui/Button';
import { FieldError, FieldHint, TextField } from '../../ui/FormField';
import { PageHeading } from '../../ui/PageHeading';
import { addressFormStart, useDeliveryAddress } from './address';
import { CheckoutSteps } from './CheckoutSteps';

export const RECIPIENT_HINT =
  'The person the parcel is for: you, or someone you are sending a gift to.';
export const PHONE_HINT = 'Only used if the courier needs to reach you.';
export const CHECK_STORED_ADDRESS =
  'Please check your delivery address: we now ask for a little more, such as who the parcel is for.';

/** The country is not a choice: it is shown, with why the stored one could not be kept. */
function Country({ problem }: { problem: string | undefined }) {
  const id = useId();
  return (
    <div>
      <p className="text-sm font-medium">Country</p>
      <p className="mt-1.5">{UK}</p>
      <FieldHint id={`${id}-hint`}>We deliver within the UK only.</FieldHint>
      <FieldError id={`${id}-error`} error={problem} />
    </div>
  );
}

/** Where the order goes (UK only), kept in the browser for the next order too. */
export function ShippingPage() {
  const navigate = useNavigate();
  const shopperName = useSession((state) => state.userInfo?.name);
  const saved = useBasket((state) => state.shippingAddress);
  const saveShippingAddress = useBasket((state) => state.saveShippingAddress);
  const usable = useDeliveryAddress();
  // Worked out once: the form keeps what the shopper types from here on.
  const [start] = useState(() => addressFormStart(saved, shopperName));
  const needsChecking = saved !== null && usable === null;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(shippingAddressBodySchema),
    defaultValues: start.values,
  });

  const submit = handleSubmit((address) => {
    saveShippingAddress(address);
    void navigate('/checkout/payment');
  });

  return (
    <div className="mx-auto max-w-md">
      <title>{`Shipping | ${SHOP_NAME}`}</title>
      <CheckoutSteps current="shipping" />
      <PageHeading lead="Where should we send your order?">Shipping</PageHeading>
      {needsChecking && (
        <p role="status" className="mb-6 rounded-shop bg-accent-soft px-4 py-3">
          {CHECK_STORED_ADDRESS}
        </p>
      )}
      <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Recipient's name"
          hint={RECIPIENT_HINT}
          autoComplete="shipping name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Address line 1"
          autoComplete="shipping address-line1"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="Address line 2 (optional)"
          autoComplete="shipping address-line2"
          error={errors.line2?.message}
          {...register('line2')}
        />
        <TextField
          label="Town or city"
          autoComplete="shipping address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="County (optional)"
          autoComplete="shipping address-level1"
          error={errors.county?.message}
          {...register('county')}
        />
        <TextField
          label="Postcode"
          autoComplete="shipping postal-code"
          autoCapitalize="characters"
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
        <Country problem={errors.country?.message ?? start.countryProblem} />
        <TextField
          label="Phone (optional)"
          type="tel"
          hint={PHONE_HINT}
          autoComplete="shipping tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Button type="submit">Continue</Button>
      </form>
    </div>
  );
}

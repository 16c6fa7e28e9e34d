import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { shippingAddressBodySchema } from '../../../shared/orders';
import { SHOP_NAME } from '../../../shared/shop';
import { useBasket } from '../../state/basket-store';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/FormField';
import { PageHeading } from '../../ui/PageHeading';
import { CheckoutSteps } from './CheckoutSteps';

const BLANK = { address: '', city: '', postalCode: '', country: '' };

/** Where the order goes (UK only), kept in the browser for the next order too. */
export function ShippingPage() {
  const navigate = useNavigate();
  const saved = useBasket((state) => state.shippingAddress);
  const saveShippingAddress = useBasket((state) => state.saveShippingAddress);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(shippingAddressBodySchema),
    defaultValues: saved ?? BLANK,
  });

  const submit = handleSubmit((address) => {
    saveShippingAddress(address);
    void navigate('/checkout/payment');
  });

  return (
    <div className="mx-auto max-w-md">
      <title>{`Shipping | ${SHOP_NAME}`}</title>
      <CheckoutSteps current="shipping" />
      <PageHeading lead="We deliver within the UK only.">Shipping</PageHeading>
      <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
        <TextField
          label="Country"
          autoComplete="country-name"
          error={errors.country?.message}
          {...register('country')}
        />
        <Button type="submit">Continue</Button>
      </form>
    </div>
  );
}

import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { UK, type ShippingAddressInput } from '../../shared/accounts/addresses';
import { FieldError, FieldHint, TextField } from './FormField';

export const RECIPIENT_HINT =
  'The person the parcel is for: you, or someone you are sending a gift to.';
export const PHONE_HINT = 'Only used if the courier needs to reach you.';

/** The country is not a choice: it is shown, with why a stored one could not be kept. */
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

interface AddressFieldsProps {
  register: UseFormRegister<ShippingAddressInput>;
  errors: FieldErrors<ShippingAddressInput>;
  /** Why the address the form started from cannot be sent to, when it was abroad. */
  countryProblem?: string | undefined;
}

/**
 * The fields of a UK delivery address, for a form checked with `shippingAddressBodySchema`: the
 * checkout's shipping step and the address book edit the same address the same way.
 */
export function AddressFields({ register, errors, countryProblem }: AddressFieldsProps) {
  return (
    <>
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
      <Country problem={errors.country?.message ?? countryProblem} />
      <TextField
        label="Phone (optional)"
        type="tel"
        hint={PHONE_HINT}
        autoComplete="shipping tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
    </>
  );
}

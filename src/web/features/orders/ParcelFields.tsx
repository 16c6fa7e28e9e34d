import type { UseFormRegisterReturn } from 'react-hook-form';
import { CARRIERS } from '../../../shared/orders/parcels';
import { SelectField, TextField } from '../../ui/FormField';

/**
 * The carrier and tracking number of a parcel, as dispatching an order and correcting its
 * tracking ask them; `none` names a choice of no carrier where the form allows one.
 */
export function ParcelFields({
  carrier,
  trackingNumber,
  errors,
  none,
}: {
  carrier: UseFormRegisterReturn;
  trackingNumber: UseFormRegisterReturn;
  errors: { carrier?: string | undefined; trackingNumber?: string | undefined };
  none?: string;
}) {
  return (
    <>
      <SelectField label="Carrier" error={errors.carrier} {...carrier}>
        {none !== undefined && <option value="">{none}</option>}
        {CARRIERS.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Tracking number"
        autoComplete="off"
        error={errors.trackingNumber}
        {...trackingNumber}
      />
    </>
  );
}

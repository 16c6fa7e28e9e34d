import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { addressOf, type SavedAddress } from '../../../shared/accounts/address-book';
import { shippingAddressBodySchema } from '../../../shared/accounts/addresses';
import { useChangeAddress } from '../../api/address-book';
import { AddressFields } from '../../ui/AddressFields';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';

/** One saved address, changed in place; the first field has the focus as it opens. */
export function AddressEditForm({
  address,
  onDone,
}: {
  address: SavedAddress;
  /** Closes the form: `saved` says whether the change was kept. */
  onDone: (saved: boolean) => void;
}) {
  const change = useChangeAddress();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(shippingAddressBodySchema),
    defaultValues: addressOf(address),
  });
  useEffect(() => setFocus('name'), [setFocus]);

  const submit = handleSubmit((changed) => {
    if (change.isPending) return;
    change.mutate({ id: address._id, address: changed }, { onSuccess: () => onDone(true) });
  });

  return (
    <form
      noValidate
      aria-label={`Change the address for ${address.name}`}
      className="flex flex-col gap-5"
      onSubmit={(event) => void submit(event)}
    >
      <AddressFields register={register} errors={errors} />
      {change.isError && <ErrorBox error={change.error} title="The address was not saved" />}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={change.isPending}>
          Save address
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

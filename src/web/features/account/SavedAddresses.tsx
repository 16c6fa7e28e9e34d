import { useEffect, useRef, useState } from 'react';
import { addressOf, type SavedAddress } from '../../../shared/accounts/address-book';
import { useAddressBook, useRemoveAddress } from '../../api/address-book';
import { showToast } from '../../state/toast-store';
import { Button, buttonClass } from '../../ui/Button';
import { DeliveryAddress } from '../../ui/DeliveryAddress';
import { ErrorBox } from '../../ui/ErrorBox';
import { Skeleton } from '../../ui/Skeleton';
import { AddressEditForm } from './AddressEditForm';

export const NO_SAVED_ADDRESSES =
  'No saved addresses yet. Tick “Save this address for next time” at checkout to keep one here.';

/** `Ann Archer, 1 Mill Lane`: enough to tell one address from another in a button's name. */
const shortName = (address: SavedAddress) => `${address.name}, ${address.address}`;

function AddressCard({
  address,
  focusEdit,
  onEdit,
  onRemove,
  removing,
}: {
  address: SavedAddress;
  /** The card's Edit button takes the focus back when its form closes. */
  focusEdit: boolean;
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const edit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) edit.current?.focus();
  }, [focusEdit]);
  return (
    <div className="flex flex-col gap-3">
      <DeliveryAddress address={addressOf(address)} />
      {address.phone !== '' && <p className="text-sm text-muted">Phone {address.phone}</p>}
      <div className="flex flex-wrap gap-3">
        <button
          ref={edit}
          type="button"
          className={buttonClass('secondary')}
          aria-label={`Edit ${shortName(address)}`}
          onClick={onEdit}
        >
          Edit
        </button>
        <Button
          variant="quiet"
          aria-label={`Remove ${shortName(address)}`}
          disabled={removing}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </div>
  );
}

/** The customer's saved delivery addresses, to change or remove; they are saved at checkout. */
export function SavedAddresses() {
  const book = useAddressBook();
  const remove = useRemoveAddress();
  const [editing, setEditing] = useState<string | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const removeAddress = (address: SavedAddress) =>
    remove.mutate(address._id, {
      onSuccess: () => {
        showToast('Address removed');
        // Its buttons are gone: the focus waits at the top of the list.
        heading.current?.focus();
      },
    });

  return (
    <section aria-labelledby="saved-addresses-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="saved-addresses-heading" ref={heading} tabIndex={-1} className="text-xl">
        Saved addresses
      </h2>
      {remove.isError && <ErrorBox error={remove.error} title="The address was not removed" />}
      {book.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">Loading your saved addresses…</span>
          <Skeleton className="h-24 w-full" />
        </div>
      ) : book.isError ? (
        <ErrorBox error={book.error} title="Your saved addresses could not be loaded" />
      ) : book.data.length === 0 ? (
        <p className="text-muted">{NO_SAVED_ADDRESSES}</p>
      ) : (
        <ul aria-label="Saved addresses" className="flex flex-col gap-4">
          {book.data.map((address) => (
            <li key={address._id} className="rounded-shop border border-line bg-surface p-4">
              {editing === address._id ? (
                <AddressEditForm
                  address={address}
                  onDone={(saved) => {
                    if (saved) showToast('Address saved');
                    setEditing(null);
                    setReturnTo(address._id);
                  }}
                />
              ) : (
                <AddressCard
                  address={address}
                  focusEdit={returnTo === address._id}
                  removing={remove.isPending && remove.variables === address._id}
                  onEdit={() => {
                    setReturnTo(null);
                    setEditing(address._id);
                  }}
                  onRemove={() => removeAddress(address)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

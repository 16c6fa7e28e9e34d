import type { SavedAddress } from '../../../shared/accounts/address-book';
import { NEW_ADDRESS } from './address';

const option =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-shop border border-line bg-surface ' +
  'px-4 py-3 has-[:checked]:border-ink';
const radio = 'mt-0.5 size-5 shrink-0 accent-accent';

/** Where a saved address is, on one line: its lines, town, county and postcode. */
const whereOf = (address: SavedAddress) =>
  [address.address, address.line2, address.city, address.county, address.postalCode]
    .filter((part) => part !== '')
    .join(', ');

/** The customer's saved addresses to send to, most recently used first, or a new one. */
export function SavedAddressChoice({
  book,
  choice,
  onChoose,
}: {
  book: readonly SavedAddress[];
  choice: string;
  onChoose: (choice: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium">Send it to</legend>
      {book.map((address) => (
        <label key={address._id} className={option}>
          <input
            type="radio"
            name="deliverTo"
            value={address._id}
            checked={choice === address._id}
            onChange={() => onChoose(address._id)}
            className={radio}
            // Read as one sentence, where the card shows who on one line and where on the next.
            aria-label={`${address.name}, ${whereOf(address)}`}
          />
          <span className="min-w-0">
            <span className="block font-medium wrap-anywhere">{address.name}</span>
            <span className="block text-muted wrap-anywhere">{whereOf(address)}</span>
          </span>
        </label>
      ))}
      <label className={option}>
        <input
          type="radio"
          name="deliverTo"
          value={NEW_ADDRESS}
          checked={choice === NEW_ADDRESS}
          onChange={() => onChoose(NEW_ADDRESS)}
          className={radio}
        />
        <span>A new address</span>
      </label>
    </fieldset>
  );
}

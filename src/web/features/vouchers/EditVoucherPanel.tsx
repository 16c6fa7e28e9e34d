import { GuardedPanel } from '../../back-office/unsaved-changes';
import { NewVoucherForm, VoucherForm } from './VoucherForm';

/**
 * A voucher's form in the side panel, which asks before closing over unsaved changes; with no id,
 * the empty form of a voucher not made yet. One panel for both, so that a voucher just made opens
 * in the same guard, with nothing left to ask about the form it came from.
 */
export function EditVoucherPanel({ voucherId }: { voucherId: string | null }) {
  return (
    <GuardedPanel>
      {voucherId === null ? (
        <NewVoucherForm />
      ) : (
        <VoucherForm key={voucherId} voucherId={voucherId} />
      )}
    </GuardedPanel>
  );
}

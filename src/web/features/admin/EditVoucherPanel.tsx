import { GuardedPanel } from './unsaved-changes';
import { VoucherForm } from './VoucherForm';

/** A voucher's form in the side panel, which asks before closing over unsaved changes. */
export function EditVoucherPanel({ voucherId }: { voucherId: string }) {
  return (
    <GuardedPanel>
      <VoucherForm key={voucherId} voucherId={voucherId} />
    </GuardedPanel>
  );
}

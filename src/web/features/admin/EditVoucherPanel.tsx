import { GuardedPanel } from './unsaved-changes';
import { NewVoucherForm, VoucherForm } from './VoucherForm';

/** A voucher's form in the side panel, which asks before closing over unsaved changes. */
export function EditVoucherPanel({ voucherId }: { voucherId: string }) {
  return (
    <GuardedPanel>
      <VoucherForm key={voucherId} voucherId={voucherId} />
    </GuardedPanel>
  );
}

/** An empty voucher form in the side panel: the voucher is made only when it is saved. */
export function NewVoucherPanel() {
  return (
    <GuardedPanel>
      <NewVoucherForm />
    </GuardedPanel>
  );
}

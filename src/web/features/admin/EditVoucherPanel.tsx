import { VoucherForm } from './VoucherForm';

export function EditVoucherPanel({ voucherId }: { voucherId: string }) {
  return <VoucherForm key={voucherId} voucherId={voucherId} />;
}

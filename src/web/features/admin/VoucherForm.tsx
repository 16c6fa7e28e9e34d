import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { AdminVoucher } from '../../../shared/admin';
import { useAdminVoucher, useUpdateVoucher } from '../../api/admin-vouchers';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { FormStatus, TextField } from '../../ui/FormField';
import { Skeleton } from '../../ui/Skeleton';
import { dayOf, poundsText, voucherFormSchema, type VoucherFormValues } from './admin-forms';

export const VOUCHER_SAVED = 'Voucher saved';
export const VOUCHER_DRAFT_NOTE = 'Draft: shoppers cannot use this voucher until it is saved.';

/** Another voucher already has the code (compared without case): said under the code field. */
const isCodeTaken = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'CONFLICT';

function valuesOf(voucher: AdminVoucher): VoucherFormValues {
  return {
    name: voucher.name,
    code: voucher.code,
    discount: poundsText(voucher.discount),
    expires: dayOf(voucher.expires),
  };
}

function VoucherFields({ voucher }: { voucher: AdminVoucher }) {
  const update = useUpdateVoucher();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(voucherFormSchema), defaultValues: valuesOf(voucher) });

  const submit = handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(
      { id: voucher._id, body },
      {
        onSuccess: (saved) => reset(valuesOf(saved)),
        onError: (error) => {
          if (isCodeTaken(error))
            setError('code', { message: error.message }, { shouldFocus: true });
        },
      },
    );
  });

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      {voucher.status === 'draft' && (
        <p className="rounded-shop bg-warning/10 px-4 py-3 text-warning">{VOUCHER_DRAFT_NOTE}</p>
      )}
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Code"
        hint="What shoppers type at checkout: letters, digits, - and _. Case does not matter."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.code?.message}
        {...register('code')}
      />
      <TextField
        label="Discount (£)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.discount?.message}
        {...register('discount')}
      />
      <TextField
        label="Expiry date"
        type="date"
        hint="The voucher works until the end of this day, UK time."
        error={errors.expires?.message}
        {...register('expires')}
      />
      <Button type="submit" disabled={update.isPending}>
        Update
      </Button>
      <FormStatus
        success={update.isSuccess ? VOUCHER_SAVED : null}
        error={isCodeTaken(update.error) ? null : update.error}
      />
    </form>
  );
}

/** Loads one voucher, drafts too, and edits its name, code, discount and expiry. */
export function VoucherForm({ voucherId }: { voucherId: string }) {
  const { data: voucher, isPending, error } = useAdminVoucher(voucherId);
  if (isPending) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true">
        <span className="sr-only">Loading voucher…</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-11 w-1/2" />
      </div>
    );
  }
  if (error) return <ErrorBox error={error} />;
  return <VoucherFields key={voucher._id} voucher={voucher} />;
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { AdminVoucher } from '../../../shared/vouchers';
import { useAdminVoucher, useUpdateVoucher } from '../../api/admin-vouchers';
import { ApiError } from '../../api/client';
import { TextField } from '../../ui/FormField';
import { EditForm, LoadedForm } from './edit-form';
import { dayOf, poundsText, voucherFormSchema, type VoucherFormValues } from './admin-forms';
import { discardQuestion, useUnsavedChanges } from './unsaved-changes';

const VOUCHER_SAVED = 'Voucher saved';
const VOUCHER_DRAFT_NOTE = 'Draft: shoppers cannot use this voucher until it is saved.';

/** Another voucher already has the code (compared without case): said under the code field. */
const isCodeTaken = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'VOUCHER_CODE_TAKEN';

function valuesOf(voucher: AdminVoucher): VoucherFormValues {
  return {
    name: voucher.name,
    code: voucher.code,
    discount: poundsText(voucher.discount),
    expires: dayOf(voucher.expires),
    minSpend: voucher.minSpend === null ? '' : voucher.minSpend.toFixed(2),
    maxUses: voucher.maxUses === null ? '' : String(voucher.maxUses),
    oncePerCustomer: voucher.oncePerCustomer,
  };
}

function VoucherFields({ voucher }: { voucher: AdminVoucher }) {
  const update = useUpdateVoucher();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(voucherFormSchema), defaultValues: valuesOf(voucher) });
  useUnsavedChanges(isDirty ? discardQuestion(voucher.code || 'this draft') : null);

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
    <EditForm
      onSubmit={submit}
      draftNote={voucher.status === 'draft' ? VOUCHER_DRAFT_NOTE : undefined}
      busy={update.isPending}
      success={update.isSuccess ? VOUCHER_SAVED : null}
      error={isCodeTaken(update.error) ? null : update.error}
    >
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
      <TextField
        label="Minimum spend (£)"
        hint="The items in the basket must come to this much. Leave blank for no minimum."
        inputMode="decimal"
        autoComplete="off"
        error={errors.minSpend?.message}
        {...register('minSpend')}
      />
      <TextField
        label="Use limit (orders in all)"
        hint="How many orders may use it, counting every customer. Leave blank for no limit."
        inputMode="numeric"
        autoComplete="off"
        error={errors.maxUses?.message}
        {...register('maxUses')}
      />
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="size-5 accent-accent" {...register('oncePerCustomer')} />
        Once per customer
      </label>
    </EditForm>
  );
}

/** Loads one voucher, drafts too, and edits its name, code, discount, expiry and rules. */
export function VoucherForm({ voucherId }: { voucherId: string }) {
  return (
    <LoadedForm query={useAdminVoucher(voucherId)} loading="Loading voucher…" fields={2}>
      {(voucher) => <VoucherFields key={voucher._id} voucher={voucher} />}
    </LoadedForm>
  );
}

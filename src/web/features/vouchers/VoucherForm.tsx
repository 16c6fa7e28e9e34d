import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { AdminVoucher, VoucherUpdateBody } from '../../../shared/vouchers/vouchers';
import { useAdminVoucher, useCreateVoucher, useUpdateVoucher } from '../../api/admin-vouchers';
import { ApiError } from '../../api/client';
import { usePanels } from '../../state/panel-store';
import { showToast } from '../../state/toast-store';
import { TextField } from '../../ui/FormField';
import { EditForm, LoadedForm } from '../../back-office/edit-form';
import {
  dayOf,
  poundsText,
  voucherFormSchema,
  type VoucherFormValues,
} from '../../back-office/admin-forms';
import { discardQuestion, useUnsavedChanges } from '../../back-office/unsaved-changes';

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

/** A voucher not made yet: every field empty, for the owner to fill in. */
const NEW_VOUCHER: VoucherFormValues = {
  name: '',
  code: '',
  discount: '',
  expires: '',
  minSpend: '',
  maxUses: '',
  oncePerCustomer: false,
};

function useVoucherForm(values: VoucherFormValues) {
  return useForm({ resolver: zodResolver(voucherFormSchema), defaultValues: values });
}
type VoucherFormHandle = UseFormReturn<VoucherFormValues, unknown, VoucherUpdateBody>;

/** Says a code another voucher has under the code field, where the owner will change it. */
const codeTakenUnder = (form: VoucherFormHandle) => (error: Error) => {
  if (isCodeTaken(error)) form.setError('code', { message: error.message }, { shouldFocus: true });
};

function VoucherFields({ voucher }: { voucher: AdminVoucher }) {
  const update = useUpdateVoucher();
  const form = useVoucherForm(valuesOf(voucher));
  useUnsavedChanges(form.formState.isDirty ? discardQuestion(voucher.code || 'this draft') : null);

  const submit = form.handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(
      { id: voucher._id, body },
      { onSuccess: (saved) => form.reset(valuesOf(saved)), onError: codeTakenUnder(form) },
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
      <VoucherInputs form={form} />
    </EditForm>
  );
}

/** The voucher's fields, as a new voucher and a saved one both have them. */
function VoucherInputs({ form }: { form: VoucherFormHandle }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
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
    </>
  );
}

/**
 * A voucher not made yet: nothing is stored until the owner saves a valid one, which is then made
 * live at once and opened as any saved voucher is.
 */
export function NewVoucherForm() {
  const create = useCreateVoucher();
  const openPanel = usePanels((state) => state.open);
  const form = useVoucherForm(NEW_VOUCHER);
  useUnsavedChanges(form.formState.isDirty ? discardQuestion('this new voucher') : null);

  const submit = form.handleSubmit((body) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (made) => {
        form.reset(valuesOf(made));
        showToast(`Voucher ${made.code} made: shoppers can use it now`);
        openPanel({ kind: 'editVoucher', voucherId: made._id });
      },
      onError: codeTakenUnder(form),
    });
  });

  return (
    <EditForm
      onSubmit={submit}
      busy={create.isPending}
      action="Create voucher"
      success={null}
      error={isCodeTaken(create.error) ? null : create.error}
    >
      <VoucherInputs form={form} />
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

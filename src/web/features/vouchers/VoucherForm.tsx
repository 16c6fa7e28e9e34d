import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  FormProvider,
  useForm,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { AdminVoucher } from '../../../shared/vouchers/vouchers';
import { useAdminVoucher, useCreateVoucher, useUpdateVoucher } from '../../api/admin-vouchers';
import { ApiError } from '../../api/client';
import { usePanels } from '../../state/panel-store';
import { showToast } from '../../state/toast-store';
import { FieldHint, TextField } from '../../ui/FormField';
import { EditForm, LoadedForm } from '../../back-office/edit-form';
import { apiFieldProblems } from '../../back-office/offer-form-schema';
import { OfferInputs } from '../../back-office/offer-inputs';
import { discardQuestion, useUnsavedChanges } from '../../back-office/unsaved-changes';
import {
  NEW_VOUCHER,
  VOUCHER_FIELDS,
  voucherFormSchema,
  voucherValuesOf,
  type VoucherFormBody,
  type VoucherFormValues,
} from './voucher-form-schema';

const VOUCHER_SAVED = 'Voucher saved';
const VOUCHER_DRAFT_NOTE = 'Draft: shoppers cannot use this voucher until it is saved.';

/** Another voucher already has the code (compared without case): said under the code field. */
const isCodeTaken = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'VOUCHER_CODE_TAKEN';

function useVoucherForm(values: VoucherFormValues) {
  return useForm({ resolver: zodResolver(voucherFormSchema), defaultValues: values });
}
type VoucherFormHandle = UseFormReturn<VoucherFormValues, unknown, VoucherFormBody>;

/** Whether a refused save is said under the fields, and so not again below the button. */
const saidUnderFields = (error: unknown) =>
  isCodeTaken(error) || apiFieldProblems(VOUCHER_FIELDS, error).length > 0;

/**
 * Says what the server found wrong under the field at fault, where the owner will change it: a
 * code another voucher has, a product or delivery service that is not there.
 */
const problemsUnder = (form: VoucherFormHandle) => (error: Error) => {
  if (isCodeTaken(error)) {
    form.setError('code', { message: error.message }, { shouldFocus: true });
    return;
  }
  apiFieldProblems(VOUCHER_FIELDS, error).forEach(({ field, message }, index) => {
    form.setError(field, { message }, { shouldFocus: index === 0 });
  });
};

function VoucherFields({ voucher }: { voucher: AdminVoucher }) {
  const update = useUpdateVoucher();
  const form = useVoucherForm(voucherValuesOf(voucher));
  useUnsavedChanges(form.formState.isDirty ? discardQuestion(voucher.code || 'this draft') : null);

  const submit = form.handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(
      { id: voucher._id, body },
      { onSuccess: (saved) => form.reset(voucherValuesOf(saved)), onError: problemsUnder(form) },
    );
  });

  return (
    <EditForm
      onSubmit={submit}
      draftNote={voucher.status === 'draft' ? VOUCHER_DRAFT_NOTE : undefined}
      busy={update.isPending}
      success={update.isSuccess ? VOUCHER_SAVED : null}
      error={saidUnderFields(update.error) ? null : update.error}
    >
      <VoucherInputs form={form} />
    </EditForm>
  );
}

/** A yes-or-no rule of the voucher, with what it means under it. */
function Rule({ label, hint, ...input }: { label: string; hint: string } & UseFormRegisterReturn) {
  const id = useId();
  return (
    <div>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-accent"
          aria-describedby={`${id}-hint`}
          {...input}
        />
        {label}
      </label>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
    </div>
  );
}

/** The voucher's fields, as a new voucher and a saved one both have them. */
function VoucherInputs({ form }: { form: VoucherFormHandle }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormProvider {...form}>
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
      <OfferInputs />
      <TextField
        label="Start date (optional)"
        type="date"
        hint="Shoppers can use it from the start of this day, UK time. Leave blank to start once saved."
        error={errors.starts?.message}
        {...register('starts')}
      />
      <TextField
        label="Expiry date"
        type="date"
        hint="The voucher works until the end of this day, UK time."
        error={errors.expires?.message}
        {...register('expires')}
      />
      <TextField
        label="Use limit (orders in all)"
        hint="How many orders may use it, counting every customer. Leave blank for no limit."
        inputMode="numeric"
        autoComplete="off"
        error={errors.maxUses?.message}
        {...register('maxUses')}
      />
      <Rule
        label="Once per customer"
        hint="Guests are counted by their email address."
        {...register('oncePerCustomer')}
      />
      <Rule
        label="Combines with automatic promotions"
        hint="Takes its discount beside a promotion's. Otherwise the shopper gets whichever saves more."
        {...register('stacks')}
      />
    </FormProvider>
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
        form.reset(voucherValuesOf(made));
        showToast(`Voucher ${made.code} made: shoppers can use it now`);
        openPanel({ kind: 'editVoucher', voucherId: made._id });
      },
      onError: problemsUnder(form),
    });
  });

  return (
    <EditForm
      onSubmit={submit}
      busy={create.isPending}
      action="Create voucher"
      success={null}
      error={saidUnderFields(create.error) ? null : create.error}
    >
      <VoucherInputs form={form} />
    </EditForm>
  );
}

/** Loads one voucher, drafts too, and edits its name, code, offer, dates and rules. */
export function VoucherForm({ voucherId }: { voucherId: string }) {
  return (
    <LoadedForm query={useAdminVoucher(voucherId)} loading="Loading voucher…" fields={2}>
      {(voucher) => <VoucherFields key={voucher._id} voucher={voucher} />}
    </LoadedForm>
  );
}

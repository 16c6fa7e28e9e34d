import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import type { Promotion } from '../../../shared/promotions/promotions';
import {
  useAdminPromotion,
  useCreatePromotion,
  useUpdatePromotion,
} from '../../api/admin-promotions';
import { usePanels } from '../../state/panel-store';
import { showToast } from '../../state/toast-store';
import { TextField } from '../../ui/FormField';
import { apiFieldProblems } from '../../back-office/offer-form-schema';
import { EditForm, LoadedForm } from '../../back-office/edit-form';
import { OfferInputs } from '../../back-office/offer-inputs';
import { discardQuestion, useUnsavedChanges } from '../../back-office/unsaved-changes';
import {
  NEW_PROMOTION,
  PROMOTION_FIELDS,
  promotionFormSchema,
  promotionValuesOf,
  type PromotionFormBody,
  type PromotionFormValues,
} from './promotion-form-schema';
import { promotionNote } from './promotion-words';

const PROMOTION_SAVED = 'Promotion saved';

function usePromotionForm(values: PromotionFormValues) {
  return useForm({ resolver: zodResolver(promotionFormSchema), defaultValues: values });
}
type PromotionFormHandle = UseFormReturn<PromotionFormValues, unknown, PromotionFormBody>;

/** Whether a refused save is said under the fields, and so not again below the button. */
const saidUnderFields = (error: unknown) => apiFieldProblems(PROMOTION_FIELDS, error).length > 0;

/** Says what the server found wrong under the field at fault: an end before the start, say. */
const problemsUnder = (form: PromotionFormHandle) => (error: Error) => {
  apiFieldProblems(PROMOTION_FIELDS, error).forEach(({ field, message }, index) => {
    form.setError(field, { message }, { shouldFocus: index === 0 });
  });
};

/** What a new promotion's toast says of when shoppers get it. */
function madeWords(made: Promotion): string {
  if (made.state === 'live') return `Promotion ${made.name} made: shoppers get it now`;
  if (made.state === 'scheduled') return `Promotion ${made.name} made, to start on its start date`;
  return `Promotion ${made.name} made; its dates are past, so no shopper gets it`;
}

/** The promotion's fields, as a new promotion and a saved one both have them. */
function PromotionInputs({ form }: { form: PromotionFormHandle }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormProvider {...form}>
      <TextField
        label="Name"
        hint="Shoppers see it beside the discount it gives, such as ‘Winter scarves’."
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <OfferInputs />
      <TextField
        label="Starts"
        type="date"
        hint="Shoppers get it from the start of this day, UK time."
        error={errors.starts?.message}
        {...register('starts')}
      />
      <TextField
        label="Ends"
        type="date"
        hint="Shoppers get it until the end of this day, UK time."
        error={errors.ends?.message}
        {...register('ends')}
      />
    </FormProvider>
  );
}

function PromotionFields({ promotion }: { promotion: Promotion }) {
  const update = useUpdatePromotion();
  const form = usePromotionForm(promotionValuesOf(promotion));
  useUnsavedChanges(form.formState.isDirty ? discardQuestion(promotion.name) : null);

  const submit = form.handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(
      { id: promotion._id, body },
      {
        onSuccess: (saved) => form.reset(promotionValuesOf(saved)),
        onError: problemsUnder(form),
      },
    );
  });

  return (
    <EditForm
      onSubmit={submit}
      note={promotionNote(update.data ?? promotion)}
      busy={update.isPending}
      success={update.isSuccess ? PROMOTION_SAVED : null}
      error={saidUnderFields(update.error) ? null : update.error}
    >
      <PromotionInputs form={form} />
    </EditForm>
  );
}

/**
 * A promotion not made yet: nothing is stored until the owner saves a valid one, which is then
 * opened as any saved promotion is.
 */
export function NewPromotionForm() {
  const create = useCreatePromotion();
  const openPanel = usePanels((state) => state.open);
  const form = usePromotionForm(NEW_PROMOTION);
  useUnsavedChanges(form.formState.isDirty ? discardQuestion('this new promotion') : null);

  const submit = form.handleSubmit((body) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (made) => {
        form.reset(promotionValuesOf(made));
        showToast(madeWords(made));
        openPanel({ kind: 'editPromotion', promotionId: made._id });
      },
      onError: problemsUnder(form),
    });
  });

  return (
    <EditForm
      onSubmit={submit}
      busy={create.isPending}
      action="Create promotion"
      success={null}
      error={saidUnderFields(create.error) ? null : create.error}
    >
      <PromotionInputs form={form} />
    </EditForm>
  );
}

/** Loads one promotion and edits its name, offer and dates. */
export function PromotionForm({ promotionId }: { promotionId: string }) {
  return (
    <LoadedForm query={useAdminPromotion(promotionId)} loading="Loading promotion…" fields={3}>
      {(promotion) => <PromotionFields key={promotion._id} promotion={promotion} />}
    </LoadedForm>
  );
}

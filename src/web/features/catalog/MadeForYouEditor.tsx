import { TextField } from '../../ui/FormField';
import { SectionLegend } from '../../back-office/SectionLegend';
import type { ProductFormApi } from '../../back-office/admin-forms';

/**
 * Made to order (a lead time in working days, no stock limit) or on pre-order (a release date and
 * how many may be sold before it, while none is in stock): each left blank for neither.
 */
export function MadeForYouEditor({ form }: { form: ProductFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <SectionLegend>Made to order and pre-orders</SectionLegend>
      <p className="text-sm text-muted">
        Made to order sells without a stock limit and is dispatched after its lead time. A pre-order
        sells, while none is in stock, up to its limit before its release date.
      </p>
      <TextField
        label="Made to order: lead time (working days)"
        inputMode="numeric"
        autoComplete="off"
        hint="1 to 60; blank when sold from stock."
        error={errors.madeToOrderDays?.message}
        {...register('madeToOrderDays')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Pre-order: release date"
          type="date"
          autoComplete="off"
          error={errors.preorderRelease?.message}
          {...register('preorderRelease')}
        />
        <TextField
          label="Pre-order: how many may be sold"
          inputMode="numeric"
          autoComplete="off"
          error={errors.preorderLimit?.message}
          {...register('preorderLimit')}
        />
      </div>
    </fieldset>
  );
}

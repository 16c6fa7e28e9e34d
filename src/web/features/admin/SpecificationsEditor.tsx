import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { MAX_SPECIFICATIONS } from '../../../shared/variants';
import { Button, buttonClass } from '../../ui/Button';
import { FieldError, TextField } from '../../ui/FormField';
import { listError, type ProductFormApi } from './admin-forms';
import { useFocusAfterRemove } from './focus-after-remove';
import { SectionLegend } from './SectionLegend';

/** The label and value rows shown on the product page: metal, hallmark, fabric, care. */
export function SpecificationsEditor({ form }: { form: ProductFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'specifications' });
  const rows = useWatch({ control, name: 'specifications' }) ?? [];
  const { target, removing } = useFocusAfterRemove<HTMLButtonElement>(fields.length);
  const id = useId();
  const full = fields.length >= MAX_SPECIFICATIONS;

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <SectionLegend>Specifications</SectionLegend>
      <p className="text-sm text-muted">
        Facts a shopper looks for, such as Metal: Sterling silver. Up to {MAX_SPECIFICATIONS}.
      </p>
      {fields.map((field, index) => {
        const label = rows[index]?.label.trim() ?? '';
        const errorOf = errors.specifications?.[index];
        return (
          <div key={field.id} className="flex flex-col gap-3 border-l-2 border-line pl-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={`Specification ${index + 1} label`}
                autoComplete="off"
                error={errorOf?.label?.message}
                {...register(`specifications.${index}.label`)}
              />
              <TextField
                label={`Specification ${index + 1} value`}
                autoComplete="off"
                error={errorOf?.value?.message}
                {...register(`specifications.${index}.value`)}
              />
            </div>
            <Button
              variant="quiet"
              className="self-start text-error"
              aria-label={`Remove specification ${index + 1}${label ? `: ${label}` : ''}`}
              onClick={() => {
                removing();
                remove(index);
              }}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <FieldError id={`${id}-error`} error={listError(errors.specifications)} />
      <button
        ref={target}
        type="button"
        className={buttonClass('secondary', 'self-start')}
        disabled={full}
        onClick={() => append({ label: '', value: '' })}
      >
        Add a specification
      </button>
      {full && (
        <p className="text-sm text-muted">
          A product can have at most {MAX_SPECIFICATIONS} specifications.
        </p>
      )}
    </fieldset>
  );
}

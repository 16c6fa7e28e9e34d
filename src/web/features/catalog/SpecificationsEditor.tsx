import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { MAX_SPECIFICATIONS } from '../../../shared/catalog/variants';
import { FieldError, TextField } from '../../ui/FormField';
import { listError, type ProductFormApi } from '../../back-office/admin-forms';
import { useFocusAfterRemove } from '../../back-office/focus-after-remove';
import { AddRowButton, RemoveRowButton } from '../../back-office/row-list-buttons';
import { SectionLegend } from '../../back-office/SectionLegend';

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
            <RemoveRowButton
              name={`specification ${index + 1}${label ? `: ${label}` : ''}`}
              onRemove={() => {
                removing();
                remove(index);
              }}
            />
          </div>
        );
      })}
      <FieldError id={`${id}-error`} error={listError(errors.specifications)} />
      <AddRowButton
        buttonRef={target}
        full={full}
        onAdd={() => append({ label: '', value: '' })}
        limit={`A product can have at most ${String(MAX_SPECIFICATIONS)} specifications.`}
      >
        Add a specification
      </AddRowButton>
    </fieldset>
  );
}

import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { MAX_OPTION_GROUPS, SUGGESTED_OPTION_NAMES } from '../../../shared/catalog/variants';
import { FieldError, TextField } from '../../ui/FormField';
import { listError, type ProductFormApi } from '../../back-office/admin-forms';
import { useFocusAfterRemove } from '../../back-office/focus-after-remove';
import { AddRowButton, RemoveRowButton } from '../../back-office/row-list-buttons';
import { SectionLegend } from '../../back-office/SectionLegend';

/** Up to three groups a shopper chooses from (Size, Chain length), each with its values. */
export function ProductOptionsEditor({ form }: { form: ProductFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const groups = useWatch({ control, name: 'options' });
  const { target, removing } = useFocusAfterRemove<HTMLButtonElement>(fields.length);
  const id = useId();
  const suggestions = `${id}-names`;
  const full = fields.length >= MAX_OPTION_GROUPS;

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <SectionLegend>Options</SectionLegend>
      <p className="text-sm text-muted">
        What a shopper chooses between, such as sizes or chain lengths: up to {MAX_OPTION_GROUPS}.
        After changing them, make the combinations again below.
      </p>
      <datalist id={suggestions}>
        {SUGGESTED_OPTION_NAMES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {fields.map((field, index) => {
        const name = groups[index]?.name.trim() ?? '';
        const errorOf = errors.options?.[index];
        return (
          <div key={field.id} className="flex flex-col gap-3 border-l-2 border-line pl-4">
            <TextField
              label={`Option ${index + 1} name`}
              list={suggestions}
              autoComplete="off"
              error={errorOf?.name?.message}
              {...register(`options.${index}.name`)}
            />
            <TextField
              label={`Option ${index + 1} values`}
              hint="Separate the values with commas, e.g. XS, S, M, L, XL."
              autoComplete="off"
              error={errorOf?.values?.message}
              {...register(`options.${index}.values`)}
            />
            <RemoveRowButton
              name={`option ${index + 1}${name ? `: ${name}` : ''}`}
              onRemove={() => {
                removing();
                remove(index);
              }}
            />
          </div>
        );
      })}
      <FieldError id={`${id}-error`} error={listError(errors.options)} />
      <AddRowButton
        buttonRef={target}
        full={full}
        onAdd={() => append({ name: '', values: '' })}
        limit={`A product can have at most ${String(MAX_OPTION_GROUPS)} options.`}
      >
        Add an option
      </AddRowButton>
    </fieldset>
  );
}

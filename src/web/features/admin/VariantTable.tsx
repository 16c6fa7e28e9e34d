import { Fragment, useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { allCombinations, MAX_VARIANTS } from '../../../shared/variants';
import { buttonClass } from '../../ui/Button';
import { describedBy, FieldError } from '../../ui/FormField';
import { fieldClass } from '../../ui/field';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { listError, poundsText, type ProductFormApi } from './admin-forms';
import { cell, headCell, rowButton } from './admin-table';
import { useFocusAfterRemove } from './focus-after-remove';
import {
  groupsOf,
  lowestPrice,
  makeCombinations,
  rowLabel,
  skuFor,
  type Combinations,
} from './variant-rows';
import { SectionLegend } from './SectionLegend';

const REMOVED_VARIANT_NOTE =
  'Removing a variant stops it being sold. Orders that hold it keep their own copy.';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function whatWasMade(groupCount: number, { rows, added, removed }: Combinations): string {
  if (groupCount > 0) return `${plural(rows.length, 'variant')}: ${added} new, ${removed} removed.`;
  if (removed > 0) return `${plural(removed, 'variant')} removed: the product has no options.`;
  return 'There are no options to combine yet: name one and give it values above.';
}

/** What making the combinations did, said to everyone, screen readers included. */
type Made = { kind: 'done' | 'refused'; text: string } | null;

/** One SKU, price and stock for each combination of the options' values that is sold. */
export function VariantTable({ form }: { form: ProductFormApi }) {
  const { control, getValues } = form;
  const { fields, remove, replace } = useFieldArray({ control, name: 'variants' });
  const rows = useWatch({ control, name: 'variants' });
  const groups = groupsOf(useWatch({ control, name: 'options' }));
  const { target, removing } = useFocusAfterRemove<HTMLButtonElement>(fields.length);
  const [made, setMade] = useState<Made>(null);
  const id = useId();

  const makeRows = () => {
    const current = getValues('variants');
    const groupsNow = groupsOf(getValues('options'));
    const count = groupsNow.length === 0 ? 0 : allCombinations(groupsNow).length;
    if (count > MAX_VARIANTS) {
      setMade({
        kind: 'refused',
        text: `Those options make ${count} combinations, but a product can have at most ${MAX_VARIANTS} variants`,
      });
      return;
    }
    // New rows start at the price the product sells at now: its variants' lowest, or its own.
    const lowest = lowestPrice(current);
    const price = lowest === undefined ? getValues('price') : poundsText(lowest);
    const name = getValues('name');
    const result = makeCombinations(groupsNow, current, (options) => ({
      options,
      sku: skuFor(name, groupsNow, options),
      price,
      countInStock: '0',
    }));
    replace(result.rows);
    setMade({ kind: 'done', text: whatWasMade(groupsNow.length, result) });
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <SectionLegend>Variants</SectionLegend>
      <p className="text-sm text-muted">
        Each combination of the options&apos; values that is sold, with its own SKU, price and
        stock. Making the combinations keeps the rows you have and adds the new ones.
      </p>
      <button
        ref={target}
        type="button"
        className={buttonClass('secondary', 'self-start')}
        onClick={makeRows}
      >
        Make the combinations
      </button>
      <div aria-live="polite">
        {made && (
          <p className={`text-sm ${made.kind === 'refused' ? 'text-error' : 'text-muted'}`}>
            {made.text}
          </p>
        )}
      </div>
      {fields.length > 0 && (
        <>
          <ScrollRegion label="Variants">
            <table className="w-full min-w-[36rem] border-collapse">
              <caption className="pb-2 text-left text-sm text-muted">
                Each variant&apos;s SKU, price and stock
              </caption>
              <thead className="border-b border-line">
                <tr>
                  <th scope="col" className={headCell}>
                    Variant
                  </th>
                  <th scope="col" className={headCell}>
                    SKU
                  </th>
                  <th scope="col" className={`${headCell} w-28`}>
                    Price (£)
                  </th>
                  <th scope="col" className={`${headCell} w-24`}>
                    Stock
                  </th>
                  <th scope="col" className={headCell}>
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {fields.map((field, index) => (
                  <VariantRowCells
                    key={field.id}
                    form={form}
                    index={index}
                    label={rowLabel(groups, rows[index]?.options ?? field.options)}
                    onRemove={() => {
                      removing();
                      remove(index);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className="text-sm text-muted">{REMOVED_VARIANT_NOTE}</p>
        </>
      )}
      <FieldError id={`${id}-error`} error={listError(form.formState.errors.variants)} />
    </fieldset>
  );
}

interface VariantRowProps {
  form: ProductFormApi;
  index: number;
  /** Names the variant in every control of the row (`Size: M`). */
  label: string;
  onRemove: () => void;
}

/** A variant's row: its options, then SKU, price and stock to type, and Remove. */
function VariantRowCells({ form, index, label, onRemove }: VariantRowProps) {
  const { register } = form;
  const errors = form.formState.errors.variants?.[index];
  const id = useId();
  // A problem with the whole variant (its combination) is said under the row.
  // (Typed loosely by react-hook-form, as `options` is a record.)
  const rowMessage: unknown = errors?.options?.message;
  const problem = typeof rowMessage === 'string' ? rowMessage : undefined;
  const problemId = `${id}-problem`;
  const input = (name: 'sku' | 'price' | 'countInStock', what: string, error?: string) => {
    const errorId = `${id}-${name}-error`;
    return (
      <td className={`${cell} align-top`}>
        <input
          className={fieldClass}
          aria-label={`${what} of ${label}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(problem ? problemId : undefined, errorId)}
          autoComplete="off"
          inputMode={name === 'sku' ? undefined : name === 'price' ? 'decimal' : 'numeric'}
          spellCheck={name === 'sku' ? false : undefined}
          {...register(`variants.${index}.${name}`)}
        />
        <FieldError id={errorId} error={error} />
      </td>
    );
  };
  return (
    <Fragment>
      <tr>
        <th scope="row" className={`${cell} text-left align-top font-normal wrap-anywhere`}>
          <span className="inline-block py-2.5">{label}</span>
        </th>
        {input('sku', 'SKU', errors?.sku?.message)}
        {input('price', 'Price', errors?.price?.message)}
        {input('countInStock', 'Stock', errors?.countInStock?.message)}
        <td className={`${cell} align-top`}>
          <button
            type="button"
            className={`${rowButton} text-error`}
            aria-label={`Remove ${label}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </td>
      </tr>
      {problem && (
        <tr>
          <td colSpan={5} className="px-3 pb-3">
            <p id={problemId} className="text-sm text-error">
              {problem}
            </p>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

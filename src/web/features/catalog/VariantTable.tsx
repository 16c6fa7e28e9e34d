import { Fragment, useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { allCombinations, MAX_VARIANTS } from '../../../shared/catalog/variants';
import { buttonClass } from '../../ui/Button';
import { describedBy, FieldError } from '../../ui/FormField';
import { fieldClass } from '../../ui/field';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { listError, poundsText, type ProductFormApi } from '../../back-office/admin-forms';
import { cell, headCell, rowButton } from '../../back-office/admin-table';
import { useFocusAfterRemove } from '../../back-office/focus-after-remove';
import {
  groupsOf,
  lowestPrice,
  makeCombinations,
  rowLabel,
  skuFor,
  type Combinations,
} from './variant-rows';
import { SectionLegend } from '../../back-office/SectionLegend';

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

interface VariantTableProps {
  form: ProductFormApi;
  /** Staff change stock only: SKU and price are shown but read-only, rows are neither made nor removed. */
  stockOnly?: boolean;
}

/**
 * One SKU, price, stock and weight for each combination of the options' values that is sold. Where there
 * is room (a wide page) it is a table; in a narrow place (the side panel, a phone) each variant's
 * cells stack under its name, labelled, so that Stock is never off to the side.
 */
export function VariantTable({ form, stockOnly = false }: VariantTableProps) {
  const { control, getValues } = form;
  const { fields, remove, replace } = useFieldArray({ control, name: 'variants' });
  const rows = useWatch({ control, name: 'variants' });
  const groups = groupsOf(useWatch({ control, name: 'options' }));
  // A variant left blank weighs as its product: the product's weight shows, greyed, in its place.
  const productWeight = useWatch({ control, name: 'weightGrams' }).trim();
  // A variant may show one of several pictures; with one, there is nothing to choose.
  const images = useWatch({ control, name: 'images' }) ?? [];
  const pictures = images.length > 1 ? images : [];
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
      compareAtPrice: '',
      countInStock: '0',
      weightGrams: '',
      image: '',
    }));
    replace(result.rows);
    setMade({ kind: 'done', text: whatWasMade(groupsNow.length, result) });
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <SectionLegend>Variants</SectionLegend>
      <p className="text-sm text-muted">
        Each combination of the options&apos; values that is sold, with its own SKU, price and
        stock, its was price when on sale (blank for none: one it sold at for 28 days in a row
        within the last 6 months), and its weight where it differs from the product&apos;s (blank:
        as the product). Making the combinations keeps the rows you have and adds the new ones.
      </p>
      <button
        ref={target}
        type="button"
        className={buttonClass('secondary', 'self-start')}
        disabled={stockOnly}
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
          <div className="@container">
            <ScrollRegion label="Variants">
              <table className="w-full border-collapse @max-xl:block">
                <caption className="pb-2 text-left text-sm text-muted @max-xl:block">
                  Each variant&apos;s SKU, price, was price, stock and weight
                </caption>
                <thead className="border-b border-line @max-xl:sr-only">
                  <tr>
                    <th scope="col" className={headCell}>
                      Variant
                    </th>
                    <th scope="col" className={headCell}>
                      SKU
                    </th>
                    <th scope="col" className={`${headCell} w-24`}>
                      Price (£)
                    </th>
                    <th scope="col" className={`${headCell} w-24`}>
                      Was (£)
                    </th>
                    <th scope="col" className={`${headCell} w-20`}>
                      Stock
                    </th>
                    <th scope="col" className={`${headCell} w-24`}>
                      Weight (g)
                    </th>
                    <th scope="col" className={headCell}>
                      <span className="sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line @max-xl:block @max-xl:border-t @max-xl:border-line">
                  {fields.map((field, index) => (
                    <VariantRowCells
                      key={field.id}
                      form={form}
                      index={index}
                      label={rowLabel(groups, rows[index]?.options ?? field.options)}
                      stockOnly={stockOnly}
                      productWeight={productWeight}
                      pictures={pictures}
                      onRemove={() => {
                        removing();
                        remove(index);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </div>
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
  stockOnly: boolean;
  /** The product's weight as typed, which a variant's blank weight stands for. */
  productWeight: string;
  /** The product's pictures a variant may show; none when there is only one. */
  pictures: readonly { url: string; alt: string }[];
  onRemove: () => void;
}

/** What each typed cell holds, said above it when the cells stack (the table's headings hide). */
const CELLS = {
  sku: { what: 'SKU', heading: 'SKU' },
  price: { what: 'Price', heading: 'Price (£)' },
  // Said "for", not "of": a search for "Price of Size: M" should find the price alone.
  compareAtPrice: { what: 'Was price', heading: 'Was (£)' },
  countInStock: { what: 'Stock', heading: 'Stock' },
  weightGrams: { what: 'Weight in grams', heading: 'Weight (g)' },
} as const;

/**
 * A stacked row: the variant's name and Remove on one line, then SKU, price and was price, then
 * stock and weight.
 */
const stackedRow = '@max-xl:grid @max-xl:grid-cols-[2fr_1fr_1fr] @max-xl:gap-x-2 @max-xl:py-2';
const stackedCell = '@max-xl:block @max-xl:px-0';

/** A variant's row: its options, then SKU, price, was price, stock and weight to type, and Remove. */
function VariantRowCells({
  form,
  index,
  label,
  stockOnly,
  productWeight,
  pictures,
  onRemove,
}: VariantRowProps) {
  const { register } = form;
  const errors = form.formState.errors.variants?.[index];
  const id = useId();
  // A problem with the whole variant (its combination) is said under the row.
  // (Typed loosely by react-hook-form, as `options` is a record.)
  const rowMessage: unknown = errors?.options?.message;
  const problem = typeof rowMessage === 'string' ? rowMessage : undefined;
  const problemId = `${id}-problem`;
  const input = (name: keyof typeof CELLS, error?: string) => {
    const errorId = `${id}-${name}-error`;
    const { what, heading } = CELLS[name];
    return (
      <td className={`${cell} ${stackedCell} align-top`}>
        <span aria-hidden="true" className="mb-1 block text-sm text-muted @xl:hidden">
          {heading}
        </span>
        <input
          className={fieldClass}
          aria-label={`${what} ${name === 'compareAtPrice' ? 'for' : 'of'} ${label}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(problem ? problemId : undefined, errorId)}
          autoComplete="off"
          inputMode={
            name === 'sku'
              ? undefined
              : name === 'price' || name === 'compareAtPrice'
                ? 'decimal'
                : 'numeric'
          }
          placeholder={name === 'weightGrams' && productWeight !== '' ? productWeight : undefined}
          spellCheck={name === 'sku' ? false : undefined}
          readOnly={stockOnly && name !== 'countInStock'}
          {...register(`variants.${index}.${name}`)}
        />
        <FieldError id={errorId} error={error} />
      </td>
    );
  };
  return (
    <Fragment>
      <tr className={`${stackedRow} ${pictures.length > 0 ? 'border-b-0' : ''}`}>
        <th
          scope="row"
          className={`${cell} ${stackedCell} text-left align-top font-normal wrap-anywhere @max-xl:col-span-2 @max-xl:font-medium`}
        >
          <span className="inline-block py-2.5">{label}</span>
        </th>
        {input('sku', errors?.sku?.message)}
        {input('price', errors?.price?.message)}
        {input('compareAtPrice', errors?.compareAtPrice?.message)}
        {input('countInStock', errors?.countInStock?.message)}
        {input('weightGrams', errors?.weightGrams?.message)}
        <td
          className={`${cell} ${stackedCell} align-top @max-xl:col-start-3 @max-xl:row-start-1 @max-xl:text-right`}
        >
          <button
            type="button"
            className={`${rowButton} text-error`}
            aria-label={`Remove ${label}`}
            disabled={stockOnly}
            onClick={onRemove}
          >
            Remove
          </button>
        </td>
      </tr>
      {pictures.length > 0 && (
        // Its own line under the variant, so the SKU, price and stock keep their width.
        <tr className="@max-xl:block">
          <td colSpan={7} className="px-3 pb-3 @max-xl:block @max-xl:px-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <label htmlFor={`${id}-image`} className="text-sm text-muted sm:w-44">
                Picture for {label}
              </label>
              <div className="min-w-0 flex-1 sm:max-w-sm">
                <select
                  id={`${id}-image`}
                  className={fieldClass}
                  aria-invalid={errors?.image ? true : undefined}
                  aria-describedby={describedBy(undefined, `${id}-image-error`)}
                  disabled={stockOnly}
                  {...register(`variants.${index}.image`)}
                >
                  <option value="">None of its own</option>
                  {pictures.map((picture, number) => (
                    <option key={picture.url} value={picture.url}>
                      {`Picture ${number + 1}${picture.alt ? `: ${picture.alt}` : ''}`}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <FieldError id={`${id}-image-error`} error={errors?.image?.message} />
          </td>
        </tr>
      )}
      {problem && (
        <tr className="@max-xl:block">
          <td colSpan={7} className="px-3 pb-3 @max-xl:block @max-xl:px-0">
            <p id={problemId} className="text-sm text-error">
              {problem}
            </p>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

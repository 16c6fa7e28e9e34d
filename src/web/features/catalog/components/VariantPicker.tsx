import { useId } from 'react';
import type { OptionGroup, Variant, VariantOptions } from '../../../../shared/catalog/catalog';

type Availability = 'in stock' | 'sold out' | 'not sold';

/**
 * Whether a value of a group can be had, given the other groups' values already chosen: some
 * variant with it is in stock, all with it are sold out, or none is sold.
 */
function availabilityOf(
  variants: readonly Variant[],
  chosen: VariantOptions,
  group: string,
  value: string,
): Availability {
  const matching = variants.filter(
    (variant) =>
      variant.options[group] === value &&
      Object.entries(chosen).every(
        ([name, chosenValue]) => name === group || variant.options[name] === chosenValue,
      ),
  );
  if (matching.length === 0) return 'not sold';
  return matching.some((variant) => variant.countInStock > 0) ? 'in stock' : 'sold out';
}

interface VariantPickerProps {
  groups: readonly OptionGroup[];
  variants: readonly Variant[];
  chosen: VariantOptions;
  onChoose: (group: string, value: string) => void;
  /** Says which group still needs a choice, under it. */
  missing?: string | undefined;
}

/**
 * Each option group as a row of radio buttons drawn as chips: arrow keys move between values, and
 * a screen reader hears the group, the value and whether it is sold out. Sold-out values stay
 * choosable, so the shopper can ask to hear when they are back.
 */
export function VariantPicker({ groups, variants, chosen, onChoose, missing }: VariantPickerProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group, index) => {
        const errorId = `${id}-${index}-error`;
        const isMissing = missing === group.name;
        return (
          <fieldset
            key={group.name}
            aria-describedby={isMissing ? errorId : undefined}
            className="flex flex-col gap-2"
          >
            <legend className="mb-2 text-sm">
              <span className="text-muted">{group.name}: </span>
              <span className="font-medium">{chosen[group.name] ?? 'choose one'}</span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {group.values.map((value) => {
                const availability = availabilityOf(variants, chosen, group.name, value);
                return (
                  <label
                    key={value}
                    className={
                      'relative inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center ' +
                      'rounded-shop border border-line bg-surface px-3 text-sm transition-colors ' +
                      'hover:border-ink has-[:checked]:border-ink has-[:checked]:bg-ink ' +
                      'has-[:checked]:text-page has-[:focus-visible]:outline-2 ' +
                      'has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ' +
                      'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-40 ' +
                      (availability === 'in stock' ? '' : 'text-muted line-through')
                    }
                  >
                    <input
                      type="radio"
                      name={`${id}-${group.name}`}
                      value={value}
                      checked={chosen[group.name] === value}
                      disabled={availability === 'not sold'}
                      onChange={() => onChoose(group.name, value)}
                      className="sr-only"
                    />
                    {availability === 'sold out' ? (
                      <>
                        <span aria-hidden="true">{value}</span>
                        <span className="sr-only">{`${value} (sold out)`}</span>
                      </>
                    ) : (
                      value
                    )}
                  </label>
                );
              })}
            </div>
            <div id={errorId} aria-live="polite">
              {isMissing && (
                <p className="text-sm text-error">{`Please choose a ${group.name.toLowerCase()}`}</p>
              )}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

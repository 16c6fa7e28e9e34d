import { useWatch } from 'react-hook-form';
import {
  CHARACTER_WORDS,
  PERSONALISATION_CHARACTERS,
  PERSONALISATION_MAX_LINES,
  PERSONALISATION_MAX_LINE_LENGTH,
} from '../../../shared/catalog/personalisation';
import { SelectField, TextField } from '../../ui/FormField';
import { SectionLegend } from '../../back-office/SectionLegend';
import type { ProductFormApi } from '../../back-office/admin-forms';

/**
 * What a buyer may have engraved or printed on the product: offered or not; what it is called,
 * how many lines of how many characters, which characters, its price, a price a character (spaces
 * are free), and whether the product is sold only personalised.
 */
export function PersonalisationEditor({ form }: { form: ProductFormApi }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const offered = useWatch({ control, name: 'personalisation.offered' });
  const fault = errors.personalisation;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <SectionLegend>Personalisation</SectionLegend>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-accent"
          {...register('personalisation.offered')}
        />
        <span>
          Buyers can personalise it (an engraving, initials)
          <span className="block text-sm text-muted">
            Personalised items cannot be returned for a change of mind: the product page and the
            checkout say so.
          </span>
        </span>
      </label>
      {offered && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Called"
            hint="What the product page calls it: Engraving, Initials, Name."
            autoComplete="off"
            error={fault?.label?.message}
            {...register('personalisation.label')}
          />
          <SelectField
            label="Lines"
            error={fault?.lines?.message}
            {...register('personalisation.lines')}
          >
            {Array.from({ length: PERSONALISATION_MAX_LINES }, (_, index) => String(index + 1)).map(
              (lines) => (
                <option key={lines} value={lines}>
                  {lines}
                </option>
              ),
            )}
          </SelectField>
          <TextField
            label="Characters a line"
            inputMode="numeric"
            autoComplete="off"
            hint={`1 to ${String(PERSONALISATION_MAX_LINE_LENGTH)}.`}
            error={fault?.maxLength?.message}
            {...register('personalisation.maxLength')}
          />
          <SelectField
            label="Characters allowed"
            error={fault?.characters?.message}
            {...register('personalisation.characters')}
          >
            {PERSONALISATION_CHARACTERS.map((characters) => (
              <option key={characters} value={characters}>
                {CHARACTER_WORDS[characters].charAt(0).toUpperCase() +
                  CHARACTER_WORDS[characters].slice(1)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Its price (£)"
            inputMode="decimal"
            autoComplete="off"
            hint="Added to each item personalised; 0 for none."
            error={fault?.price?.message}
            {...register('personalisation.price')}
          />
          <TextField
            label="Price a character (£)"
            inputMode="decimal"
            autoComplete="off"
            hint="Spaces are free; 0 for none."
            error={fault?.pricePerCharacter?.message}
            {...register('personalisation.pricePerCharacter')}
          />
          <label className="flex items-start gap-3 sm:col-span-2">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-accent"
              {...register('personalisation.required')}
            />
            <span>Sold only personalised (a buyer must give the text)</span>
          </label>
        </div>
      )}
    </fieldset>
  );
}

import {
  FACET_LABELS,
  FACET_LISTS,
  FACET_NAMES,
  facetValueName,
} from '../../../shared/catalog/facets';
import { SelectField } from '../../ui/FormField';
import { SectionLegend } from '../../back-office/SectionLegend';
import type { ProductFormApi } from '../../back-office/admin-forms';

/** What shoppers narrow a shelf by: one metal, stone, colour and material from the shop's lists. */
export function FacetsEditor({ form }: { form: ProductFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <SectionLegend>Filters shoppers use</SectionLegend>
      <p className="text-sm text-muted">
        The shelves’ filters find this product by these. Choose None where one does not apply, such
        as a metal for a jumper.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FACET_NAMES.map((name) => (
          <SelectField
            key={name}
            label={FACET_LABELS[name]}
            error={errors.facets?.[name]?.message}
            {...register(`facets.${name}`)}
          >
            <option value="">None</option>
            {FACET_LISTS[name].map((value) => (
              <option key={value} value={value}>
                {facetValueName(value)}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
    </fieldset>
  );
}

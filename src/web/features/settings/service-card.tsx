import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/FormField';
import { RemoveRowButton } from '../../back-office/row-list-buttons';
import type { ServiceFormValues } from './delivery-form';
import type { SettingsFormApi } from './settings-form';
import { Checkbox } from './settings-section';

/** Pounds as typed, as the owner reads them: `£3.95`; left as typed when not a number yet. */
function moneyWords(typed: string): string {
  const pounds = Number(typed);
  return typed.trim() !== '' && Number.isFinite(pounds) ? `£${pounds.toFixed(2)}` : typed;
}

/** `£3.95 · free over £60.00 · 2-3 working days · tracked · cover £100.00`, as the card holds it. */
export function serviceSummary(service: ServiceFormValues): string {
  const { price, freeOver, days, cover } = service;
  const span = days.min === days.max ? days.min : `${days.min}–${days.max}`;
  const parts = [
    price.trim() === '' ? 'no price yet' : Number(price) === 0 ? 'free' : moneyWords(price),
    freeOver.trim() !== '' && `free over ${moneyWords(freeOver)}`,
    service.collect ? 'click and collect' : `${span} working ${span === '1' ? 'day' : 'days'}`,
    service.tracked && 'tracked',
    service.signed && 'signed for',
    cover.trim() !== '' && `cover ${moneyWords(cover)}`,
    !service.active && 'not offered',
  ];
  return parts.filter((part) => part !== false).join(' · ');
}

interface CardProps {
  form: SettingsFormApi;
  index: number;
  /** What the card is called: the service's name, or New service while it has none. */
  title: string;
  /** The id it has, or will be saved with. */
  id: string;
  saved: boolean;
  onRemove: () => void;
}

/**
 * One service: a line saying what it is, and its fields on Edit (a new one's at once, and any
 * with something wrong), stacked on a phone and in pairs on a wider screen. Closed, a long list
 * of services reads at a glance.
 */
export function ServiceCard({ form, index, title, id, saved, onRemove }: CardProps) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const at = `delivery.services.${index}` as const;
  const service = useWatch({ control, name: at });
  const error = errors.delivery?.services?.[index];
  const [editing, setEditing] = useState(!saved);
  const open = editing || error !== undefined;
  const fieldsId = useId();
  return (
    <fieldset className="flex min-w-0 flex-col border-l-2 border-line pl-4">
      {/* Floated, the legend is laid out as the card's first line, inside its border. */}
      <legend className="float-left w-full font-medium">{title}</legend>
      <div className="flex items-center justify-between gap-3">
        <p className="flex-1 text-sm text-muted">{serviceSummary(service)}</p>
        {error === undefined && (
          <Button
            variant="quiet"
            className="shrink-0"
            aria-expanded={open}
            aria-controls={fieldsId}
            aria-label={`${open ? 'Close' : 'Edit'} ${title}`}
            onClick={() => setEditing(!open)}
          >
            {open ? 'Close' : 'Edit'}
          </Button>
        )}
      </div>
      <div id={fieldsId} className="mt-3 flex flex-col gap-5" hidden={!open}>
        {open && (
          <>
            <TextField
              label="Name"
              hint={
                saved
                  ? `Its id, ${id}, stays as it is: orders sold with it keep it.`
                  : `Saved with the id ${id}, which then stays as it is.`
              }
              autoComplete="off"
              // The id is made from the name: what is wrong with it is the name's to mend.
              error={error?.name?.message ?? error?.id?.message}
              {...register(`${at}.name`)}
            />
            <TextField
              label="Description"
              hint="Shown to shoppers under the name."
              autoComplete="off"
              error={error?.description?.message}
              {...register(`${at}.description`)}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Price (£)"
                hint="VAT included; 0 for free."
                inputMode="decimal"
                autoComplete="off"
                error={error?.price?.message}
                {...register(`${at}.price`)}
              />
              <TextField
                label="Free over (£)"
                hint="Items total after discounts. Blank: never free."
                inputMode="decimal"
                autoComplete="off"
                error={error?.freeOver?.message}
                {...register(`${at}.freeOver`)}
              />
              <TextField
                label="Fewest days"
                hint="Working days after dispatch."
                inputMode="numeric"
                autoComplete="off"
                error={error?.days?.min?.message}
                {...register(`${at}.days.min`)}
              />
              <TextField
                label="Most days"
                inputMode="numeric"
                autoComplete="off"
                error={error?.days?.max?.message}
                {...register(`${at}.days.max`)}
              />
              <TextField
                label="Most items"
                hint="Blank: any number."
                inputMode="numeric"
                autoComplete="off"
                error={error?.maxItems?.message}
                {...register(`${at}.maxItems`)}
              />
              <TextField
                label="Weight limit (grams)"
                hint="Blank: any weight."
                inputMode="numeric"
                autoComplete="off"
                error={error?.maxWeightGrams?.message}
                {...register(`${at}.maxWeightGrams`)}
              />
              <TextField
                label="Cover (£)"
                hint="Paid if a parcel is lost: offered only for items worth up to it. Blank: none."
                inputMode="decimal"
                autoComplete="off"
                error={error?.cover?.message}
                {...register(`${at}.cover`)}
              />
              <TextField
                label="Click & Drop service code"
                hint="Such as TPN24. Blank: chosen in Click & Drop."
                autoComplete="off"
                spellCheck={false}
                error={error?.serviceCode?.message}
                {...register(`${at}.serviceCode`)}
              />
            </div>
            <div className="grid sm:grid-cols-2 sm:gap-x-5">
              <Checkbox
                form={form}
                name={`${at}.active`}
                label="Offered to shoppers"
                error={error?.active?.message}
              />
              <Checkbox form={form} name={`${at}.tracked`} label="Tracked" />
              <Checkbox form={form} name={`${at}.signed`} label="Signed for" />
              <Checkbox
                form={form}
                name={`${at}.collect`}
                label="Click and collect"
                hint="From the collection point: no delivery address."
              />
            </div>
            <RemoveRowButton name={title} onRemove={onRemove} />
          </>
        )}
      </div>
    </fieldset>
  );
}

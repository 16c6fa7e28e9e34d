import { useId, useState, type KeyboardEvent } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { SHELF_NAMES, SHELVES, shelfName } from '../../shared/catalog/shelves';
import { OFFER_KINDS } from '../../shared/orders/discounts';
import { OFFER_KIND_WORDS } from '../../shared/promotions/offers';
import { useProductSearch } from '../api/admin-product-search';
import { useSettings } from '../api/settings';
import { Button } from '../ui/Button';
import { ErrorBox } from '../ui/ErrorBox';
import { describedBy, FieldError, FieldHint, TextField } from '../ui/FormField';
import { fieldClass } from '../ui/field';
import { listError, splitValues } from './admin-forms';
import type { OfferFormValues } from './offer-form-schema';

// What a voucher's form and a promotion's share: what the offer takes off, where, and from what
// spend. Each form holds these under `offer` and wraps them in react-hook-form's FormProvider.

interface OfferHolder {
  offer: OfferFormValues;
}

const groupLegend = 'text-sm font-medium';
const choiceRow = 'flex min-h-11 items-center gap-3';
const choiceInput = 'size-5 shrink-0 accent-accent';

export const WHOLE_ORDER = 'Whole order';

/** Which services free delivery is limited to, in a few words (the list knows their ids only). */
export const servicesWords = (services: readonly string[]) =>
  `${services.length} delivery ${services.length === 1 ? 'service' : 'services'} only`;

/** Where an offer applies, in a few words: `Whole order`, `Scarves, Hats; 2 products`. */
export function appliesToWords({
  categories,
  products,
}: {
  categories: readonly string[];
  products: readonly string[];
}): string {
  const parts: string[] = [];
  if (categories.length > 0) parts.push(categories.map(shelfName).join(', '));
  if (products.length > 0) {
    parts.push(`${products.length} ${products.length === 1 ? 'product' : 'products'}`);
  }
  return parts.length === 0 ? WHOLE_ORDER : parts.join('; ');
}

interface Choice {
  value: string;
  label: string;
}

/** Ticks for a list of values (shelves, services): none, one or many, kept as an array. */
function CheckboxGroup(props: {
  name: 'offer.services' | 'offer.appliesTo.categories';
  legend: string;
  hint: string;
  choices: readonly Choice[];
}) {
  const { name, legend, hint, choices } = props;
  const { field, fieldState } = useController<OfferHolder, typeof name>({ name });
  const id = useId();
  const error = listError(fieldState.error);
  const chosen: readonly string[] = field.value;
  const toggle = (value: string, on: boolean) =>
    field.onChange(on ? [...chosen, value] : chosen.filter((each) => each !== value));
  return (
    <fieldset className="flex min-w-0 flex-col">
      <legend className={groupLegend}>{legend}</legend>
      <div className="mt-1.5 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {choices.map((choice, index) => (
          <label key={choice.value} className={choiceRow}>
            <input
              type="checkbox"
              className={choiceInput}
              // The first tick is where a save's error about the list brings the focus.
              ref={index === 0 ? field.ref : undefined}
              checked={chosen.includes(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(`${id}-hint`, `${id}-error`)}
            />
            <span className="wrap-anywhere">{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** A choice of a few values as radio buttons, under a legend. */
function RadioGroup(props: {
  name: 'offer.kind' | 'offer.scope';
  legend: string;
  choices: readonly Choice[];
}) {
  const { register } = useFormContext<OfferHolder>();
  return (
    <fieldset className="flex flex-col">
      <legend className={groupLegend}>{props.legend}</legend>
      <div className="mt-1.5 flex flex-col">
        {props.choices.map((choice) => (
          <label key={choice.value} className={choiceRow}>
            <input
              type="radio"
              value={choice.value}
              className={choiceInput}
              {...register(props.name)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const KIND_CHOICES = OFFER_KINDS.map((kind) => ({ value: kind, label: OFFER_KIND_WORDS[kind] }));
const SCOPE_CHOICES = [
  { value: 'order', label: 'The whole order' },
  { value: 'some', label: 'Some shelves or products' },
];
const SHELF_CHOICES = SHELVES.map((shelf) => ({ value: shelf, label: SHELF_NAMES[shelf] }));

/** The shop's delivery services to tick, and any the offer names that the settings lost since. */
function DeliveryServices() {
  const settings = useSettings();
  const chosen = useWatch<OfferHolder, 'offer.services'>({ name: 'offer.services' });
  if (settings.isPending) return <p className="text-muted">Loading delivery services…</p>;
  if (settings.error) return <ErrorBox error={settings.error} />;
  const services = settings.data.delivery.services;
  const known = new Set(services.map((service) => service.id));
  const choices = [
    ...services.map((service) => ({
      value: service.id,
      label: service.active ? service.name : `${service.name} (not offered now)`,
    })),
    ...chosen
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: `${id} (no longer a service)` })),
  ];
  return (
    <CheckboxGroup
      name="offer.services"
      legend="Delivery services"
      hint="Delivery is free on the services ticked. Tick none for any service."
      choices={choices}
    />
  );
}

/** What the chosen kind takes off: an amount, a percentage (and its cap), or the delivery. */
function KindFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<OfferHolder>();
  const kind = useWatch<OfferHolder, 'offer.kind'>({ name: 'offer.kind' });
  if (kind === 'delivery') return <DeliveryServices />;
  if (kind === 'percent') {
    return (
      <>
        <TextField
          label="Percentage off"
          hint="A whole number from 1 to 100."
          inputMode="numeric"
          autoComplete="off"
          error={errors.offer?.percent?.message}
          {...register('offer.percent')}
        />
        <TextField
          label="Cap (£)"
          hint="The most it takes off. Leave blank for no cap."
          inputMode="decimal"
          autoComplete="off"
          error={errors.offer?.cap?.message}
          {...register('offer.cap')}
        />
      </>
    );
  }
  return (
    <TextField
      label="Discount (£)"
      inputMode="decimal"
      autoComplete="off"
      error={errors.offer?.discount?.message}
      {...register('offer.discount')}
    />
  );
}

/** The products found for some words, each with a button that adds it to the offer. */
function FoundProducts({ q, onAdd }: { q: string; onAdd: (id: string) => void }) {
  const found = useProductSearch({ q, category: '', stock: '', page: 1 });
  if (found.isPending) return <p className="text-muted">Searching…</p>;
  if (found.error) return <ErrorBox error={found.error} />;
  const products = found.data.products.slice(0, 5);
  if (products.length === 0) return <p className="text-muted">No product matches “{q}”.</p>;
  return (
    <ul className="flex flex-col" aria-label="Products found">
      {products.map((product) => (
        <li key={product._id} className="flex items-center justify-between gap-3">
          <span className="min-w-0 wrap-anywhere">{product.name}</span>
          <Button
            variant="quiet"
            aria-label={`Add ${product.name}`}
            onClick={() => onAdd(product._id)}
          >
            Add
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** A search of the catalogue, inside the offer's form: Enter searches rather than saves. */
function ProductFinder({ onAdd }: { onAdd: (id: string) => void }) {
  const id = useId();
  const [words, setWords] = useState('');
  const [asked, setAsked] = useState('');
  const search = () => setAsked(words.trim());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };
  return (
    <div role="search" aria-label="Find a product" className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Find a product
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={words}
          maxLength={100}
          autoComplete="off"
          className={fieldClass}
          onChange={(event) => setWords(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={search}>
          Search
        </Button>
      </div>
      {asked !== '' && <FoundProducts q={asked} onAdd={onAdd} />}
    </div>
  );
}

/** Where the offer applies: the whole order, or the shelves ticked and the products named. */
function AppliesToInputs() {
  const {
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<OfferHolder>();
  const scope = useWatch<OfferHolder, 'offer.scope'>({ name: 'offer.scope' });
  const addProduct = (id: string) => {
    const products = splitValues(getValues('offer.appliesTo.products'));
    if (products.includes(id)) return;
    setValue('offer.appliesTo.products', [...products, id].join(', '), {
      shouldDirty: true,
      shouldValidate: errors.offer?.appliesTo !== undefined,
    });
  };
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <RadioGroup name="offer.scope" legend="Applies to" choices={SCOPE_CHOICES} />
      {scope === 'some' && (
        <>
          <CheckboxGroup
            name="offer.appliesTo.categories"
            legend="Shelves"
            hint="A department takes in each of its categories."
            choices={SHELF_CHOICES}
          />
          <TextField
            label="Products"
            hint="Product ids, separated by commas. Find a product below to add it."
            autoComplete="off"
            spellCheck={false}
            error={errors.offer?.appliesTo?.products?.message}
            {...register('offer.appliesTo.products')}
          />
          <ProductFinder onAdd={addProduct} />
        </>
      )}
    </div>
  );
}

/**
 * An offer's fields: its kind, then only the fields that kind uses, where it applies, and the
 * minimum spend. Inside a FormProvider whose values hold them under `offer`.
 */
export function OfferInputs() {
  const {
    register,
    formState: { errors },
  } = useFormContext<OfferHolder>();
  return (
    <>
      <RadioGroup name="offer.kind" legend="Kind" choices={KIND_CHOICES} />
      <KindFields />
      <AppliesToInputs />
      <TextField
        label="Minimum spend (£)"
        hint="What the items it applies to must come to. Leave blank for no minimum."
        inputMode="decimal"
        autoComplete="off"
        error={errors.offer?.minSpend?.message}
        {...register('offer.minSpend')}
      />
    </>
  );
}

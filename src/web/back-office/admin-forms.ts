import type { UseFormReturn } from 'react-hook-form';
import * as z from 'zod';
import {
  madeToOrderBodySchema,
  preorderBodySchema,
  productUpdateBodySchema,
} from '../../shared/catalog/catalog-admin';
import { variantProblem } from '../../shared/catalog/variants';
import { galleryProblem } from '../../shared/catalog/gallery';
import { wasPriceProblem } from '../../shared/catalog/was-prices';
import { productFacetsSchema } from '../../shared/catalog/facets';

/**
 * The back office forms' own schemas: the API's body schemas from `src/shared`, with the numbers
 * as the text fields hold them. A blank field is asked for; anything else is turned into a number
 * and judged by the API's own rule, so the form and the server say the same words.
 */
export function typedNumber(blank: string, schema: z.ZodType<number, number>) {
  return z.string().trim().min(1, blank).transform(Number).pipe(schema);
}

/**
 * A weight as typed, in grams: blank is 0 (for a variant, as its product; for a product, not
 * weighed yet), anything else judged by the API's rule.
 */
function gramsText<S extends z.ZodType<unknown, number | undefined>>(schema: S) {
  return z
    .string()
    .trim()
    .transform((text): number | undefined => (text === '' ? 0 : Number(text)))
    .pipe(schema);
}

/** A was price as typed: blank is none (null), anything else judged by the API's rule. */
function wasPriceText<S extends z.ZodType<unknown, number | null | undefined>>(schema: S) {
  return z
    .string()
    .trim()
    .transform((text): number | null | undefined => (text === '' ? null : Number(text)))
    .pipe(schema);
}

const productBody = productUpdateBodySchema.shape;
/** The API's own lists, with their limits (three options at most, each named once…). */
const optionGroupsBody = productBody.options.unwrap().unwrap();
const variantsBody = productBody.variants.unwrap().unwrap();
const optionGroupBody = optionGroupsBody.element;
const variantBody = variantsBody.element;

/** An option's values as the admin types them, in one field: `XS, S, M`; blanks are dropped. */
export const splitValues = (text: string): string[] =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

const optionGroupFormSchema = optionGroupBody.extend({
  values: z.string().transform(splitValues).pipe(optionGroupBody.shape.values),
});

const variantFormSchema = variantBody.extend({
  price: typedNumber('Please enter a price', variantBody.shape.price),
  compareAtPrice: wasPriceText(variantBody.shape.compareAtPrice),
  countInStock: typedNumber('Please enter how many are in stock', variantBody.shape.countInStock),
  weightGrams: gramsText(variantBody.shape.weightGrams),
  /** A picture's address, or blank for none. */
  image: z
    .string()
    .transform((image): string | null | undefined => (image === '' ? null : image))
    .pipe(variantBody.shape.image),
});

/** A facet as its select holds it: blank for none (null), else judged by the API's own list. */
const facetChoice = z.string().transform((value): string | null => (value === '' ? null : value));

/** The four facets as their selects hold them, read into the body by the API's own schema. */
const facetsFormSchema = z
  .object({
    metal: facetChoice,
    stone: facetChoice,
    colour: facetChoice,
    material: facetChoice,
  })
  .pipe(productFacetsSchema);

const personalisationBody = productBody.personalisation.unwrap().unwrap();

/** Each field of a personalisation as typed, judged by the API's own rule. */
const personalisationFields = {
  label: personalisationBody.shape.label,
  maxLength: typedNumber(
    'Please give how many characters a line holds',
    personalisationBody.shape.maxLength,
  ),
  lines: typedNumber('Please choose how many lines', personalisationBody.shape.lines),
  characters: personalisationBody.shape.characters,
  price: typedNumber('Please give a price (0 for none)', personalisationBody.shape.price),
  pricePerCharacter: typedNumber(
    'Please give a price a character (0 for none)',
    personalisationBody.shape.pricePerCharacter,
  ),
} as const;

/** A personalisation as its fields hold it: offered or not, its numbers as typed. */
const personalisationFormSchema = z.object({
  offered: z.boolean(),
  label: z.string(),
  maxLength: z.string(),
  lines: z.string(),
  characters: z.string(),
  price: z.string(),
  pricePerCharacter: z.string(),
  required: z.boolean(),
});
type PersonalisationForm = z.infer<typeof personalisationFormSchema>;

/** The personalisation the fields give, once each is right; null when none is offered. */
const personalisationOfForm = (form: PersonalisationForm) =>
  form.offered
    ? personalisationBody.parse({
        ...z.object(personalisationFields).parse(form),
        required: form.required,
      })
    : null;

const productPrice = typedNumber('Please enter a price', productBody.price);
const productWasPrice = wasPriceText(productBody.compareAtPrice);
const productStock = typedNumber('Please enter how many are in stock', productBody.countInStock);
const productWeight = gramsText(productBody.weightGrams.unwrap());

const leadDaysField = madeToOrderBodySchema.shape.leadDays;
const releaseDateField = preorderBodySchema.shape.releaseDate;
const preorderLimitField = preorderBodySchema.shape.limit;

/** A number typed, blank for none: NaN for words, so the API's rule says what is wrong. */
const typed = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** Made to order and the pre-order as their fields hold them: blank for none. */
function madeForYouIssues(form: {
  madeToOrderDays: string;
  preorderRelease: string;
  preorderLimit: string;
}): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const days = typed(form.madeToOrderDays);
  const lead = days === undefined ? undefined : leadDaysField.safeParse(days).error?.issues[0];
  if (lead) issues.push({ path: 'madeToOrderDays', message: lead.message });
  const release = form.preorderRelease.trim();
  const limit = typed(form.preorderLimit);
  if (release === '' && limit === undefined) return issues;
  const date = releaseDateField.safeParse(release).error?.issues[0];
  if (date) issues.push({ path: 'preorderRelease', message: date.message });
  const most = preorderLimitField.safeParse(limit).error?.issues[0];
  if (most) issues.push({ path: 'preorderLimit', message: most.message });
  if (days !== undefined) {
    issues.push({
      path: 'preorderRelease',
      message: 'A product is made to order or on pre-order, not both',
    });
  }
  return issues;
}

/** `variants.2.options` as a form field's path: `['variants', 2, 'options']`. */
const pathOf = (dotted: string) =>
  dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * With variants, the product's price and stock follow them (the lowest price, the stock added
 * up), as the server keeps them; without, the admin types them. The groups and variants are then
 * judged by the server's own `variantProblem`, once each of their fields is right.
 */
export const productFormSchema = productUpdateBodySchema
  .extend({
    price: z.string(),
    compareAtPrice: z.string(),
    countInStock: z.string(),
    // Judged below with the price and stock, so its mistake never hides theirs.
    weightGrams: z.string(),
    options: z.array(optionGroupFormSchema).pipe(optionGroupsBody),
    variants: z.array(variantFormSchema).pipe(variantsBody),
    facets: facetsFormSchema,
    /** Working days to make it; blank when sold from stock. */
    madeToOrderDays: z.string(),
    /** A pre-order's release date and limit; both blank for none. */
    preorderRelease: z.string(),
    preorderLimit: z.string(),
    personalisation: personalisationFormSchema,
  })
  .superRefine(
    ({ personalisation }, context) => {
      if (!personalisation.offered) return;
      for (const [name, schema] of Object.entries(personalisationFields)) {
        const issue = schema.safeParse(personalisation[name as keyof PersonalisationForm]).error
          ?.issues[0];
        if (issue) {
          context.addIssue({
            code: 'custom',
            message: issue.message,
            path: ['personalisation', name],
          });
        }
      }
    },
    { when: () => true },
  )
  .superRefine(
    (form, context) => {
      for (const { path, message } of madeForYouIssues(form)) {
        context.addIssue({ code: 'custom', message, path: [path] });
      }
    },
    { when: () => true },
  )
  .superRefine(
    (form, context) => {
      const weight = productWeight.safeParse(form.weightGrams).error?.issues[0];
      if (weight)
        context.addIssue({ code: 'custom', message: weight.message, path: ['weightGrams'] });
      if (form.variants.length > 0) return;
      for (const [name, schema] of [
        ['price', productPrice],
        ['compareAtPrice', productWasPrice],
        ['countInStock', productStock],
      ] as const) {
        const issue = schema.safeParse(form[name]).error?.issues[0];
        if (issue) context.addIssue({ code: 'custom', message: issue.message, path: [name] });
      }
    },
    // Said with the other fields' errors, whatever they are.
    { when: () => true },
  )
  .superRefine(
    (form, context) => {
      const problem = variantProblem(form.options, form.variants);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem.message, path: pathOf(problem.path) });
      }
    },
    {
      when: ({ issues }) =>
        !issues.some(({ path = [] }) => path[0] === 'options' || path[0] === 'variants'),
    },
  )
  .superRefine(
    (form, context) => {
      // With variants, the product's was price follows theirs: only theirs are typed.
      const problem = wasPriceProblem(
        form.variants.length > 0
          ? { price: 0, variants: form.variants }
          : {
              price: productPrice.parse(form.price),
              compareAtPrice: productWasPrice.parse(form.compareAtPrice),
              variants: [],
            },
      );
      if (problem) {
        context.addIssue({ code: 'custom', message: problem.message, path: pathOf(problem.path) });
      }
    },
    {
      when: ({ issues }) =>
        !issues.some(({ path = [] }) =>
          ['price', 'compareAtPrice', 'variants'].includes(String(path[0])),
        ),
    },
  )
  .superRefine(
    (form, context) => {
      const problem = galleryProblem(form);
      if (problem) {
        // Without pictures, it is the list that needs one: the form has no image field of its own.
        const path = problem.path === 'image' ? ['images'] : pathOf(problem.path);
        context.addIssue({ code: 'custom', message: problem.message, path });
      }
    },
    {
      when: ({ issues }) =>
        !issues.some(({ path = [] }) => path[0] === 'images' || path[0] === 'variants'),
    },
  )
  .transform(({ madeToOrderDays, preorderRelease, preorderLimit, ...rest }) => {
    const days = typed(madeToOrderDays);
    const limit = typed(preorderLimit);
    return {
      ...rest,
      madeToOrder: days === undefined ? null : { leadDays: days },
      preorder: limit === undefined ? null : { releaseDate: preorderRelease.trim(), limit },
    };
  })
  .transform(({ price, compareAtPrice, countInStock, weightGrams, personalisation, ...rest }) => {
    const form = { ...rest, personalisation: personalisationOfForm(personalisation) };
    return form.variants.length > 0
      ? {
          ...form,
          weightGrams: productWeight.parse(weightGrams),
          price: Math.min(...form.variants.map((variant) => variant.price)),
          compareAtPrice: null,
          countInStock: form.variants.reduce((sum, variant) => sum + variant.countInStock, 0),
        }
      : {
          ...form,
          weightGrams: productWeight.parse(weightGrams),
          price: productPrice.parse(price),
          compareAtPrice: productWasPrice.parse(compareAtPrice),
          countInStock: productStock.parse(countInStock),
        };
  });
export type ProductFormValues = z.input<typeof productFormSchema>;
type ProductFormBody = z.output<typeof productFormSchema>;
/** An option group and a variant as the form holds them, before the schema reads them. */
export type OptionGroupRow = ProductFormValues['options'][number];
export type VariantRow = ProductFormValues['variants'][number];
/** What the product form's sections share: its fields, values and errors. */
export type ProductFormApi = UseFormReturn<ProductFormValues, unknown, ProductFormBody>;

/** An optional number: blank means none (null), anything else is judged by the API's rule. */
export function optionalNumber(schema: z.ZodType<number | null, number | null>) {
  return z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(schema);
}

const ukDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The UK day of an ISO time as a date input holds it (`2026-12-31`). The server keeps a voucher
 * valid to the end of its day, UK time, so the day round-trips unchanged.
 */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    ukDay.formatToParts(date).find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A money amount as a text field shows it: blank for nothing yet, else two decimals. */
export const poundsText = (pounds: number): string => (pounds > 0 ? pounds.toFixed(2) : '');

/**
 * What is wrong with a whole list ('Each option needs its own name'): react-hook-form keeps it
 * on the list itself, or on the list's `root` once the list has fields.
 */
export function listError(
  error: { message?: string | undefined; root?: { message?: string | undefined } } | undefined,
): string | undefined {
  return error?.root?.message ?? error?.message;
}

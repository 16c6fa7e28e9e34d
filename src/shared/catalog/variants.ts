import type { OptionGroup, VariantOptions } from './catalog';

/** What can go wrong with options and variants, and the HTTP status each answers. */
export const VARIANT_ERRORS = {
  VARIANT_REQUIRED: 400,
  VARIANT_UNKNOWN: 400,
  VARIANT_DUPLICATE: 400,
  VARIANT_INCOMPLETE: 400,
  OPTION_VALUE_UNKNOWN: 400,
  VARIANTS_MISSING: 400,
  SKU_TAKEN: 409,
} as const;
type VariantErrorCode = keyof typeof VARIANT_ERRORS;

/** The groups an owner usually needs; others may be named too. */
export const SUGGESTED_OPTION_NAMES = ['Size', 'Chain length', 'Ring size', 'Colour'] as const;
export const MAX_OPTION_GROUPS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 100;
export const MAX_SPECIFICATIONS = 20;

/** `Size: M`, or `Size: M, Colour: Navy`, in the order of the product's groups. */
export function variantLabel(groups: readonly OptionGroup[], options: VariantOptions): string {
  return groups
    .filter((group) => options[group.name] !== undefined)
    .map((group) => `${group.name}: ${options[group.name]}`)
    .join(', ');
}

/** One key per combination, whatever order its groups were written in. */
export function combinationKey(groups: readonly OptionGroup[], options: VariantOptions): string {
  return JSON.stringify(groups.map((group) => options[group.name] ?? null));
}

/** Every combination of the groups' values, in the order a shopper reads them. */
export function allCombinations(groups: readonly OptionGroup[]): VariantOptions[] {
  return groups.reduce<VariantOptions[]>(
    (combinations, group) =>
      combinations.flatMap((options) =>
        group.values.map((value) => ({ ...options, [group.name]: value })),
      ),
    [{}],
  );
}

interface VariantProblem {
  code: VariantErrorCode;
  message: string;
  /** Where in the body, for a form: `variants.2.options`. */
  path: string;
}

/**
 * What is wrong with a product's groups and variants, if anything: every variant names one known
 * value of every group, no combination twice, and options and variants come together.
 */
export function variantProblem(
  groups: readonly OptionGroup[],
  variants: readonly { options: VariantOptions; sku: string }[],
): VariantProblem | undefined {
  if (groups.length > 0 && variants.length === 0) {
    return {
      code: 'VARIANTS_MISSING',
      message: 'A product with options needs at least one variant to sell',
      path: 'variants',
    };
  }
  if (groups.length === 0 && variants.length > 0) {
    return {
      code: 'VARIANTS_MISSING',
      message: 'Variants need option groups to choose between',
      path: 'options',
    };
  }
  const seen = new Set<string>();
  const skus = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    const path = `variants.${index}.options`;
    const unknownGroup = Object.keys(variant.options).find(
      (name) => !groups.some((group) => group.name === name),
    );
    if (unknownGroup !== undefined) {
      return {
        code: 'OPTION_VALUE_UNKNOWN',
        message: `Variant ${index + 1} names "${unknownGroup}", which is not one of the product's options`,
        path,
      };
    }
    const missing = groups.find((group) => variant.options[group.name] === undefined);
    if (missing) {
      return {
        code: 'VARIANT_INCOMPLETE',
        message: `Variant ${index + 1} needs a ${missing.name.toLowerCase()}`,
        path,
      };
    }
    const unknownValue = groups.find(
      (group) => !group.values.includes(variant.options[group.name] ?? ''),
    );
    if (unknownValue) {
      return {
        code: 'OPTION_VALUE_UNKNOWN',
        message: `"${variant.options[unknownValue.name]}" is not one of the ${unknownValue.name.toLowerCase()} values`,
        path,
      };
    }
    const key = combinationKey(groups, variant.options);
    if (seen.has(key)) {
      return {
        code: 'VARIANT_DUPLICATE',
        message: `${variantLabel(groups, variant.options)} is listed twice`,
        path,
      };
    }
    seen.add(key);
    const sku = variant.sku.toUpperCase();
    if (skus.has(sku)) {
      return {
        code: 'SKU_TAKEN',
        message: `The SKU ${variant.sku} is used by two variants`,
        path: `variants.${index}.sku`,
      };
    }
    skus.add(sku);
  }
  return undefined;
}

/** The variant a shopper's choices make, if every group is chosen and it is sold. */
export function variantFor<V extends { options: VariantOptions }>(
  groups: readonly OptionGroup[],
  variants: readonly V[],
  chosen: VariantOptions,
): V | undefined {
  if (groups.some((group) => chosen[group.name] === undefined)) return undefined;
  const key = combinationKey(groups, chosen);
  return variants.find((variant) => combinationKey(groups, variant.options) === key);
}

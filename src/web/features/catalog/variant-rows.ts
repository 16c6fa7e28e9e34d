import { allCombinations, combinationKey, variantLabel } from '../../../shared/catalog/variants';
import type { OptionGroup, VariantOptions } from '../../../shared/catalog/catalog';
import { splitValues, type OptionGroupRow, type VariantRow } from '../../back-office/admin-forms';

/** The option groups the admin has filled in so far: named, with at least one value, each once. */
export function groupsOf(rows: readonly OptionGroupRow[]): OptionGroup[] {
  return rows
    .map((row) => ({ name: row.name.trim(), values: [...new Set(splitValues(row.values))] }))
    .filter((group) => group.name !== '' && group.values.length > 0);
}

/**
 * How a row names its variant (`Size: M`): in the order of the groups, then any option no group
 * has any more, so a row keeps its name while the admin renames a group.
 */
export function rowLabel(groups: readonly OptionGroup[], options: VariantOptions): string {
  const known = variantLabel(groups, options);
  const others = Object.entries(options)
    .filter(([name]) => !groups.some((group) => group.name === name))
    .map(([name, value]) => `${name}: ${value}`);
  return [known, ...others].filter((part) => part !== '').join(', ') || 'No options';
}

const skuPart = (text: string) => text.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A first SKU for a new variant: the product name's initials, then its values (`BST-M`). */
export function skuFor(
  productName: string,
  groups: readonly OptionGroup[],
  options: VariantOptions,
): string {
  const initials = productName
    .split(/\s+/)
    .map((word) => skuPart(word).charAt(0))
    .join('');
  const values = groups.map((group) => skuPart(options[group.name] ?? ''));
  return [initials || 'SKU', ...values.filter((value) => value !== '')].join('-').slice(0, 64);
}

/** A number the admin typed, when it is one. */
function typed(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

/** The lowest price among the rows whose price is typed right, as the product's price will be. */
export function lowestPrice(rows: readonly VariantRow[]): number | undefined {
  const prices = rows.map((row) => typed(row.price)).filter((price) => price !== undefined);
  const positive = prices.filter((price) => price > 0);
  return positive.length > 0 ? Math.min(...positive) : undefined;
}

/** The stock of the rows added up, as the product's stock will be (rows typed wrong count 0). */
export function totalStock(rows: readonly VariantRow[]): number {
  return rows.reduce((sum, row) => {
    const stock = typed(row.countInStock);
    return stock !== undefined && Number.isInteger(stock) && stock > 0 ? sum + stock : sum;
  }, 0);
}

export interface Combinations {
  rows: VariantRow[];
  added: number;
  removed: number;
}

/**
 * One row per combination of the groups' values, in the order a shopper reads them. A row the
 * admin already has for a combination is kept, with its id, SKU, price and stock; a new
 * combination gets `fresh(options)`; rows whose combination is gone are dropped.
 */
export function makeCombinations(
  groups: readonly OptionGroup[],
  rows: readonly VariantRow[],
  fresh: (options: VariantOptions) => VariantRow,
): Combinations {
  if (groups.length === 0) return { rows: [], added: 0, removed: rows.length };
  const unused = [...rows];
  const made = allCombinations(groups).map((options) => {
    const key = combinationKey(groups, options);
    const index = unused.findIndex((row) => combinationKey(groups, row.options) === key);
    const [kept] = index === -1 ? [] : unused.splice(index, 1);
    // A kept row takes the combination's options, losing any group that was removed.
    return kept ? { ...kept, options } : fresh(options);
  });
  const keptCount = rows.length - unused.length;
  return { rows: made, added: made.length - keptCount, removed: unused.length };
}

import * as z from 'zod';

/**
 * Money typed by the shop owner (a price, a discount, a minimum spend): pounds, at most two
 * decimals, up to a million. The back office's forms judge it by this same rule. `negative` is
 * what an amount below zero is told, where £0.00 is allowed.
 */
export function poundsSchema(
  label: string,
  {
    aboveZero,
    negative = `${label} cannot be negative`,
  }: { aboveZero: boolean; negative?: string },
) {
  const amount = z
    .number({ error: `${label} must be a number` })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: `${label} can have at most two decimals`,
    })
    .max(1_000_000, `${label} is too large`);
  return aboveZero ? amount.gt(0, `${label} must be more than £0.00`) : amount.min(0, negative);
}

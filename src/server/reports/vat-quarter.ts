import {
  parseQuarter,
  quarterBounds,
  quarterEndWords,
  quarterHolding,
  quarterKey,
  type VatQuarter,
  type VatSettings,
} from '../../shared/reports/vat';
import type { ShopDatabase } from '../db/database';
import type { ShopSettings } from '../settings/shop-settings';
import { ShopError } from '../http/errors';
import type { InstantRange } from '../sql/tax-points';

/** What the VAT return and record are made with: the database and the shop's settings (`vat`). */
export interface VatContext {
  database: ShopDatabase;
  settings: ShopSettings;
}

/**
 * The quarter asked for by the month it ends (`2026-06`), or the one running now when none is.
 * A month that ends no quarter of the shop's stagger, and text that is no month, are refused with
 * the months its quarters do end in.
 */
export function quarterAsked(
  asked: string | undefined,
  { stagger }: Pick<VatSettings, 'stagger'>,
  now: Date,
): VatQuarter {
  const running = quarterHolding(now, stagger);
  if (asked === undefined) return running;
  const quarter = parseQuarter(asked, stagger);
  if (quarter) return quarter;
  const ends = `this shop's VAT quarters end in ${quarterEndWords(stagger)}`;
  throw new ShopError(
    'QUARTER_UNKNOWN',
    /^\d{4}-\d{2}$/.test(asked)
      ? `${asked} does not end a VAT quarter: ${ends}`
      : `Please name a VAT quarter by the month it ends, such as ${quarterKey(running)}: ${ends}`,
  );
}

/** A quarter's bounds as the repository compares them: ISO instants, `to` not included. */
export function rangeOf(quarter: VatQuarter): InstantRange {
  const { from, to } = quarterBounds(quarter);
  return { from: from.toISOString(), to: to.toISOString() };
}

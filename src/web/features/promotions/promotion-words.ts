import type { Promotion, PromotionState } from '../../../shared/promotions/promotions';
import { formatLongDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { appliesToWords, servicesWords } from '../../back-office/offer-inputs';

export const STATE_WORDS: Record<PromotionState, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
};

/** Where a promotion applies and from what spend: `Scarves; spend £40.00 or more`. */
export function promotionWhere(promotion: Promotion): string {
  const parts = [appliesToWords(promotion.appliesTo)];
  if (promotion.services.length > 0) parts.push(servicesWords(promotion.services));
  if (promotion.minSpend !== null) parts.push(`spend ${formatPounds(promotion.minSpend)} or more`);
  return parts.join('; ');
}

/** Where a promotion stands, as its form says it atop. */
export function promotionNote(promotion: Promotion): string {
  const ends = formatLongDate(promotion.ends);
  if (promotion.state === 'scheduled') {
    return `Scheduled: shoppers get this offer from ${formatLongDate(promotion.starts)} to ${ends}.`;
  }
  if (promotion.state === 'live') return `Live: shoppers get this offer until ${ends}.`;
  return `Ended on ${ends}: shoppers no longer get this offer.`;
}

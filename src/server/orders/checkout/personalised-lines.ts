import {
  personalisationPence,
  personalisationProblem,
} from '../../../shared/catalog/personalisation';
import type { LinePersonalisation } from '../orders.repository';
import type { ProductRecord } from '../../catalog/stock.service';
import { ShopError } from '../../http/errors';

// Personalised basket lines: a text judged by its product's rules and priced by them, and the
// tick a buyer gives before paying for one.

/**
 * What a basket line's text (normalised; empty for none) is sold as, for its product: undefined
 * when it has none; refused (400, the code naming the rule broken) when the product offers no
 * personalisation, needs one, or the text breaks its lines, length or characters.
 */
export function personalisedAs(
  product: ProductRecord,
  text: string,
  index: number,
): LinePersonalisation | undefined {
  const offer = product.personalisation;
  const problem = personalisationProblem(offer, text, product.name);
  if (problem) {
    throw new ShopError(problem.code, problem.message, [
      { path: `orderItems.${String(index)}.personalisation`, message: problem.message },
    ]);
  }
  if (offer === null || text === '') return undefined;
  return { label: offer.label, text, pricePence: personalisationPence(offer, text) };
}

/**
 * A personalised item is made for its buyer, so it is outside the right to cancel (Consumer
 * Contracts Regulations 2013, regulation 28(1)(b)): a payment or order with one is taken only once
 * the buyer has ticked that they know it (400 PERSONALISATION_TERMS).
 */
export function refuseWithoutTerms(
  lines: readonly { personalisation: LinePersonalisation | undefined }[],
  ticked: boolean | undefined,
): void {
  if (ticked === true || !lines.some((line) => line.personalisation)) return;
  const message =
    'Please tick to say you understand that personalised items cannot be returned or cancelled for a change of mind';
  throw new ShopError('PERSONALISATION_TERMS', message, [
    { path: 'personalisationTerms', message },
  ]);
}

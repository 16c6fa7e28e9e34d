import { FORMER_CUSTOMER } from '../../shared/accounts/accounts';

/** The name a review carries when its author gave none. */
export const UNNAMED_REVIEWER = 'A customer';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * How a review names its author: the first name and the initial of the last ('Hannah Wright'
 * becomes 'Hannah W.'), so a customer's full name is never published. A single name ('Sophie')
 * and one already short ('Hannah W.') stay as they are.
 */
export function reviewerName(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  const [first] = words;
  const last = words.length > 1 ? words.at(-1) : undefined;
  if (first === undefined) return UNNAMED_REVIEWER;
  const whole = words.join(' ');
  if (last === undefined || whole === UNNAMED_REVIEWER || whole === FORMER_CUSTOMER) return whole;
  const initial = LETTER_OR_DIGIT.exec(last)?.[0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en-GB')}.` : first;
}

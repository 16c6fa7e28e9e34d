import { createHash, randomInt } from 'node:crypto';
import { GIFT_CARD_CODE_LENGTH, lastFourOf } from '../../shared/gift-cards/gift-cards';
import { ORDER_NUMBER_ALPHABET } from '../../shared/orders/order-number-alphabet';

/**
 * A new gift card's code, drawn at random from the order numbers' alphabet (32 characters, 16 of
 * them: 80 bits), as the shop keeps it (upper case, no dashes), with its hash and last 4. The code
 * itself is only ever in the card's mail; the shop keeps the rest.
 */
export function newGiftCardCode(): { code: string; hash: string; last4: string } {
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index += 1) {
    code += ORDER_NUMBER_ALPHABET.charAt(randomInt(ORDER_NUMBER_ALPHABET.length));
  }
  return { code, hash: giftCardCodeHash(code), last4: lastFourOf(code) };
}

/**
 * The hash a card is found by, of a code as the shop keeps it (normalised): SHA-256 in hex, as an
 * order's key is kept. A code of 80 random bits needs no slow hash: it cannot be guessed from it.
 */
export function giftCardCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

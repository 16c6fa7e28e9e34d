import { randomInt } from 'node:crypto';
import { ORDER_NUMBER_ALPHABET } from '../../../shared/orders/order-number-alphabet';
import type { Db } from '../../db/schema';
import { orderNumberTaken } from '../orders.repository';

function randomOrderNumber(): string {
  let characters = '';
  for (let index = 0; index < 8; index += 1) {
    characters += ORDER_NUMBER_ALPHABET.charAt(randomInt(ORDER_NUMBER_ALPHABET.length));
  }
  return `${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/**
 * A number for a new order that no other order has: eight characters at random from 32 (about a
 * million million), so it tells nothing of how many orders there are. One taken is drawn again
 * before the order is written, so a paid order never fails over its number.
 */
export async function freeOrderNumber(db: Db): Promise<string> {
  for (;;) {
    const number = randomOrderNumber();
    if (!(await orderNumberTaken(db, number))) return number;
  }
}

import {
  GIFT_INSTRUCTION,
  SMALL_PARCEL_GRAMS,
  type ClickAndDropQuery,
} from '../../../shared/orders/click-and-drop';
import type { DeliveryService } from '../../../shared/delivery/delivery-settings';
import { ukDay } from '../../../shared/uk-time';
import { money, RECORDS_A_PAGE, type CsvPages, type CsvRow } from '../../http/csv-download';
import type { OrdersContext } from '../orders-context';
import { orderNotFound } from '../order-queries';
import { findOrders, type StoredOrder } from '../orders.repository';
import { paidOrdersAfter } from '../order-work.repository';

/** `2026-11-30` as Click & Drop reads a date: `30/11/26`. */
function clickAndDropDate(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}/${month}/${year.slice(2)}`;
}

/**
 * Letters as Click & Drop takes a name (standard Roman characters only): accents dropped, so
 * `Zoë Brontë` is `Zoe Bronte` on the label rather than refused.
 */
const plainLetters = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The recipient's name as Click & Drop's first and last name: the last word is the last name and
 * the rest the first. A name of one word is all first name, which Click & Drop must have (its last
 * name may be blank).
 */
export function splitName(name: string): { first: string; last: string } {
  const words = plainLetters(name).trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first: words.join(''), last: '' };
  return { first: words.slice(0, -1).join(' '), last: words.at(-1) ?? '' };
}

/**
 * A phone number as Click & Drop takes one, digits alone: `+44 (0)7700 900123` is `07700900123`,
 * a UK number as dialled here.
 */
export function phoneDigits(phone: string): string {
  const written = phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '');
  if (written.startsWith('+44')) return `0${written.slice(3)}`;
  if (written.startsWith('0044')) return `0${written.slice(4)}`;
  return written.replace(/\+/g, '');
}

/** What the items weighed in kilograms, to the gram; blank when unweighed, for Click & Drop to ask. */
const kilograms = (grams: number) => (grams > 0 ? (grams / 1000).toFixed(3) : null);

/**
 * An order as a row of Click & Drop's order import: the recipient, the address, when it was paid,
 * its weight and money, and the carrier's code for the service it was sold with.
 */
function rowOf(order: StoredOrder, services: readonly DeliveryService[]): CsvRow {
  const address = order.shippingAddress;
  const { first, last } = splitName(address.name);
  const service = services.find((each) => each.id === order.delivery?.service);
  return [
    order.orderNumber,
    clickAndDropDate(ukDay(order.paidAt ?? order.createdAt)),
    first,
    last,
    address.address,
    address.line2,
    null,
    address.city,
    address.county,
    address.postalCode,
    address.country,
    order.userEmail,
    phoneDigits(address.phone),
    kilograms(order.weightGrams),
    order.weightGrams > SMALL_PARCEL_GRAMS ? 'Medium parcel' : 'Small parcel',
    // What was paid for the goods (and any wrap), after discounts: with the shipping, the total.
    money(order.totalPence - order.shippingPence),
    money(order.shippingPence),
    money(order.totalPence),
    'GBP',
    service?.serviceCode ?? null,
    order.giftMessage === null ? null : GIFT_INSTRUCTION,
  ];
}

/** Collect orders are handed over at the studio: nothing for Royal Mail. */
const toPost = (order: StoredOrder) => order.delivery?.collect !== true;

/** Every paid order waiting to be posted, oldest first, a batch at a time as the file is written. */
async function* paidOrderRows(context: OrdersContext, batch: number): AsyncGenerator<CsvRow[]> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const orders = await paidOrdersAfter(context.database.db, after, batch);
    const { services } = context.delivery.delivery;
    yield orders.filter(toPost).map((order) => rowOf(order, services));
    const last = orders.at(-1);
    if (last === undefined || orders.length < batch) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The rows of Click & Drop's order import for the orders asked: those ticked, in the order
 * ticked, or every paid order waiting to be posted. Collect orders are left out. An order ticked
 * that is not there makes the whole file 404, before any of it is written, so that none is missed.
 */
export async function clickAndDropRows(
  context: OrdersContext,
  query: ClickAndDropQuery,
  { batch = RECORDS_A_PAGE } = {},
): Promise<CsvPages> {
  if (query.orders === undefined) return paidOrderRows(context, batch);
  const found = await findOrders(context.database.db, query.orders);
  const orders = query.orders.map((id) => found.find((order) => order.id === id));
  if (orders.some((order) => order === undefined)) throw orderNotFound();
  const { services } = context.delivery.delivery;
  return [
    orders
      .filter((order) => order !== undefined)
      .filter(toPost)
      .map((order) => rowOf(order, services)),
  ];
}

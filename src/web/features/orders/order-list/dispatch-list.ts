import type { DispatchLine } from '../../../../shared/orders/order-desk';
import { ORDER_NUMBER_PATTERN } from '../../../../shared/orders/orders';
import {
  CARRIERS,
  trackingNumberFits,
  trackingNumberMisfit,
  type Carrier,
} from '../../../../shared/orders/parcels';

/** A pasted line that cannot be sent, with why, by its line number in the text. */
export interface UnreadLine {
  line: number;
  text: string;
  problem: string;
}

/** A line ready to send: its order (a number in capitals, or an id) and any tracking. */
export interface ReadLine {
  line: number;
  text: string;
  order: DispatchLine;
}

export interface DispatchList {
  lines: ReadLine[];
  unread: UnreadLine[];
}

const squeezed = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase();

/** An order number however it was typed (`k7qf 3mxa`), or an order's id; else undefined. */
function orderOf(written: string): string | undefined {
  const letters = squeezed(written);
  const asNumber = `${letters.slice(0, 4)}-${letters.slice(4)}`;
  if (ORDER_NUMBER_PATTERN.test(asNumber)) return asNumber;
  // An id is 24 letters and digits; a shorter word (a heading, "order") names no order.
  return /^[A-Za-z0-9]{12,64}$/.test(written) ? written : undefined;
}

const carrierOf = (written: string): Carrier | undefined =>
  CARRIERS.find((carrier) => squeezed(carrier) === squeezed(written));

type Read = { line: DispatchLine } | { problem: string };

function readLine(fields: string[]): Read {
  const [order = '', carrierWritten, numberWritten, ...more] = fields;
  const id = orderOf(order);
  if (id === undefined) return { problem: `“${order}” is not an order number` };
  if (more.length > 0) return { problem: 'A line holds at most an order, a carrier and a number' };
  if (!carrierWritten && !numberWritten) return { line: { id } };
  if (!carrierWritten || !numberWritten) {
    return { problem: 'Give both the carrier and the tracking number, or neither' };
  }
  const carrier = carrierOf(carrierWritten);
  if (carrier === undefined) {
    return {
      problem: `“${carrierWritten}” is not a carrier: use one of ${CARRIERS.join(', ')}`,
    };
  }
  const trackingNumber = squeezed(numberWritten);
  if (!trackingNumberFits(carrier, trackingNumber)) {
    return { problem: trackingNumberMisfit(carrier) };
  }
  return { line: { id, carrier, trackingNumber } };
}

/**
 * Reads a pasted list, a line per order: `order, carrier, tracking number` (commas or tabs, as a
 * spreadsheet copies), the carrier in any case and the last two left off for a parcel without
 * tracking. Blank lines are skipped; every line that cannot be sent is kept with its reason, so
 * that nothing goes until the whole list reads.
 */
export function readDispatchList(text: string): DispatchList {
  const list: DispatchList = { lines: [], unread: [] };
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((written, index) => {
    const line = index + 1;
    if (written.trim() === '') return;
    const fields = written.split(/[,\t]/).map((field) => field.trim());
    // A spreadsheet's empty cells at the end of a row say nothing.
    while (fields.length > 1 && fields.at(-1) === '') fields.pop();
    const read = readLine(fields);
    if ('problem' in read) {
      list.unread.push({ line, text: written.trim(), problem: read.problem });
      return;
    }
    const earlier = seen.get(read.line.id);
    if (earlier !== undefined) {
      list.unread.push({
        line,
        text: written.trim(),
        problem: `Order ${read.line.id} is already on line ${earlier}`,
      });
      return;
    }
    seen.set(read.line.id, line);
    list.lines.push({ line, text: written.trim(), order: read.line });
  });
  return list;
}

import {
  TRACKING_COLUMNS,
  type TrackingImportAnswer,
  type TrackingRefusal,
} from '../../../shared/orders/click-and-drop';
import type { DeliveryService } from '../../../shared/delivery/delivery-settings';
import { formatLongDate } from '../../../shared/dates';
import type { OrderStatus } from '../../../shared/orders/order-status';
import { ORDER_NUMBER_PATTERN } from '../../../shared/orders/orders';
import { dispatchBodySchema } from '../../../shared/orders/parcels';
import { ukDay, ukDayStart } from '../../../shared/uk-time';
import type { UserAccount } from '../../accounts/user-account';
import { readCsv, undefused, type CsvFile, type CsvRecord } from '../../http/csv-upload';
import { ShopError } from '../../http/errors';
import { nextTurn } from '../../http/paged-text';
import { sendOnItsWay } from './dispatch';
import type { OrdersContext } from '../orders-context';
import { ordersToTrack, type OrderToTrack } from '../order-work.repository';

const CARRIER = 'Royal Mail';

/** A column's name as compared: `Tracking Number`, `tracking number` and `Tracking_number` alike. */
const columnKey = (name: string) =>
  undefused(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

type Column = keyof typeof TRACKING_COLUMNS;

/** Where each column the import reads is in the header (-1 for one it lacks). */
function columnsOf(header: CsvRecord | undefined): Record<Column, number> {
  const names = header?.cells.map(columnKey) ?? [];
  const at = (column: Column) => names.indexOf(columnKey(TRACKING_COLUMNS[column]));
  return {
    reference: at('reference'),
    trackingNumber: at('trackingNumber'),
    service: at('service'),
    despatchDate: at('despatchDate'),
  };
}

/** `K7QF-3MXA` for `k7qf 3mxa` or `K7QF3MXA`; undefined for what cannot be an order number. */
function orderNumberIn(reference: string): string | undefined {
  const written = reference.toUpperCase().replace(/[\s-]+/g, '');
  const number = `${written.slice(0, 4)}-${written.slice(4)}`;
  return ORDER_NUMBER_PATTERN.test(number) ? number : undefined;
}

/**
 * The UK day a despatch date names (`30/11/2026`, `30/11/26` or `2026-11-30`, a time after it
 * allowed), or undefined for one that is not a day of the calendar.
 */
export function despatchDay(cell: string): string | undefined {
  const british = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:[\sT].*)?$/.exec(cell);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[\sT].*)?$/.exec(cell);
  const [year, month, date] = british
    ? [british[3]?.length === 2 ? `20${british[3]}` : british[3], british[2], british[1]]
    : iso
      ? [iso[1], iso[2], iso[3]]
      : [];
  if (year === undefined || month === undefined || date === undefined) return undefined;
  const day = `${year}-${month.padStart(2, '0')}-${date.padStart(2, '0')}`;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day ? day : undefined;
}

/** Words for a name, as compared: `Royal Mail Tracked 48®` is `royalmailtracked48`. */
const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The shop's own service a Service cell names (its carrier code, or its name, or a good part of
 * it), when it names exactly one; undefined for one the shop does not know.
 */
function serviceNamed(
  cell: string,
  services: readonly DeliveryService[],
): DeliveryService | undefined {
  const written = plain(cell);
  if (written.length < 3) return undefined;
  const names = (service: DeliveryService) =>
    [service.serviceCode, service.name].flatMap((name) => (name ? [plain(name)] : []));
  const matching = services.filter((service) =>
    names(service).some(
      (name) =>
        name === written ||
        (written.length >= 5 && name.includes(written)) ||
        (name.length >= 5 && written.includes(name)),
    ),
  );
  return matching.length === 1 ? matching[0] : undefined;
}

/** A row of the file read whole: the order it names and the parcel it says went. */
interface ReadRow {
  row: number;
  reference: string;
  orderNumber: string;
  trackingNumber: string;
  /** The UK day it went, when the file says. */
  day: string | undefined;
  /** What the file says it went by, as written; empty when it does not say. */
  service: string;
}

/** What every row of the file says, and the rows that cannot be read as they stand. */
async function readRows(file: CsvFile): Promise<{ rows: ReadRow[]; refused: TrackingRefusal[] }> {
  const { records, unreadable } = await readCsv(file.text);
  const [header, ...body] = records;
  const columns = columnsOf(header);
  const missing = (['reference', 'trackingNumber'] as const).filter(
    (column) => columns[column] === -1,
  );
  if (header === undefined || missing.length > 0) {
    const lacking =
      header === undefined
        ? 'is empty'
        : `has no ${missing.map((column) => TRACKING_COLUMNS[column]).join(' or ')} column`;
    throw new ShopError(
      'IMPORT_REFUSED',
      `Nothing was dispatched: the file ${lacking}. Send the despatched orders file as Click & Drop exports it, with its ${TRACKING_COLUMNS.reference} and ${TRACKING_COLUMNS.trackingNumber} columns.`,
    );
  }
  const refused: TrackingRefusal[] = unreadable.map(({ row, message }) => ({
    row,
    reference: '',
    message,
  }));
  const rows: ReadRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of body) {
    const cell = (column: Column) =>
      columns[column] === -1 ? '' : undefused((cells[columns[column]] ?? '').trim());
    const reference = cell('reference');
    const refuse = (message: string) => refused.push({ row, reference, message });
    if (reference === '') {
      refuse('This row has no order reference');
      continue;
    }
    const orderNumber = orderNumberIn(reference);
    if (orderNumber === undefined) {
      refuse(`No order has the number ${reference}`);
      continue;
    }
    const earlier = seen.get(orderNumber);
    if (earlier !== undefined) {
      refuse(`${orderNumber} is on row ${earlier} already`);
      continue;
    }
    seen.set(orderNumber, row);
    if (cell('trackingNumber') === '') {
      refuse(`This row has no tracking number for ${orderNumber}`);
      continue;
    }
    const parcel = dispatchBodySchema.safeParse({
      carrier: CARRIER,
      trackingNumber: cell('trackingNumber'),
    });
    if (!parcel.success || parcel.data.trackingNumber === undefined) {
      refuse(parcel.error?.issues[0]?.message ?? 'That is not a Royal Mail tracking number');
      continue;
    }
    const written = cell('despatchDate');
    const day = written === '' ? undefined : despatchDay(written);
    if (written !== '' && day === undefined) {
      refuse(`The despatch date ${written} is not a date such as 30/11/2026`);
      continue;
    }
    rows.push({
      row,
      reference,
      orderNumber,
      trackingNumber: parcel.data.trackingNumber,
      day,
      service: cell('service'),
    });
  }
  return { rows, refused };
}

/** Order numbers looked up at a time: a few milliseconds, then a turn for everyone else. */
const AT_A_TURN = 500;

async function ordersByNumber(
  context: OrdersContext,
  rows: readonly ReadRow[],
): Promise<Map<string, OrderToTrack>> {
  const found = new Map<string, OrderToTrack>();
  for (let start = 0; start < rows.length; start += AT_A_TURN) {
    const numbers = rows.slice(start, start + AT_A_TURN).map((row) => row.orderNumber);
    for (const order of await ordersToTrack(context.database.db, numbers)) {
      found.set(order.orderNumber, order);
    }
    await nextTurn();
  }
  return found;
}

/** Why an order that is not waiting to be posted cannot be dispatched now. */
const NOT_WAITING: Record<Exclude<OrderStatus, 'paid'>, string> = {
  dispatched: 'has been dispatched already',
  delivered: 'has been delivered already',
  cancelled: 'was cancelled',
  return_requested: 'is being returned',
  refunded: 'was refunded',
};

/** What a row does to its order: nothing (it has this number), or dispatch it, or why it may not. */
type Verdict = { unchanged: true } | { dispatchAt: string } | { refused: string };

/**
 * When a parcel the file says went on `day` is recorded as gone: now, when that is today; else
 * midday that day, or when it was paid if that was later.
 */
function dispatchMoment(day: string | undefined, order: OrderToTrack, now: Date): string {
  if (day === undefined || day === ukDay(now)) return now.toISOString();
  const midday = new Date(ukDayStart(day).getTime() + 12 * 60 * 60 * 1000).toISOString();
  const paid = order.paidAt ?? order.createdAt;
  return paid > midday ? paid : midday;
}

function verdictOf(
  read: ReadRow,
  order: OrderToTrack | undefined,
  services: readonly DeliveryService[],
  now: Date,
): Verdict {
  const { orderNumber, trackingNumber } = read;
  if (!order) return { refused: `No order has the number ${orderNumber}` };
  if (order.tracking?.carrier === CARRIER && order.tracking.number === trackingNumber) {
    return { unchanged: true };
  }
  if (order.delivery?.collect === true) {
    return { refused: `${orderNumber} is collected from the studio: it takes no tracking number` };
  }
  if (order.status === 'dispatched' && order.tracking) {
    return {
      refused: `${orderNumber} was dispatched already with ${order.tracking.carrier} ${order.tracking.number}: if ${trackingNumber} is the right number, correct the tracking on the order`,
    };
  }
  if (order.status !== 'paid') return { refused: `${orderNumber} ${NOT_WAITING[order.status]}` };
  const paidDay = ukDay(order.paidAt ?? order.createdAt);
  if (read.day !== undefined && read.day < paidDay) {
    return {
      refused: `The despatch date is before ${orderNumber} was paid, on ${formatLongDate(ukDayStart(paidDay))}`,
    };
  }
  if (read.day !== undefined && read.day > ukDay(now)) {
    return { refused: `The despatch date of ${orderNumber} has not come yet` };
  }
  const sold = order.delivery;
  const went = serviceNamed(read.service, services);
  if (sold && went && went.id !== sold.service) {
    return {
      refused: `${orderNumber} was paid for ${sold.name}, but the file says it went by ${read.service}: if that is right, dispatch it on the order`,
    };
  }
  return { dispatchAt: dispatchMoment(read.day, order, now) };
}

/**
 * Reads the despatched orders Click & Drop exports (`Order reference`, `Tracking number`, and
 * `Service` and `Despatch date` when there) and dispatches each paid order with Royal Mail and its
 * number, as staff would one by one: mailed once, audited. A row for an order dispatched already
 * with that number changes nothing; a row that cannot be matched, or would dispatch what must not
 * be, is refused with its reason and stops no other. A dry run writes and mails nothing, and
 * answers what would be done. A file without the columns it needs is refused whole.
 */
export async function importTracking(
  context: OrdersContext,
  staff: UserAccount,
  file: CsvFile,
  { dryRun, now = new Date() }: { dryRun: boolean; now?: Date },
): Promise<TrackingImportAnswer> {
  const { rows, refused } = await readRows(file);
  const orders = await ordersByNumber(context, rows);
  const { services } = context.delivery.delivery;
  const answer: TrackingImportAnswer = { dispatched: [], unchanged: [], refused };
  for (const read of rows) {
    const order = orders.get(read.orderNumber);
    const verdict = verdictOf(read, order, services, now);
    if ('unchanged' in verdict) {
      answer.unchanged.push(read.orderNumber);
      continue;
    }
    if ('refused' in verdict || !order) {
      const message = 'refused' in verdict ? verdict.refused : 'This row names no order';
      refused.push({ row: read.row, reference: read.reference, message });
      continue;
    }
    if (!dryRun) {
      try {
        const parcel = { carrier: CARRIER, trackingNumber: read.trackingNumber } as const;
        await sendOnItsWay(context, staff, { id: order.id, body: parcel, at: verdict.dispatchAt });
      } catch (error) {
        // Dispatched, cancelled or refunded by someone else since the file was read.
        if (!(error instanceof ShopError)) throw error;
        refused.push({ row: read.row, reference: read.reference, message: error.message });
        continue;
      }
    }
    answer.dispatched.push(read.orderNumber);
  }
  refused.sort((a, b) => a.row - b.row);
  return answer;
}

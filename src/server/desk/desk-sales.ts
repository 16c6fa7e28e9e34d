import { DESK_DAYS, type Sales, type SalesDay, type SalesFigures } from '../../shared/desk/desk';
import { penceToPounds, type Pence } from '../../shared/money';
import { ukDay, ukDayStartBefore } from '../../shared/uk-time';
import type { Db } from '../db/schema';
import { paidOrdersByDay } from '../orders/order-figures';
import { refundsByDay } from '../payments/ledger.service';

/** The owner's sales read for the desk: the last 30 UK days and the 30 before, day by day. */
const DAYS_READ = 2 * DESK_DAYS;

interface DayTotals {
  date: string;
  orders: number;
  grossPence: Pence;
  refundsPence: Pence;
}

function figuresOf(days: readonly DayTotals[]): SalesFigures {
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const grossPence = days.reduce((sum, day) => sum + day.grossPence, 0);
  const refundsPence = days.reduce((sum, day) => sum + day.refundsPence, 0);
  return {
    orders,
    gross: penceToPounds(grossPence),
    refunds: penceToPounds(refundsPence),
    net: penceToPounds(grossPence - refundsPence),
    averageOrder: orders === 0 ? 0 : penceToPounds(Math.round(grossPence / orders)),
  };
}

/**
 * The money of the last 60 UK days, summed by the database a day at a time (orders by when they
 * were paid, refunds by when they went through) and added up here in pence: the periods the desk
 * shows, and the last 30 days one by one, a day without sales as zeros.
 */
export async function salesOf(db: Db, now: Date): Promise<{ sales: Sales; daily: SalesDay[] }> {
  const starts = Array.from({ length: DAYS_READ }, (_, index) =>
    ukDayStartBefore(now, DAYS_READ - 1 - index).toISOString(),
  );
  const [paid, refunded] = await Promise.all([
    paidOrdersByDay(db, starts),
    refundsByDay(db, starts),
  ]);
  const days: DayTotals[] = starts.map((start) => ({
    date: ukDay(start),
    orders: 0,
    grossPence: 0,
    refundsPence: 0,
  }));
  for (const row of paid) {
    const day = days[row.day];
    if (day) {
      day.orders += row.orders;
      day.grossPence += row.totalPence;
    }
  }
  for (const row of refunded) {
    const day = days[row.day];
    if (day) day.refundsPence += row.amountPence;
  }
  const lastDays = (count: number) => days.slice(DAYS_READ - count);
  return {
    sales: {
      today: figuresOf(lastDays(1)),
      last7Days: figuresOf(lastDays(7)),
      last30Days: figuresOf(lastDays(DESK_DAYS)),
      previous30Days: figuresOf(days.slice(0, DAYS_READ - DESK_DAYS)),
    },
    daily: lastDays(DESK_DAYS).map((day) => ({
      date: day.date,
      orders: day.orders,
      gross: penceToPounds(day.grossPence),
      refunds: penceToPounds(day.refundsPence),
    })),
  };
}

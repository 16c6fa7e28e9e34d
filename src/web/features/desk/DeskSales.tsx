import { formatPence, poundsToPence } from '../../../shared/money';
import type { Sales, SalesDay, SalesFigures } from '../../../shared/desk/desk';
import { AdminTable, cell } from '../../back-office/admin-table';
import { DeskSection } from '../../back-office/desk-section';
import { SalesChart } from './SalesChart';

const PERIODS = [
  ['today', 'Today'],
  ['last7Days', 'Last 7 days'],
  ['last30Days', 'Last 30 days'],
  ['previous30Days', 'The 30 days before'],
] as const satisfies readonly (readonly [keyof Sales, string])[];

const HEADINGS = ['Period', 'Orders', 'Gross', 'Refunds', 'Net', 'Average order'] as const;

const pounds = (amount: number) => formatPence(poundsToPence(amount));

function PeriodRow({ label, period }: { label: string; period: SalesFigures }) {
  return (
    <tr>
      <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
        {label}
      </th>
      <td className={`${cell} tabular-nums`}>{period.orders}</td>
      <td className={`${cell} tabular-nums`}>{pounds(period.gross)}</td>
      <td className={`${cell} tabular-nums`}>{pounds(period.refunds)}</td>
      <td className={`${cell} font-medium tabular-nums`}>{pounds(period.net)}</td>
      <td className={`${cell} tabular-nums`}>{pounds(period.averageOrder)}</td>
    </tr>
  );
}

/** `+12%`, `−5%`, or nothing to compare with. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'up from nothing';
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return 'no change';
  return percent > 0 ? `up ${percent}%` : `down ${-percent}%`;
}

/** The last 30 days against the 30 before, in words. */
function Comparison({ sales }: { sales: Sales }) {
  const { last30Days: now, previous30Days: before } = sales;
  return (
    <p>
      Against the 30 days before: net {pounds(now.net)}, {change(now.net, before.net)}; orders{' '}
      {now.orders}, {change(now.orders, before.orders)}.
    </p>
  );
}

/** The owner's view of the money: periods side by side, then each of the last 30 days. */
export function DeskSales({ sales, daily }: { sales: Sales; daily: readonly SalesDay[] }) {
  return (
    <DeskSection id="desk-sales" title="Sales">
      <AdminTable label="Sales by period" minWidth="min-w-[40rem]" headings={HEADINGS}>
        {PERIODS.map(([key, label]) => (
          <PeriodRow key={key} label={label} period={sales[key]} />
        ))}
      </AdminTable>
      <Comparison sales={sales} />
      <SalesChart days={daily} />
    </DeskSection>
  );
}

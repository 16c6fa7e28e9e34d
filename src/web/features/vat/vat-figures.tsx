import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { VAT_REFUNDS_LISTED, type VatFigures, type VatReport } from '../../../shared/reports/vat';
import { textLinkClass } from '../../ui/Button';
import { AdminTable, cell } from '../../back-office/admin-table';
import { DeskSection, Empty } from '../../back-office/desk-section';
import { orderListAddress } from '../../back-office/order-list-address';
import { countOf, pounds, poundsLess } from './vat-money';

/** Where the quarter's refunds are listed on the page. */
export const REFUNDS_LISTED_ID = 'vat-refunds';

/** The order list, narrowed to the orders paid on the quarter's UK days: its sales. */
export const salesAddress = (report: Pick<VatReport, 'firstDay' | 'lastDay'>) =>
  orderListAddress({ q: '', status: '', from: report.firstDay, to: report.lastDay });

const FIGURE_HEADINGS = ['What', 'How many', 'With VAT', 'VAT', 'Without VAT'] as const;

function FigureRow({ label, figures }: { label: string; figures: VatFigures }) {
  return (
    <tr>
      <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
        {label}
      </th>
      <td className={`${cell} tabular-nums`}>{figures.count}</td>
      <td className={`${cell} tabular-nums`}>{pounds(figures.gross)}</td>
      <td className={`${cell} tabular-nums`}>{pounds(figures.vat)}</td>
      <td className={`${cell} tabular-nums`}>{pounds(figures.net)}</td>
    </tr>
  );
}

/** The quarter's sales and refunds added up, and what is left of them. */
export function VatFiguresTable({ report }: { report: VatReport }) {
  const { sales, refunds } = report;
  const less = (of: 'gross' | 'vat' | 'net') => poundsLess(sales[of], refunds[of]);
  return (
    <DeskSection id="vat-figures" title="Sales and refunds">
      <AdminTable
        label="Sales and refunds added up"
        minWidth="min-w-[36rem]"
        headings={FIGURE_HEADINGS}
      >
        <FigureRow label="Sales" figures={sales} />
        <FigureRow label="Refunds" figures={refunds} />
        <tr>
          <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
            Sales less refunds
          </th>
          <td className={cell} />
          <td className={`${cell} font-medium tabular-nums`}>{less('gross')}</td>
          <td className={`${cell} font-medium tabular-nums`}>{less('vat')}</td>
          <td className={`${cell} font-medium tabular-nums`}>{less('net')}</td>
        </tr>
      </AdminTable>
      <p>
        A sale counts when it was paid, a refund when it went through, each by the UK day.{' '}
        <Link to={salesAddress(report)} className={textLinkClass}>
          See the {countOf(sales.count, 'order', 'orders')} paid in the quarter
        </Link>
        .
      </p>
      {(sales.outside !== 0 || refunds.outside !== 0) && (
        <p>
          Gift cards outside VAT are in no box: {pounds(sales.outside)} of sales (multi-purpose
          cards sold, or what single-purpose cards paid) and {pounds(refunds.outside)} of refunds.
        </p>
      )}
    </DeskSection>
  );
}

const REFUND_HEADINGS = ['Went through', 'Order', 'Refunded', 'VAT in it'] as const;

/** The refunds that went through in the quarter, each with its order. */
export function VatRefundsTable({ report }: { report: VatReport }) {
  const { refundList, refunds } = report;
  return (
    <DeskSection id={REFUNDS_LISTED_ID} title="Refunds in the quarter" count={refunds.count}>
      {refundList.length === 0 ? (
        <Empty>No refund went through in this quarter.</Empty>
      ) : (
        <AdminTable
          label="Each refund of the quarter"
          minWidth="min-w-[32rem]"
          headings={REFUND_HEADINGS}
        >
          {refundList.map((refund) => (
            <tr key={refund._id}>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={refund.at}>{formatLongDate(refund.at)}</time>
              </td>
              <td className={cell}>
                <Link
                  to={`/admin/order/${encodeURIComponent(refund.order._id)}`}
                  className={`${textLinkClass} font-mono text-sm whitespace-nowrap`}
                >
                  {refund.order.orderNumber}
                </Link>
              </td>
              <td className={`${cell} tabular-nums`}>{pounds(refund.amount)}</td>
              <td className={`${cell} tabular-nums`}>{pounds(refund.vat)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {refunds.count > refundList.length && (
        <p className="text-muted">
          The first {VAT_REFUNDS_LISTED} of {refunds.count} refunds, oldest first; the VAT record
          lists every one.
        </p>
      )}
    </DeskSection>
  );
}

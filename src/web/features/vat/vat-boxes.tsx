import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { VatReport } from '../../../shared/reports/vat';
import { textLinkClass } from '../../ui/Button';
import { DeskSection } from '../../back-office/desk-section';
import { REFUNDS_LISTED_ID, salesAddress } from './vat-figures';
import { countOf, pounds, poundsLess, wholePounds } from './vat-money';

interface Box {
  box: number;
  title: string;
  /** What to type, or where to find it. */
  typeIn: string;
  /** How the shop came to it, in words. */
  why: ReactNode;
}

/** The sales and refunds a box is worked out from: the orders paid, and the refunds listed below. */
function Behind({ report }: { report: VatReport }) {
  return (
    <span className="mt-1 block">
      From{' '}
      <Link to={salesAddress(report)} className={textLinkClass}>
        {countOf(report.sales.count, 'sale', 'sales')}
      </Link>{' '}
      and{' '}
      <a href={`#${REFUNDS_LISTED_ID}`} className={textLinkClass}>
        {countOf(report.refunds.count, 'refund', 'refunds')}
      </a>
      .
    </span>
  );
}

const FROM_PURCHASES = 'From your purchase records';

function boxesOf(report: VatReport): Box[] {
  const { sales, refunds, flatRate } = report;
  const flat = report.scheme === 'flat-rate';
  const turnover = poundsLess(sales.gross, refunds.gross);
  const behind = <Behind report={report} />;
  return [
    {
      box: 1,
      title: 'VAT due on sales',
      typeIn: pounds(report.box1),
      why: flat ? (
        <>
          {flatRate}% (your flat rate) of the quarter’s takings with VAT, {turnover}: sales less
          refunds. {behind}
        </>
      ) : (
        <>
          The VAT in the quarter’s sales, {pounds(sales.vat)}, less the VAT in its refunds,{' '}
          {pounds(refunds.vat)}. {behind}
        </>
      ),
    },
    {
      box: 2,
      title: 'VAT due on goods brought in from the EU',
      typeIn: pounds(report.box2),
      why: 'The shop brings in no goods from the EU.',
    },
    {
      box: 4,
      title: 'VAT reclaimed on purchases',
      typeIn: FROM_PURCHASES,
      why: flat
        ? 'On the Flat Rate Scheme, only the VAT on capital goods over £2,000 (with VAT). The shop keeps no purchases.'
        : 'The VAT on what the business bought. The shop keeps no purchases.',
    },
    {
      box: 6,
      title: flat ? 'Total sales, with VAT' : 'Total sales, without VAT',
      typeIn: wholePounds(report.box6),
      why: flat ? (
        <>
          The quarter’s takings with VAT, {turnover}, in whole pounds: on the Flat Rate Scheme box 6
          includes VAT. {behind}
        </>
      ) : (
        <>
          Sales less refunds, both without VAT ({poundsLess(sales.net, refunds.net)}), in whole
          pounds with the pence left out. {behind}
        </>
      ),
    },
    {
      box: 7,
      title: 'Total purchases, without VAT',
      typeIn: FROM_PURCHASES,
      why: 'What the business bought, without VAT. The shop keeps no purchases.',
    },
    {
      box: 8,
      title: 'Goods sold to EU countries',
      typeIn: wholePounds(report.box8),
      why: 'The shop sells in the UK only.',
    },
    {
      box: 9,
      title: 'Goods bought from EU countries',
      typeIn: wholePounds(report.box9),
      why: 'The shop brings in no goods from the EU.',
    },
  ];
}

/**
 * What to type in each box of the VAT return in the owner's Making Tax Digital software: a list
 * rather than a table, so that on a phone each box reads whole, its figure beside its name.
 */
export function VatBoxes({ report }: { report: VatReport }) {
  return (
    <DeskSection id="vat-boxes" title="What to type in your VAT return">
      <ol aria-label="The boxes of the VAT return" className="flex flex-col divide-y divide-line">
        {boxesOf(report).map((row) => (
          <li
            key={row.box}
            className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 py-3 md:grid-cols-[minmax(0,18rem)_14rem_minmax(0,1fr)]"
          >
            <p className="font-medium">
              Box {row.box}: {row.title}
            </p>
            <p className="text-right font-medium whitespace-nowrap tabular-nums md:text-left">
              {row.typeIn}
            </p>
            <p className="col-span-2 max-w-prose text-muted md:col-span-1">{row.why}</p>
          </li>
        ))}
      </ol>
      <p className="max-w-prose">
        Your Making Tax Digital software works out boxes 3 and 5 from the others. Boxes 4 and 7 come
        from the records of what the business bought, which the shop does not keep.
      </p>
    </DeskSection>
  );
}

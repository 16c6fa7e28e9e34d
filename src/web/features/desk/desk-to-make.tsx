import { Link } from 'react-router';
import { shortDay } from '../../../shared/delivery/delivery-days';
import { makingWords } from '../../../shared/catalog/made-for-you';
import type { Desk, LineToMake } from '../../../shared/desk/desk';
import { textLinkClass } from '../../ui/Button';
import { PersonalisedText } from '../../ui/PersonalisedText';
import { AdminTable, cell } from '../../back-office/admin-table';
import { DeskSection, Empty } from '../../back-office/desk-section';

/** Made to order in its lead days, or on pre-order from its release date: as sold. */
function howMade(line: LineToMake): string {
  if (line.madeToOrder) return makingWords({ madeToOrder: line.madeToOrder, preorder: null });
  if (line.preorder) return makingWords({ madeToOrder: null, preorder: line.preorder });
  return '';
}

function MakeRow({ line }: { line: LineToMake }) {
  return (
    <tr className={line.late ? 'bg-error/5' : undefined}>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={line.dueDay}>{shortDay(line.dueDay)}</time>
        {line.late && (
          <span className="ml-2 inline-block rounded-shop bg-error/10 px-2 py-0.5 text-xs font-medium text-error">
            Late
          </span>
        )}
      </td>
      <td className={cell}>
        <span className="block wrap-anywhere">
          {line.qty} × {line.name}
          {line.variantLabel ? ` (${line.variantLabel})` : ''}
        </span>
        {howMade(line) !== '' && <span className="block text-sm text-muted">{howMade(line)}</span>}
        {line.personalisation && (
          <PersonalisedText label={line.personalisation.label} text={line.personalisation.text} />
        )}
      </td>
      <td className={cell}>
        <Link
          to={`/admin/order/${encodeURIComponent(line.order)}`}
          className={`${textLinkClass} font-mono text-sm whitespace-nowrap`}
        >
          {line.orderNumber}
        </Link>
        <span className="block text-sm wrap-anywhere">{line.customer.name}</span>
      </td>
    </tr>
  );
}

const MAKE_HEADINGS = ['Due', 'Item', 'Order'] as const;

/** What is to be made for buyers, the soonest due first (the server's order). */
export function ToMake({ lines }: { lines: Desk['toMake'] }) {
  const late = lines.filter((line) => line.late).length;
  return (
    <DeskSection id="desk-make" title="To make" count={lines.length}>
      {lines.length === 0 ? (
        <Empty>Nothing is waiting to be made.</Empty>
      ) : (
        <>
          {late > 0 && (
            <p className="font-medium text-error">
              {late === 1 ? '1 item is late.' : `${late} items are late.`}
            </p>
          )}
          <AdminTable label="Items to make" minWidth="min-w-[32rem]" headings={MAKE_HEADINGS}>
            {lines.map((line, index) => (
              <MakeRow key={`${line.order}-${String(index)}`} line={line} />
            ))}
          </AdminTable>
        </>
      )}
    </DeskSection>
  );
}

import type { ReactNode } from 'react';
import {
  CAME_BACK_DAYS,
  CAME_BACK_LOOKS_DAYS,
  type CameBack as CameBackFigures,
} from '../../../shared/desk/desk';
import { formatPence, poundsToPence } from '../../../shared/money';
import { Link } from 'react-router';
import { AdminTable, cell } from '../../back-office/admin-table';
import { DeskSection } from '../../back-office/desk-section';
import { textLinkClass } from '../../ui/Button';
import { formatLongDate } from '../../../shared/dates';

const HEADINGS = ['Mail', 'Sent', 'Orders', 'Came to'] as const;

const pounds = (amount: number) => formatPence(poundsToPence(amount));

function MailRow(props: { label: ReactNode; sent: number; orders: number; gross: number }) {
  return (
    <tr>
      <th scope="row" className={`${cell} text-left font-medium`}>
        {props.label}
      </th>
      <td className={`${cell} tabular-nums`}>{props.sent}</td>
      <td className={`${cell} tabular-nums`}>{props.orders}</td>
      <td className={`${cell} tabular-nums`}>{pounds(props.gross)}</td>
    </tr>
  );
}

/** The owner's view of what the shop's marketing mail brought back. */
export function CameBack({ cameBack }: { cameBack: CameBackFigures }) {
  const { reminders, newsletters } = cameBack;
  return (
    <DeskSection id="desk-came-back" title="What came back">
      <p className="text-muted">
        Orders placed within {CAME_BACK_DAYS} days of a mail to the same address, for the mails of
        the last {CAME_BACK_LOOKS_DAYS} days.
      </p>
      <AdminTable label="Orders after the shop’s mail" minWidth="min-w-[20rem]" headings={HEADINGS}>
        <MailRow
          label="Basket reminders"
          sent={reminders.sent}
          orders={reminders.recovered}
          gross={reminders.gross}
        />
        {newsletters.map((letter) => (
          <MailRow
            key={letter._id}
            label={
              <>
                <Link
                  to={`/admin/newsletter/${letter._id}`}
                  className={`${textLinkClass} wrap-anywhere`}
                >
                  {letter.subject}
                </Link>
                <span className="block text-sm font-normal text-muted">
                  Newsletter, {formatLongDate(letter.sentAt)}
                </span>
              </>
            }
            sent={letter.mailed}
            orders={letter.orders}
            gross={letter.gross}
          />
        ))}
      </AdminTable>
    </DeskSection>
  );
}

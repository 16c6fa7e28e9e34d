import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { SHOP_NAME } from '../../../shared/settings/shop';
import {
  parseQuarter,
  quarterKey,
  quarterLabel,
  recentQuarters,
  type VatReport,
} from '../../../shared/reports/vat';
import { downloadVatRecord, useVatReport } from '../../api/vat-report';
import { textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { fieldClass } from '../../ui/field';
import { PageHeading } from '../../ui/PageHeading';
import { TableLoading } from '../../back-office/admin-table';
import { PageActionButton } from '../../back-office/page-actions';
import { saveFile } from '../../back-office/save-file';
import { VatBoxes } from './vat-boxes';
import { VatFiguresTable, VatRefundsTable } from './vat-figures';

export const VAT_PATH = '/admin/vat';

/** The file the VAT record is saved as, named by its quarter. */
export const vatRecordName = (quarter: string) => `vat-record-${quarter}.csv`;

function DownloadRecordButton({ quarter }: { quarter: string }) {
  const download = useMutation({
    mutationFn: () => downloadVatRecord(quarter),
    onSuccess: (blob) => saveFile(blob, vatRecordName(quarter)),
  });
  return (
    <PageActionButton
      variant="secondary"
      busy={download.isPending}
      error={download.error}
      onClick={() => download.mutate()}
    >
      Download the VAT record (CSV)
    </PageActionButton>
  );
}

/**
 * The quarters of the shop's stagger to choose from: the one running now and those before it,
 * and the one shown when it is older. Choosing one puts it in the address.
 */
function QuarterPicker({ report }: { report: VatReport }) {
  const id = useId();
  const navigate = useNavigate();
  const [now] = useState(() => new Date());
  const offered = recentQuarters(report.stagger, now);
  const shown = parseQuarter(report.quarter, report.stagger);
  if (shown && !offered.some((quarter) => quarterKey(quarter) === report.quarter)) {
    offered.push(shown);
  }
  return (
    <div className="flex w-full max-w-sm flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Quarter
      </label>
      <select
        id={id}
        className={fieldClass}
        value={report.quarter}
        onChange={(event) =>
          void navigate(`${VAT_PATH}?quarter=${encodeURIComponent(event.currentTarget.value)}`)
        }
      >
        {offered.map((quarter) => (
          <option key={quarterKey(quarter)} value={quarterKey(quarter)}>
            {quarterLabel(quarter)}
          </option>
        ))}
      </select>
    </div>
  );
}

const schemeWords = ({ scheme, flatRate }: VatReport) =>
  scheme === 'flat-rate' ? `the Flat Rate Scheme at ${flatRate ?? 0}%` : 'the standard scheme';

function VatQuarter({ report }: { report: VatReport }) {
  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <QuarterPicker report={report} />
        <DownloadRecordButton quarter={report.quarter} />
      </div>
      <p className="mb-8 max-w-prose">
        From {formatLongDate(report.from)} to {formatLongDate(report.lastDay)}, UK time, on{' '}
        {schemeWords(report)}.
      </p>
      <div className="flex flex-col gap-12">
        <VatBoxes report={report} />
        <VatFiguresTable report={report} />
        <VatRefundsTable report={report} />
      </div>
    </>
  );
}

/**
 * A quarter's VAT return, the owner's: what to type in each box of their Making Tax Digital
 * software, the sales and refunds behind it, and the record to give the accountant.
 */
export function VatPage() {
  const [params] = useSearchParams();
  const report = useVatReport((params.get('quarter') ?? '').trim());
  return (
    <>
      <title>{`VAT return | ${SHOP_NAME}`}</title>
      <PageHeading lead="Each quarter’s figures for your VAT return, and the record behind them for your accountant.">
        VAT return
      </PageHeading>
      {report.isPending ? (
        <TableLoading label="Loading the VAT return…" />
      ) : report.isError ? (
        <div className="flex flex-col gap-4">
          <ErrorBox error={report.error} title="The VAT return could not be loaded" />
          <p>
            <Link to={VAT_PATH} className={textLinkClass}>
              Show the quarter running now
            </Link>
          </p>
        </div>
      ) : (
        <VatQuarter report={report.data} />
      )}
    </>
  );
}

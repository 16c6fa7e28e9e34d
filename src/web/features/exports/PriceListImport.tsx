import { useId, useState } from 'react';
import { STOCK_MOVED, type ImportAnswer, type ImportChange } from '../../../shared/exports/exports';
import { formatPounds } from '../../../shared/money';
import { FACET_LABELS, facetValueName } from '../../../shared/catalog/facets';
import { ApiError } from '../../api/client';
import { useApplyPriceList, useCheckPriceList } from '../../api/exports';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { FormStatus } from '../../ui/FormField';
import { AdminTable, cell } from '../../back-office/admin-table';
import { CsvCheckForm } from '../../back-office/CsvCheckForm';

const changesWords = (count: number) => (count === 1 ? '1 change' : `${count} changes`);
const rowsWords = (count: number) => (count === 1 ? '1 row' : `${count} rows`);

/**
 * `£34.00 → £36.50`, `none → £40.00` for a was price, `0 → 4` for stock, or `None → Sterling
 * silver` for a facet.
 */
function fromTo({ field, from, to }: ImportChange): string {
  const words = (value: number | string | null) => {
    if (typeof value === 'string') return facetValueName(value);
    if (value === null) return field === 'price' || field === 'compareAtPrice' ? 'none' : 'None';
    return field === 'stock' ? String(value) : formatPounds(value);
  };
  return `${words(from)} → ${words(to)}`;
}

const FIELD_WORDS: Record<ImportChange['field'], string> = {
  price: 'Price',
  compareAtPrice: 'Was price',
  stock: 'Stock',
  ...FACET_LABELS,
};

const CHANGE_HEADINGS = ['Row', 'SKU', 'Product', 'Change', 'From → to'] as const;
const REFUSAL_HEADINGS = ['Row', 'Why it cannot be applied'] as const;

/** What a check of the file found: each change it makes, and each row it cannot apply. */
function Findings({ answer }: { answer: ImportAnswer }) {
  const { changes, refusals } = answer;
  const rowsRefused = new Set(refusals.map((refusal) => refusal.row)).size;
  const moved = refusals.filter((refusal) => refusal.code === STOCK_MOVED).length;
  const summary =
    refusals.length > 0
      ? `${rowsWords(rowsRefused)} of the file cannot be applied, so nothing will change until they are put right.`
      : changes.length === 0
        ? 'The file changes nothing: its prices are the shop’s now, and it sets no new stock.'
        : `The file makes ${changesWords(changes.length)}.`;
  return (
    <div className="flex flex-col gap-4">
      <p aria-live="polite">{summary}</p>
      {moved > 0 && (
        <p className="max-w-prose">
          {moved === 1 ? 'One row sets a stock' : `${moved} rows set a stock`} that has sold or
          changed since the file was downloaded. Download the products file again and make the
          change there, or empty the stock cell to keep the stock the shop has now.
        </p>
      )}
      {refusals.length > 0 && (
        <AdminTable label="Rows refused" minWidth="min-w-[18rem]" headings={REFUSAL_HEADINGS}>
          {refusals.map((refusal, index) => (
            <tr key={`${refusal.row}-${index}`}>
              <td className={`${cell} tabular-nums`}>{refusal.row}</td>
              <td className={`${cell} wrap-anywhere text-error`}>{refusal.message}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {changes.length > 0 && (
        <AdminTable label="Changes" minWidth="min-w-[40rem]" headings={CHANGE_HEADINGS}>
          {changes.map((change) => (
            <tr key={`${change.row}-${change.field}`}>
              <td className={`${cell} tabular-nums`}>{change.row}</td>
              <td className={`${cell} font-mono text-sm wrap-anywhere`}>{change.sku ?? '—'}</td>
              <td className={`${cell} wrap-anywhere`}>{change.name}</td>
              <td className={cell}>{FIELD_WORDS[change.field]}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{fromTo(change)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}

/**
 * A price list loaded back: the products file changed in a spreadsheet is checked first, showing
 * every change and every row refused; it is applied only when nothing is refused. A refusal found
 * only as it is applied (the catalogue changed meanwhile) is shown by checking the file again.
 */
export function PriceListImport() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const check = useCheckPriceList();
  const apply = useApplyPriceList();
  const findings = check.data;
  const choose = (chosen: File | null) => {
    setFile(chosen);
    check.reset();
    apply.reset();
  };
  const applyFile = (chosen: File) =>
    apply.mutate(chosen, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'IMPORT_REFUSED') check.mutate(chosen);
      },
    });
  const count = findings?.changes.length ?? 0;
  const canApply =
    findings !== undefined && findings.refusals.length === 0 && count > 0 && !apply.isSuccess;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex max-w-4xl flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-xl">
        Import prices and stock
      </h2>
      <p className="max-w-prose text-muted">
        Change the price, was price (compare_at_price, empty for none), stock, and metal, stone,
        colour and material (each empty for none) columns of the products file in a spreadsheet,
        save it as CSV, and choose it here; leave its exported stock column as it is. A was price
        must be one the item sold at for 28 days in a row within the last 6 months. Check it to see
        every change before it is made: a file with any row that cannot be applied changes nothing.
        A stock left as it was downloaded, or emptied, stays as the shop has it, so what sold since
        stays sold.
      </p>
      <CsvCheckForm
        label="Price list (CSV)"
        hint="The products file’s columns: rows are found by SKU, or by product for one sold one way."
        onChoose={choose}
        onCheck={() => {
          if (file) check.mutate(file);
        }}
        canCheck={file !== null && !check.isPending}
      />
      {check.error && <ErrorBox error={check.error} />}
      {findings && <Findings answer={findings} />}
      {findings && (
        <div>
          <Button disabled={!canApply || apply.isPending} onClick={() => file && applyFile(file)}>
            Apply {changesWords(count)}
          </Button>
        </div>
      )}
      <FormStatus
        success={
          apply.data?.applied &&
          `Applied ${changesWords(apply.data.changes.length)}: the shop shows the new prices and stock now.`
        }
        error={apply.error}
      />
    </section>
  );
}

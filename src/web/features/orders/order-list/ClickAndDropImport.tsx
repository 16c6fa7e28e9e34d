import { useId, useState } from 'react';
import type { TrackingImportAnswer } from '../../../../shared/orders/click-and-drop';
import { useApplyTracking, useCheckTracking } from '../../../api/click-and-drop';
import { Button } from '../../../ui/Button';
import { ErrorBox } from '../../../ui/ErrorBox';
import { FormStatus } from '../../../ui/FormField';
import { AdminTable, cell } from '../../../back-office/admin-table';
import { CsvCheckForm } from '../../../back-office/CsvCheckForm';

const orders = (count: number) => `${count} order${count === 1 ? '' : 's'}`;

const REFUSAL_HEADINGS = ['Row', 'Order reference', 'Why not'] as const;

/** Order numbers as a list to read: `K7QF-3MXA, M9MA-2QRT`. */
function Numbers({ label, numbers }: { label: string; numbers: readonly string[] }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-3 gap-y-1 font-mono text-sm">
      {numbers.map((number) => (
        <li key={number}>{number}</li>
      ))}
    </ul>
  );
}

/**
 * What the file does, or, checked, would do: the orders dispatched with their numbers, those that
 * have that number already, and each row refused with why.
 */
function Findings({ answer, applied }: { answer: TrackingImportAnswer; applied: boolean }) {
  const { dispatched, unchanged, refused } = answer;
  const one = dispatched.length === 1;
  const tracked = one ? 'its tracking number' : 'their tracking numbers';
  const sent =
    dispatched.length === 0
      ? applied
        ? 'No order was dispatched.'
        : 'The file dispatches no order.'
      : applied
        ? `Dispatched ${orders(dispatched.length)} with Royal Mail and ${tracked}; ${one ? 'its customer has' : 'each customer has'} been mailed:`
        : `It will dispatch ${orders(dispatched.length)} with Royal Mail and ${tracked}, and mail ${one ? 'its customer' : 'each customer'}:`;
  return (
    <div className="flex flex-col gap-3">
      <p className={applied && dispatched.length > 0 ? 'text-success' : undefined}>{sent}</p>
      {dispatched.length > 0 && (
        <Numbers
          label={applied ? 'Orders dispatched' : 'Orders to dispatch'}
          numbers={dispatched}
        />
      )}
      {unchanged.length > 0 && (
        <>
          <p>
            {orders(unchanged.length)} {unchanged.length === 1 ? 'has' : 'have'} that tracking
            number already: nothing to do.
          </p>
          <Numbers label="Orders with that number already" numbers={unchanged} />
        </>
      )}
      {refused.length > 0 && (
        <>
          <p className="font-medium text-error">
            {refused.length === 1
              ? '1 row dispatches nothing:'
              : `${refused.length} rows dispatch nothing:`}
          </p>
          <AdminTable label="Rows refused" minWidth="min-w-[20rem]" headings={REFUSAL_HEADINGS}>
            {refused.map((refusal) => (
              <tr key={refusal.row}>
                <td className={`${cell} tabular-nums`}>{refusal.row}</td>
                <td className={`${cell} font-mono text-sm wrap-anywhere`}>
                  {refusal.reference || '—'}
                </td>
                <td className={`${cell} wrap-anywhere`}>{refusal.message}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </div>
  );
}

/**
 * Click & Drop's despatched orders brought back: the file is checked first, showing what it
 * would dispatch and what it refuses, and each order is dispatched with its Royal Mail tracking
 * number only when the owner says so.
 */
export function ClickAndDropImport() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const check = useCheckTracking();
  const apply = useApplyTracking();
  const choose = (chosen: File | null) => {
    setFile(chosen);
    check.reset();
    apply.reset();
  };
  const toSend = check.data?.dispatched.length ?? 0;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-xl">
        Import tracking from Click &amp; Drop
      </h2>
      <p className="max-w-prose text-muted">
        In Click &amp; Drop, export your despatched orders as a CSV file and choose it here. You see
        first what it will do; each paid order is then dispatched with Royal Mail and its tracking
        number, and its customer mailed once.
      </p>
      <CsvCheckForm
        label="Despatched orders (CSV)"
        hint="It needs the Order reference and Tracking number columns; Service and Despatch date are checked when it has them."
        onChoose={choose}
        onCheck={() => {
          if (file) check.mutate(file);
        }}
        canCheck={file !== null && !check.isPending}
      />
      {check.error && <ErrorBox error={check.error} title="The file cannot be read" />}
      <div aria-live="polite" className="empty:hidden">
        {apply.data ? (
          <Findings answer={apply.data} applied />
        ) : (
          check.data && <Findings answer={check.data} applied={false} />
        )}
      </div>
      {check.data && !apply.isSuccess && (
        <div>
          <Button
            disabled={toSend === 0 || apply.isPending}
            onClick={() => file && apply.mutate(file)}
          >
            Dispatch {orders(toSend)}
          </Button>
        </div>
      )}
      <FormStatus error={apply.error} />
    </section>
  );
}

import { useState, type SubmitEvent } from 'react';
import { MAX_DISPATCH_LINES } from '../../../../shared/orders/order-desk';
import { Button } from '../../../ui/Button';
import { TextArea } from '../../../ui/FormField';
import { readDispatchList } from './dispatch-list';
import type { DispatchRun } from './dispatch-run';

const EXAMPLE = 'K7QF-3MXA, Royal Mail, AB123456789GB';

const lines = (count: number) => `${count} line${count === 1 ? '' : 's'}`;

/**
 * A list pasted from a spreadsheet or the carrier's manifest, an order a line. It is read as it is
 * typed, each line that cannot be sent shown with why, and sent only once every line reads; the
 * lines refused stay in the box to be put right.
 */
export function PasteDispatchList({ run }: { run: DispatchRun }) {
  const [text, setText] = useState('');
  const list = readDispatchList(text);
  const ready = list.lines.length;
  const problems = list.unread.length;
  const canSend = ready > 0 && problems === 0 && ready <= MAX_DISPATCH_LINES && !run.isPending;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    const named = list.lines.map((line) => ({ order: line.order, name: line.order.id }));
    void run.send(named).then((outcome) => {
      if (!outcome) return;
      const refused = new Set(outcome.refused.map((line) => line.order.id));
      setText(
        list.lines
          .filter((line) => refused.has(line.order.id))
          .map((line) => line.text)
          .join('\n'),
      );
    });
  };
  return (
    <section aria-labelledby="paste-list-heading" className="flex flex-col gap-2">
      <h2 id="paste-list-heading" className="text-xl">
        Paste a list
      </h2>
      <form noValidate aria-label="Dispatch a pasted list" onSubmit={submit}>
        <TextArea
          label="Orders to dispatch, one a line"
          hint={
            <>
              Order number, carrier, tracking number, separated by commas or tabs, for example{' '}
              <span className="font-mono">{EXAMPLE}</span>. Leave off the carrier and number for a
              parcel without tracking.
            </>
          }
          spellCheck={false}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="mt-2 flex flex-col gap-2">
          <p aria-live="polite" className="empty:hidden">
            {(ready > 0 || problems > 0) &&
              `${lines(ready)} ready to dispatch${problems > 0 ? `; ${lines(problems)} cannot be read` : ''}.`}
          </p>
          {problems > 0 && (
            <ul aria-label="Lines that cannot be read" className="flex flex-col gap-1 text-error">
              {list.unread.map((line) => (
                <li key={line.line}>
                  Line {line.line} (<span className="font-mono text-sm">{line.text}</span>):{' '}
                  {line.problem}
                </li>
              ))}
            </ul>
          )}
          {ready > MAX_DISPATCH_LINES && (
            <p className="text-error">
              At most {MAX_DISPATCH_LINES} orders can be dispatched at once.
            </p>
          )}
        </div>
        <Button type="submit" className="mt-3" disabled={!canSend}>
          Dispatch the list
        </Button>
      </form>
    </section>
  );
}

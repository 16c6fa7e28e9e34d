import { ErrorBox } from '../../../ui/ErrorBox';
import type { DispatchRun } from './dispatch-run';

const orders = (count: number) => `${count} order${count === 1 ? '' : 's'}`;

/**
 * What the last dispatch of many did: the orders sent, and each refusal with the server's reason.
 * The region is always in the page so that the result is announced as it arrives.
 */
export function DispatchResults({ run }: { run: DispatchRun }) {
  const { outcome, error } = run;
  return (
    <>
      {error && <ErrorBox error={error} title="Nothing was dispatched" />}
      <div role="status" className="empty:hidden">
        {outcome && (
          <div className="flex flex-col gap-3 rounded-shop bg-sand px-4 py-3">
            {outcome.dispatched.length > 0 ? (
              <p className="text-success">
                Dispatched {orders(outcome.dispatched.length)}:{' '}
                <span className="font-mono text-sm">
                  {outcome.dispatched.map((line) => line.name).join(', ')}
                </span>
                . Each customer has been mailed.
              </p>
            ) : (
              <p>No order was dispatched.</p>
            )}
            {outcome.refused.length > 0 && (
              <div>
                <p className="font-medium text-error">
                  {orders(outcome.refused.length)} could not be dispatched:
                </p>
                <ul className="mt-1 flex flex-col gap-1">
                  {outcome.refused.map((line) => (
                    <li key={line.order.id}>
                      <span className="font-mono text-sm">{line.name}</span>: {line.message}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </div>
    </>
  );
}

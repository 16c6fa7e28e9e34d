import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { clickAndDropFileName } from '../../../../shared/orders/click-and-drop';
import { ukDay } from '../../../../shared/uk-time';
import { downloadClickAndDrop } from '../../../api/click-and-drop';
import { useWaitingToDispatch } from '../../../api/order-search';
import { Button, ButtonLink } from '../../../ui/Button';
import { ErrorBox } from '../../../ui/ErrorBox';
import { saveFile } from '../../../back-office/save-file';
import type { TickedOrders } from './ticked-orders';

/** The forms the bar opens under it, one at a time. */
export type DispatchForm = 'ticked' | 'pasted' | 'tracking';

/** A toggle that is open looks pressed, not only by its state read out. */
const toggleClass = 'aria-expanded:bg-ink aria-expanded:text-page';

const orders = (count: number) => `${count} order${count === 1 ? '' : 's'}`;

/** The address that prints the pick list and packing slips of these orders. */
export const slipsAddress = (ids: readonly string[]) => `/admin/slips?orders=${ids.join(',')}`;

interface TickedOrdersBarProps {
  ticked: TickedOrders;
  open: DispatchForm | null;
  onOpen: (form: DispatchForm | null) => void;
}

/**
 * The ticked orders, or with none ticked every paid order, as Click & Drop's order import file,
 * saved under the day's name.
 */
function useClickAndDropExport() {
  return useMutation({
    mutationFn: downloadClickAndDrop,
    onSuccess: (file) => saveFile(file, clickAndDropFileName(ukDay(new Date()))),
  });
}

/**
 * What can be done with the ticked orders: tick every order waiting to go out, print their slips,
 * export them for Click & Drop, dispatch them; and, ticked or not, dispatch a pasted list or the
 * tracking numbers Click & Drop gives back.
 */
export function TickedOrdersBar({ ticked, open, onOpen }: TickedOrdersBarProps) {
  const waiting = useWaitingToDispatch();
  const exported = useClickAndDropExport();
  const [said, setSaid] = useState<string | null>(null);
  const count = ticked.list.length;
  const tickWaiting = () =>
    waiting.mutate(undefined, {
      onSuccess: ({ orders: found, total }) => {
        ticked.tickAll(found);
        setSaid(
          total === 0
            ? 'No order is waiting to be dispatched.'
            : found.length < total
              ? `Ticked the oldest ${found.length} of the ${total} orders waiting to be dispatched.`
              : `Ticked ${orders(found.length)} waiting to be dispatched.`,
        );
      },
    });
  const toggle = (form: DispatchForm) => onOpen(open === form ? null : form);
  return (
    <div className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" disabled={waiting.isPending} onClick={tickWaiting}>
          {waiting.isPending ? 'Ticking…' : 'Tick all waiting to be dispatched'}
        </Button>
        {count > 0 ? (
          <ButtonLink variant="secondary" to={slipsAddress(ticked.list.map((order) => order.id))}>
            Print slips
          </ButtonLink>
        ) : (
          <Button variant="secondary" disabled>
            Print slips
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={count === 0}
          className={toggleClass}
          aria-expanded={open === 'ticked'}
          onClick={() => toggle('ticked')}
        >
          Dispatch ticked
        </Button>
        <Button
          variant="secondary"
          className={toggleClass}
          aria-expanded={open === 'pasted'}
          onClick={() => toggle('pasted')}
        >
          Paste a list
        </Button>
        <Button
          variant="secondary"
          disabled={exported.isPending}
          onClick={() => exported.mutate(ticked.list.map((order) => order.id))}
        >
          {count > 0 ? 'Export ticked for Click & Drop' : 'Export paid orders for Click & Drop'}
        </Button>
        <Button
          variant="secondary"
          className={toggleClass}
          aria-expanded={open === 'tracking'}
          onClick={() => toggle('tracking')}
        >
          Import tracking from Click &amp; Drop
        </Button>
        {count > 0 && (
          <Button
            variant="quiet"
            onClick={() => {
              ticked.untick(ticked.list.map((order) => order.id));
              setSaid(null);
            }}
          >
            Untick all
          </Button>
        )}
      </div>
      <p role="status" className="text-sm text-muted">
        {said && `${said} `}
        {count === 0 ? 'No orders ticked.' : `${orders(count)} ticked.`}
      </p>
      {waiting.error && <ErrorBox error={waiting.error} title="The orders could not be ticked" />}
      {exported.error && (
        <ErrorBox error={exported.error} title="The file for Click & Drop could not be made" />
      )}
    </div>
  );
}

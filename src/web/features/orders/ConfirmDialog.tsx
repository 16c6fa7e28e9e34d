import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, buttonClass } from '../../ui/Button';

interface ConfirmDialogProps {
  /** The question, naming what will happen to what ('Refund £20.00 on order K7QF-3MXA?'). */
  title: string;
  /** What follows from saying yes. */
  children: ReactNode;
  /** The yes button's words. */
  confirm: string;
  /** The no button's words. */
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the yes is being carried out: both buttons wait. */
  busy?: boolean;
}

/**
 * Asks before a move that cannot be taken back. A modal <dialog>: the page behind is out of reach
 * until it is answered, Escape says no, and the focus starts on no, so that Enter pressed in haste
 * changes nothing. Shown while mounted; closing it gives the focus back to what opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirm, cancel, onConfirm, onCancel, busy = false } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const no = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    no.current?.focus();
    // Closed before it leaves the page, so the browser gives the focus back to its opener.
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-shop bg-page p-6 text-ink shadow-panel backdrop:bg-ink/40"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="text-xl">
        {title}
      </h2>
      <div id={bodyId} className="mt-3 flex flex-col gap-2">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={onConfirm} disabled={busy}>
          {confirm}
        </Button>
        <button
          ref={no}
          type="button"
          className={buttonClass('secondary')}
          onClick={onCancel}
          disabled={busy}
        >
          {cancel}
        </button>
      </div>
    </dialog>
  );
}

import type { ReactNode, Ref } from 'react';
import { Button, buttonClass } from '../ui/Button';

/** The Remove button of one row of an editable list; its name says which row. */
export function RemoveRowButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <Button
      variant="quiet"
      className="self-start text-error"
      aria-label={`Remove ${name}`}
      onClick={onRemove}
    >
      Remove
    </Button>
  );
}

/** The button that adds a row, off once the list is full, with the limit said in words. */
export function AddRowButton({
  buttonRef,
  full,
  onAdd,
  limit,
  children,
}: {
  buttonRef: Ref<HTMLButtonElement>;
  full: boolean;
  onAdd: () => void;
  /** Shown when the list is full: "A product can have at most 3 options." */
  limit: string;
  children: ReactNode;
}) {
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass('secondary', 'self-start')}
        disabled={full}
        onClick={onAdd}
      >
        {children}
      </button>
      {full && <p className="text-sm text-muted">{limit}</p>}
    </>
  );
}

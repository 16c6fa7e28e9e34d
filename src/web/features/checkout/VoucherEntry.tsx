import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { fieldClass } from '../../ui/field';

interface VoucherEntryProps {
  /** The code applied, if any (accepted or not). */
  applied: string | null;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** A voucher code box; Apply stays disabled until something is typed. */
export function VoucherEntry({ applied, checking, onApply, onRemove }: VoucherEntryProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const typed = code.trim();

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (typed) onApply(typed);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label="Voucher">
      <label htmlFor={id} className="text-sm font-medium">
        Voucher code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className={`${fieldClass} min-w-0 flex-1`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={typed === '' || checking}>
          Apply
        </Button>
      </div>
      {applied !== null && (
        <Button
          variant="quiet"
          className="self-start"
          onClick={() => {
            setCode('');
            onRemove();
          }}
        >
          Remove voucher
        </Button>
      )}
    </form>
  );
}

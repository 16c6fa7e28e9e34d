import { useId, useRef, useState } from 'react';
import type { VoucherRefusal } from '../../state/basket-store';
import { textLinkClass } from '../../ui/Button';
import { CodeBox } from './CodeBox';

interface VoucherEntryProps {
  /** The code applied, if any. */
  applied: string | null;
  /** The shop's last refusal of a code, told under the field. */
  refusal: VoucherRefusal | null;
  /** Why a code could not be checked at all (no connection), told in the same place. */
  failure: string | null;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** The voucher applied, and the way to take it off: one line, the button kept whole. */
function AppliedVoucher({ code, onRemove }: { code: string; onRemove: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <p className="min-w-0 text-sm break-words text-success">
        <span className="font-medium">{code}</span> applied
      </p>
      <button
        type="button"
        className={`${textLinkClass} min-h-11 shrink-0 text-sm`}
        onClick={onRemove}
      >
        Remove voucher
      </button>
    </div>
  );
}

/**
 * A voucher code box; Apply stays disabled until something is typed. A refusal is said under the
 * field and tied to it, and a code the shop refused comes back into the box, to apply again once
 * the basket allows it.
 */
export function VoucherEntry({
  applied,
  refusal,
  failure,
  checking,
  onApply,
  onRemove,
}: VoucherEntryProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState(refusal?.code ?? '');
  const [toldRefusal, setToldRefusal] = useState(refusal);
  if (refusal !== toldRefusal) {
    setToldRefusal(refusal);
    if (refusal) setCode(refusal.code);
  }
  const message = failure ?? refusal?.message;

  return (
    <CodeBox
      id={id}
      name="Voucher"
      label="Voucher code"
      action="Apply"
      maxLength={100}
      code={code}
      onCode={setCode}
      inputRef={input}
      message={message}
      checking={checking}
      onApply={onApply}
    >
      {applied !== null && (
        <AppliedVoucher
          code={applied}
          onRemove={() => {
            setCode('');
            onRemove();
            // The button goes with the voucher: the focus moves to the box, not to the page.
            input.current?.focus();
          }}
        />
      )}
    </CodeBox>
  );
}

import type { ReactNode, RefObject, SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { fieldClass } from '../../ui/field';
import { FieldError } from '../../ui/FormField';

interface CodeBoxProps {
  id: string;
  /** The form's name, as a screen reader lists it: `Voucher`, `Gift card`. */
  name: string;
  label: string;
  /** The button's words: one name, one button on the page. */
  action: string;
  maxLength: number;
  code: string;
  onCode: (code: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The shop's words on the last code, told under the field and tied to it. */
  message: string | undefined;
  checking: boolean;
  /** No more codes are taken (the box and its button are off). */
  full?: boolean;
  /** A line under the field, tied to it by this id. */
  hint?: { id: string; text: string; shown: boolean } | undefined;
  onApply: (code: string) => void;
  /** What is applied already, under the box. */
  children?: ReactNode;
}

/**
 * A box for a code a shopper types (a voucher's, a gift card's) and the button that applies it,
 * off until something is typed; what the shop says of it under the field.
 */
export function CodeBox({
  id,
  name,
  label,
  action,
  maxLength,
  code,
  onCode,
  inputRef,
  message,
  checking,
  full = false,
  hint,
  onApply,
  children,
}: CodeBoxProps) {
  const typed = code.trim();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (typed) onApply(typed);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={name}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          className={`${fieldClass} min-w-0 flex-1`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={maxLength}
          disabled={full}
          aria-invalid={message ? true : undefined}
          aria-describedby={hint ? `${id}-error ${hint.id}` : `${id}-error`}
          value={code}
          onChange={(event) => onCode(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={typed === '' || checking || full}>
          {action}
        </Button>
      </div>
      <FieldError id={`${id}-error`} error={message} />
      {hint && (
        <p id={hint.id} className={hint.shown ? 'text-sm text-muted' : 'sr-only'}>
          {hint.text}
        </p>
      )}
      {children}
    </form>
  );
}

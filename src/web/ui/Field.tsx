import { useId, type InputHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hideLabel?: boolean;
}

export const fieldClass =
  'min-h-11 w-full rounded-shop border border-line bg-surface px-3 py-2 text-base text-ink ' +
  'placeholder:text-muted/80 focus:border-accent';

/** A labelled input with its error in words underneath. */
export function Field({ label, error, hideLabel, className = '', ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <input
        id={id}
        className={fieldClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

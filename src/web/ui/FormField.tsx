import { useId, type ComponentProps, type ReactNode } from 'react';
import { ErrorBox } from './ErrorBox';
import { fieldClass } from './field';

/** The ids that tie a field to its hint and its error, for `aria-describedby`. */
export function describedBy(hintId: string | undefined, errorId: string): string {
  return hintId ? `${hintId} ${errorId}` : errorId;
}

/**
 * Where a field's error appears, in words under the field. The region is always in the page so that
 * screen readers announce an error as it appears, not only when the field is focused.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <div id={id} aria-live="polite">
      {error && <p className="mt-1.5 text-sm text-error">{error}</p>}
    </div>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-muted">
      {children}
    </p>
  );
}

interface FieldProps {
  label: ReactNode;
  /** Words under the field that help to fill it in. */
  hint?: ReactNode;
  /** What is wrong with the value, if anything. */
  error?: string | undefined;
}

/** What a control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
}

/**
 * The one frame of every field: label, the control, then its hint and error. The control is drawn
 * by the caller with the ids and ARIA attributes given.
 */
function Field({
  label,
  hint,
  error,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hintId, errorId),
      })}
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'>;

/** A labelled text input with its hint and error; takes react-hook-form's `register()` props. */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(control) => <input className={`${fieldClass} mt-1.5`} {...control} {...input} />}
    />
  );
}

type TextAreaProps = FieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;

export function TextArea({ label, hint, error, ...textarea }: TextAreaProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(control) => (
        <textarea className={`${fieldClass} mt-1.5 min-h-32 resize-y`} {...control} {...textarea} />
      )}
    />
  );
}

type SelectFieldProps = FieldProps & Omit<ComponentProps<'select'>, 'id' | 'className'>;

/** A labelled choice of a few values; the options are its children. */
export function SelectField({ label, hint, error, children, ...select }: SelectFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(control) => (
        <select className={`${fieldClass} mt-1.5`} {...control} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/**
 * What came of sending a form: a confirmation or the server's words. The region is always in the
 * page, so either is announced as it appears; it sits after the form's button.
 */
export function FormStatus({ success, error }: { success?: ReactNode; error?: unknown }) {
  return (
    <div aria-live="polite">
      {success ? (
        <p className="rounded-shop bg-success/10 px-4 py-3 text-success">{success}</p>
      ) : null}
      {error ? <ErrorBox error={error} /> : null}
    </div>
  );
}

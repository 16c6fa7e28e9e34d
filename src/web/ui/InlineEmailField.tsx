import { fieldClass } from './field';

/** The one email box of a short sign-up form, labelled for screen readers, beside its button. */
export function InlineEmailField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (email: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <input
        id={id}
        type="email"
        autoComplete="email"
        placeholder="Your email address"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${fieldClass} flex-1`}
      />
    </>
  );
}

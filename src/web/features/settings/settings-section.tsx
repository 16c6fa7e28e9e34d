import { useId, type ReactNode } from 'react';
import type { FieldPathByValue } from 'react-hook-form';
import { describedBy, FieldError, FieldHint } from '../../ui/FormField';
import { SectionLegend } from '../../back-office/SectionLegend';
import type { SettingsFormApi, SettingsFormValues } from './settings-form';

/** One section of the settings: its title, what it changes, and its fields. */
export function SettingsSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="mt-6 flex min-w-0 flex-col gap-5 first:mt-0">
      <SectionLegend>{title}</SectionLegend>
      <p className="text-sm text-muted">{lead}</p>
      {children}
    </fieldset>
  );
}

/** A yes-or-no setting, with what it means under it, and what is wrong with it, if anything. */
export function Checkbox({
  form,
  name,
  label,
  hint,
  error,
}: {
  form: SettingsFormApi;
  name: FieldPathByValue<SettingsFormValues, boolean>;
  label: string;
  hint?: string;
  error?: string | undefined;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-accent"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          {...form.register(name)}
        />
        {label}
      </label>
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

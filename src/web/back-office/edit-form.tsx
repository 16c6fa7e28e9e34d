import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode, SubmitEvent } from 'react';
import { Button } from '../ui/Button';
import { ErrorBox } from '../ui/ErrorBox';
import { FormStatus } from '../ui/FormField';
import { Skeleton } from '../ui/Skeleton';

interface EditFormProps {
  /** react-hook-form's `handleSubmit(…)`: checks the fields, then saves. */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
  /** Said atop the form while the item is a draft that shoppers cannot see or use. */
  draftNote?: string | undefined;
  /** Said atop the form about what may be changed in it ('Staff change stock only…'). */
  note?: string | undefined;
  /** While true the Update button is disabled (a save or an upload is under way). */
  busy: boolean;
  /** What the button says: `Update` unless told (`Create voucher` for one not made yet). */
  action?: string;
  /** Said once the save went through. */
  success: ReactNode;
  /** What went wrong with the save, when no field says it. */
  error: unknown;
  /** The fields. */
  children: ReactNode;
}

/** An edit form of the back office: any notes, the fields, Update, then what came of it. */
export function EditForm(props: EditFormProps) {
  const { onSubmit, draftNote, note, busy, action = 'Update', success, error, children } = props;
  return (
    <form
      noValidate
      // A field that may not be changed here looks it, whatever kind of field it is.
      className="flex flex-col gap-5 [&_[readonly]]:bg-sand"
      onSubmit={(event) => void onSubmit(event)}
    >
      {draftNote && (
        <p className="rounded-shop bg-warning/10 px-4 py-3 text-warning">{draftNote}</p>
      )}
      {note && <p className="rounded-shop bg-accent-soft px-4 py-3">{note}</p>}
      {children}
      <Button type="submit" disabled={busy}>
        {action}
      </Button>
      <FormStatus success={success} error={error} />
    </form>
  );
}

interface LoadedFormProps<Item> {
  /** The query of the item the form edits. */
  query: UseQueryResult<Item>;
  /** Said to screen readers while it loads ('Loading product…'). */
  loading: string;
  /** How many fields' placeholders stand in for the form meanwhile. */
  fields: number;
  /** The form, for the loaded item. */
  children: (item: Item) => ReactNode;
}

/** Loads the item an edit form is for: placeholders meanwhile, or what went wrong. */
export function LoadedForm<Item>({ query, loading, fields, children }: LoadedFormProps<Item>) {
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true">
        <span className="sr-only">{loading}</span>
        {Array.from({ length: fields }, (_, index) => (
          <Skeleton key={index} className="h-16 w-full" />
        ))}
        <Skeleton className="h-11 w-1/2" />
      </div>
    );
  }
  if (query.error) return <ErrorBox error={query.error} />;
  return children(query.data);
}

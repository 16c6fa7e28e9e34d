import { useId, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { FieldHint } from '../ui/FormField';

interface CsvCheckFormProps {
  /** The file field's label: what the file is (`Price list (CSV)`). */
  label: string;
  /** Which columns the file needs. */
  hint: ReactNode;
  /** A file is chosen, or the choice is cleared. */
  onChoose: (file: File | null) => void;
  /** The chosen file, checked first: nothing is changed until the owner says so. */
  onCheck: () => void;
  /** Whether "Check the file" can be pressed (a file is chosen, and no check is on its way). */
  canCheck: boolean;
}

/** The first step of a CSV import in the back office: choose the file, then check it. */
export function CsvCheckForm({ label, hint, onChoose, onCheck, canCheck }: CsvCheckFormProps) {
  const id = useId();
  return (
    <form
      className="flex flex-col items-start gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onCheck();
      }}
    >
      <div className="w-full max-w-xl">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => onChoose(event.currentTarget.files?.[0] ?? null)}
          aria-describedby={`${id}-hint`}
          className="mt-1.5 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-shop file:border file:border-ink/70 file:bg-transparent file:px-4 file:text-ink hover:file:bg-sand"
        />
        <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      </div>
      <Button type="submit" variant="secondary" disabled={!canCheck}>
        Check the file
      </Button>
    </form>
  );
}

import { useId, useState, type KeyboardEvent } from 'react';
import { useFieldArray } from 'react-hook-form';
import { shortDay } from '../../../shared/delivery/delivery';
import { daySchema } from '../../../shared/delivery/delivery-settings';
import { Button } from '../../ui/Button';
import { describedBy, FieldError, FieldHint, TextField } from '../../ui/FormField';
import { listError } from '../../back-office/admin-forms';
import { useFocusAfterRemove } from '../../back-office/focus-after-remove';
import type { SettingsFormApi } from './settings-form';
import { SettingsSection } from './settings-section';

const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** `Thu 24 Dec 2026`: a closed day as the owner reads it, with its year, as lists span new year. */
const closedDayWords = (day: string) => `${shortDay(day)} ${day.slice(0, 4)}`;

/** The ticked weekdays the shop posts on, in a group of their own. */
function PostingDays({ form }: { form: SettingsFormApi }) {
  const error = form.formState.errors.dispatch?.days?.message;
  const id = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={describedBy(`${id}-hint`, `${id}-error`)}>
      <legend className="text-sm font-medium">Posting days</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-x-4 sm:grid-cols-4">
        {WEEKDAYS.map((weekday, index) => (
          <label key={weekday} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-accent"
              value={String(index + 1)}
              {...form.register('dispatch.days')}
            />
            {weekday}
          </label>
        ))}
      </div>
      <FieldHint id={`${id}-hint`}>The days parcels go to the post office.</FieldHint>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** Extra days the shop is shut: a list, each with its Remove, and a date to add. */
function ClosedDays({ form }: { form: SettingsFormApi }) {
  const {
    control,
    formState: { errors },
  } = form;
  const { fields, insert, remove } = useFieldArray({ control, name: 'dispatch.closed' });
  const { target, removing } = useFocusAfterRemove<HTMLInputElement>(fields.length);
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string>();
  const id = useId();

  const add = () => {
    const checked = daySchema('The day').safeParse(day);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message);
    } else if (fields.some((field) => field.day === day)) {
      setProblem(`${closedDayWords(day)} is closed already`);
    } else {
      // Kept in date order, as the owner reads a calendar.
      const at = fields.findIndex((field) => field.day > day);
      insert(at < 0 ? fields.length : at, { day }, { shouldFocus: false });
      setDay('');
      setProblem(undefined);
    }
  };
  // Enter in the date adds it, rather than saving the whole form half-typed.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-medium">Closed days</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Days the shop is shut besides the bank holidays of England and Wales, which it knows.
      </p>
      {fields.length > 0 && (
        <ul className="flex flex-col">
          {fields.map((field, index) => (
            <li key={field.id}>
              <div className="flex min-h-11 items-center justify-between gap-3">
                <span>{closedDayWords(field.day)}</span>
                <Button
                  variant="quiet"
                  className="text-error"
                  aria-label={`Remove ${closedDayWords(field.day)}`}
                  onClick={() => {
                    removing();
                    remove(index);
                  }}
                >
                  Remove
                </Button>
              </div>
              <FieldError
                id={`${id}-${field.id}-error`}
                error={errors.dispatch?.closed?.[index]?.day?.message}
              />
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${id}-list-error`} error={listError(errors.dispatch?.closed)} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:flex-1">
          <TextField
            ref={target}
            label="A day the shop is shut"
            type="date"
            value={day}
            error={problem}
            onChange={(event) => setDay(event.target.value)}
            onKeyDown={addOnEnter}
          />
        </div>
        <Button variant="secondary" className="sm:mt-7" onClick={add}>
          Add the day
        </Button>
      </div>
    </fieldset>
  );
}

/** When parcels go out: the posting days, the cut-off, the handling days and closed days. */
export function DispatchSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SettingsSection
      title="Dispatch"
      lead="When orders go out: the delivery dates shoppers see are worked out from these."
    >
      <PostingDays form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Cut-off (UK time)"
          hint="Paid before it: out that day. After it: the next posting day."
          type="time"
          error={errors.dispatch?.cutOff?.message}
          {...register('dispatch.cutOff')}
        />
        <TextField
          label="Handling days"
          hint="Working days to make an order ready, 0 to 10."
          inputMode="numeric"
          autoComplete="off"
          error={errors.dispatch?.handlingDays?.message}
          {...register('dispatch.handlingDays')}
        />
      </div>
      <ClosedDays form={form} />
    </SettingsSection>
  );
}

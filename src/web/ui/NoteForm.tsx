import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { noteBodySchema, type NoteBody } from '../../shared/orders/order-desk';
import { showToast } from '../state/toast-store';
import { Button } from './Button';
import { FormStatus, TextArea } from './FormField';

const MAX_NOTE = 2000;

/**
 * A note staff leave for one another (on an order, on a customer): only the shop's staff see it.
 * `add` sends it; once it is in, the field empties and `added` is said.
 */
export function NoteForm({
  add,
  pending,
  error,
  added,
}: {
  add: (body: NoteBody) => Promise<unknown>;
  pending: boolean;
  error: unknown;
  added: string;
}) {
  const form = useForm<NoteBody>({
    resolver: zodResolver(noteBodySchema),
    defaultValues: { text: '' },
  });
  const fieldError = form.formState.errors.text?.message;
  return (
    <form
      noValidate
      aria-label="Add a note"
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        void form.handleSubmit((body) =>
          add(body).then(
            () => {
              form.reset({ text: '' });
              showToast(added);
            },
            () => undefined,
          ),
        )(event)
      }
    >
      <TextArea
        label="Add a note"
        hint={`Only the shop’s staff see notes; up to ${MAX_NOTE.toLocaleString('en-GB')} characters.`}
        error={fieldError}
        {...form.register('text')}
      />
      <Button type="submit" variant="secondary" className="self-start" disabled={pending}>
        Add note
      </Button>
      <FormStatus error={error} />
    </form>
  );
}

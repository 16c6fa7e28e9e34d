import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { noteBodySchema, type NoteBody } from '../../../shared/order-desk';
import type { Order } from '../../../shared/orders';
import { useAddNote } from '../../api/order-desk';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus, TextArea } from '../../ui/FormField';

const MAX_NOTE = 2000;

/**
 * Staff leave a note on an order for one another (a call from the customer, a parcel re-sent);
 * it joins the order's history. Customers never see notes.
 */
export function OrderNoteForm({ order }: { order: Order }) {
  const add = useAddNote(order._id);
  const form = useForm<NoteBody>({
    resolver: zodResolver(noteBodySchema),
    defaultValues: { text: '' },
  });
  const error = form.formState.errors.text?.message;
  return (
    <form
      noValidate
      aria-label="Add a note"
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        void form.handleSubmit((body) =>
          add.mutateAsync(body).then(
            () => {
              form.reset({ text: '' });
              showToast('Note added to the order’s history');
            },
            () => undefined,
          ),
        )(event)
      }
    >
      <TextArea
        label="Add a note"
        hint={`Only the shop’s staff see notes; up to ${MAX_NOTE.toLocaleString('en-GB')} characters.`}
        error={error}
        {...form.register('text')}
      />
      <Button type="submit" variant="secondary" className="self-start" disabled={add.isPending}>
        Add note
      </Button>
      <FormStatus error={add.error} />
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { RETURN_OUTCOMES } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import {
  RETURN_NOTE_MAX_LENGTH,
  returnCloseBodySchema,
  type ReturnCloseBody,
} from '../../../shared/orders/after-sale';
import { useCloseReturn } from '../../api/orders';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FieldError, FormStatus, TextArea } from '../../ui/FormField';
import { RETURN_OUTCOME_CHOICES } from './return-words';

/** An outcome must be chosen before the shared rules (a note to reject) are checked. */
const closeFormSchema = z
  .object({
    outcome: z.enum(RETURN_OUTCOMES, { error: 'Please choose how the return ended' }),
    note: z.string().optional(),
  })
  .pipe(returnCloseBodySchema);
type CloseFormInput = z.input<typeof closeFormSchema>;

/**
 * Staff end a customer's return: refunded (once a refund is recorded), exchanged by other means, or
 * rejected with a note saying why. The customer is mailed the outcome and the note.
 */
export function CloseReturnForm({ order }: { order: Order }) {
  const close = useCloseReturn(order._id);
  const form = useForm<CloseFormInput, unknown, ReturnCloseBody>({
    resolver: zodResolver(closeFormSchema),
    defaultValues: { note: '' },
  });
  const { errors } = form.formState;
  const send = (body: ReturnCloseBody) =>
    close.mutateAsync(body).then(
      () => showToast('The return is closed; the customer has been mailed'),
      () => undefined,
    );
  return (
    <section aria-labelledby="order-close-return-heading" className="flex flex-col gap-3">
      <h2 id="order-close-return-heading" className="text-xl">
        Close the return
      </h2>
      <form
        noValidate
        aria-label="Close the return"
        className="flex flex-col gap-3"
        onSubmit={(event) => void form.handleSubmit(send)(event)}
      >
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby="order-close-return-outcome-error"
        >
          <legend className="mb-1 text-sm font-medium">Outcome</legend>
          {RETURN_OUTCOMES.map((outcome) => (
            <label key={outcome} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                value={outcome}
                className="size-5 accent-accent"
                {...form.register('outcome')}
              />
              <span>{RETURN_OUTCOME_CHOICES[outcome]}</span>
            </label>
          ))}
          <FieldError id="order-close-return-outcome-error" error={errors.outcome?.message} />
        </fieldset>
        <TextArea
          label="Note to the customer"
          hint={`Mailed with the outcome; needed to reject a return. At most ${RETURN_NOTE_MAX_LENGTH} characters.`}
          error={errors.note?.message}
          {...form.register('note')}
        />
        <Button type="submit" variant="secondary" disabled={close.isPending}>
          Close the return
        </Button>
        <FormStatus error={close.error} />
      </form>
    </section>
  );
}

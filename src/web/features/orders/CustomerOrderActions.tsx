import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatLongDate } from '../../../shared/dates';
import { formatPence } from '../../../shared/money';
import {
  PERSONALISED_RETURN_KINDS,
  RETURN_KINDS,
  RETURN_KIND_CHOICES,
  canMove,
  canRequestReturn,
  returnDeadline,
} from '../../../shared/orders/order-status';
import {
  PERSONALISED_NOT_RETURNABLE,
  holdsPersonalised,
} from '../../../shared/catalog/personalisation';
import { onlyGiftCards } from '../../../shared/gift-cards/gift-cards';
import type { Order } from '../../../shared/orders/orders';
import {
  returnBodySchema,
  type ReturnBody,
  type ReturnForm,
} from '../../../shared/orders/after-sale';
import { useCancelOrder, useRequestReturn } from '../../api/orders';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus, SelectField, TextArea } from '../../ui/FormField';
import { leftToRefund } from './left-to-refund';

/** Cancelling before dispatch: one click to ask, a second to confirm, with what comes back. */
export function CancelOrder({
  order,
  forAdmin = false,
  orderKey,
}: {
  order: Order;
  forAdmin?: boolean;
  /** The key of a guest's order, which cancels it without an account. */
  orderKey?: string | undefined;
}) {
  const cancel = useCancelOrder(order._id, orderKey);
  const [asking, setAsking] = useState(false);
  // An order with gift cards in it is not cancelled whole: each card is cancelled by the shop.
  const holdsGiftCards = order.orderItems.some((item) => item.giftCard);
  if (!canMove(order.status, 'cancel') || holdsGiftCards) return null;
  // Personalised items are made for the buyer: only the shop may cancel them once paid.
  if (!forAdmin && holdsPersonalised(order.orderItems)) {
    return (
      <section aria-labelledby="order-cancel-heading" className="flex flex-col gap-3">
        <h2 id="order-cancel-heading" className="text-xl">
          Cancelling this order
        </h2>
        <p className="text-muted">
          This order holds personalised items, made for you, so it cannot be cancelled for a change
          of mind. If something is wrong with it, please contact us.
        </p>
      </section>
    );
  }
  const owed = leftToRefund(order);
  return (
    <section aria-labelledby="order-cancel-heading" className="flex flex-col gap-3">
      <h2 id="order-cancel-heading" className="text-xl">
        Cancel this order
      </h2>
      {asking ? (
        <div className="flex flex-col gap-3 rounded-shop border border-line p-4">
          <p>
            {forAdmin
              ? `Cancel this order? The customer will be refunded ${formatPence(owed)} in full.`
              : `Cancel this order? You will be refunded ${formatPence(owed)} in full.`}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    showToast('Your order is cancelled');
                  },
                })
              }
            >
              Yes, cancel it
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Keep my order
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="text-muted">
            {forAdmin
              ? 'Cancelling refunds the customer in full and puts the items back in stock.'
              : 'You can cancel until the order is dispatched, and get all of your money back.'}
          </p>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Cancel order
          </Button>
        </>
      )}
      <FormStatus error={cancel.error} />
    </section>
  );
}

/**
 * Within 14 days of delivery, the customer asks to send the order back and says why; an order with
 * a personalised item only when something is wrong with it.
 */
export function RequestReturn({ order }: { order: Order }) {
  const request = useRequestReturn(order._id);
  const personalised = holdsPersonalised(order.orderItems);
  const kinds = personalised ? PERSONALISED_RETURN_KINDS : RETURN_KINDS;
  const form = useForm<ReturnForm, unknown, ReturnBody>({
    resolver: zodResolver(returnBodySchema),
    defaultValues: { reason: '', kind: kinds[0] },
  });
  // Gift cards go by email: nothing comes back, and a card is cancelled by the shop instead.
  if (!canRequestReturn(order) || order.deliveredAt === null || onlyGiftCards(order.orderItems)) {
    return null;
  }
  const deadline = formatLongDate(returnDeadline(order.deliveredAt));
  const error = form.formState.errors.reason?.message;
  return (
    <section aria-labelledby="order-return-heading" className="flex flex-col gap-3">
      <h2 id="order-return-heading" className="text-xl">
        Return this order
      </h2>
      <p className="text-muted">
        You can ask to return it until {deadline}. Return postage is yours to pay unless the item is
        faulty; we refund you within 14 days of getting it back.
      </p>
      {personalised && <p className="text-muted">{PERSONALISED_NOT_RETURNABLE}</p>}
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) =>
          void form.handleSubmit((body) =>
            request.mutateAsync(body).then(
              () => showToast('We have your return request'),
              () => undefined,
            ),
          )(event)
        }
      >
        <SelectField
          label="What is the matter?"
          error={form.formState.errors.kind?.message}
          {...form.register('kind')}
        >
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {RETURN_KIND_CHOICES[kind]}
            </option>
          ))}
        </SelectField>
        <TextArea label="Why are you returning it?" error={error} {...form.register('reason')} />
        <Button type="submit" variant="secondary" disabled={request.isPending}>
          Request a return
        </Button>
        <FormStatus error={request.error} />
      </form>
    </section>
  );
}

import type { Order } from '../../../shared/orders/orders';
import { useAddNote } from '../../api/order-desk';
import { NoteForm } from '../../ui/NoteForm';

/**
 * Staff leave a note on an order for one another (a call from the customer, a parcel re-sent);
 * it joins the order's history. Customers never see notes.
 */
export function OrderNoteForm({ order }: { order: Order }) {
  const add = useAddNote(order._id);
  return (
    <NoteForm
      add={(body) => add.mutateAsync(body)}
      pending={add.isPending}
      error={add.error}
      added="Note added to the order’s history"
    />
  );
}

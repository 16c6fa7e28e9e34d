import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import type { Order } from '../../../shared/orders/orders';
import { exchangeBodySchema, type ExchangeBodyInput } from '../../../shared/orders/after-sale';
import { variantLabel } from '../../../shared/catalog/variants';
import { personalisedLineName } from '../../../shared/catalog/personalisation';
import { useAdminProductsOf } from '../../api/admin-products';
import { useSendReplacement } from '../../api/orders';
import { showToast } from '../../state/toast-store';
import { Button, textLinkClass } from '../../ui/Button';
import { FieldError, FormStatus, SelectField } from '../../ui/FormField';
import { isReturnOpen } from './return-words';

type OrderItem = Order['orderItems'][number];

/** Per line of the order, in its order: what to send instead, how many, and how many come back. */
interface ReplacementValues {
  send: { variant: string; qty: string }[];
  restock: string[];
}

const itemName = (item: OrderItem) => personalisedLineName(item);

const stockWords = (count: number) => (count > 0 ? `${count} in stock` : 'sold out');

const emptyForm = (order: Order): ReplacementValues => ({
  send: order.orderItems.map((item) => ({ variant: item.variant ?? '', qty: '1' })),
  restock: order.orderItems.map(() => '0'),
});

/** A product that can be sent again: still in the catalogue and on sale. */
type Sendable = AdminProduct | undefined;

/** The replacement as the server takes it: lines left at 0, or no longer sold, are left out. */
function bodyOf(order: Order, products: Sendable[], values: ReplacementValues): ExchangeBodyInput {
  const items = order.orderItems.flatMap((item, index) => {
    const product = products[index];
    const line = values.send[index];
    const qty = Number(line?.qty ?? 0);
    if (product === undefined || qty === 0) return [];
    const variant = product.variants.length > 0 ? line?.variant : undefined;
    // A personalised item is made again with its text, while the product is still personalised.
    const text = product.personalisation ? item.personalisation : undefined;
    return [
      {
        product: product._id,
        ...(variant ? { variant } : {}),
        ...(text ? { personalisation: text } : {}),
        qty,
      },
    ];
  });
  const restock = order.orderItems.flatMap((item, index) => {
    const qty = Number(values.restock[index] ?? 0);
    return item.product === null || qty === 0
      ? []
      : [
          {
            product: item.product,
            ...(item.variant ? { variant: item.variant } : {}),
            ...(item.personalisation ? { personalisation: item.personalisation } : {}),
            qty,
          },
        ];
  });
  return { items, restock };
}

/** The choices of a quantity, from none to `most`. */
function Quantities({ most }: { most: number }) {
  return Array.from({ length: most + 1 }, (_, qty) => (
    <option key={qty} value={String(qty)}>
      {qty}
    </option>
  ));
}

/** One line of the order: which option of its product to send, and how many (0 for none). */
function ReplacementLine(props: {
  item: OrderItem;
  index: number;
  product: Sendable;
  loading: boolean;
  register: UseFormRegister<ReplacementValues>;
}) {
  const { item, index, product, loading, register } = props;
  let body;
  if (loading) body = <p className="text-muted">Loading its options…</p>;
  else if (product === undefined) {
    body = <p className="text-muted">No longer sold, so it cannot be sent again.</p>;
  } else {
    body = (
      <>
        {product.variants.length > 0 && (
          <SelectField label="Option to send" {...register(`send.${index}.variant`)}>
            {product.variants.map((variant) => (
              <option key={variant._id} value={variant._id}>
                {`${variantLabel(product.options, variant.options)} (${stockWords(variant.countInStock)})`}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="How many to send"
          hint={product.variants.length > 0 ? undefined : stockWords(product.countInStock)}
          {...register(`send.${index}.qty`)}
        >
          <Quantities most={item.qty} />
        </SelectField>
      </>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">{itemName(item)}</legend>
      {body}
    </fieldset>
  );
}

/**
 * What to send in place of what came back: per line of the order, the option (a size up, a longer
 * chain) and how many, and what of the order goes back into stock. The server makes the
 * replacement a new order at no charge and closes the return as exchanged.
 */
function ReplacementForm({ order, onSent }: { order: Order; onSent: (sent: Order) => void }) {
  const replace = useSendReplacement(order._id);
  const productQueries = useAdminProductsOf(
    order.orderItems.flatMap((item) => (item.product === null ? [] : [item.product])),
  );
  let next = 0;
  const lines = order.orderItems.map((item) => {
    if (item.product === null) return { loading: false, product: undefined };
    const query = productQueries[next++];
    const live = query?.data?.status === 'live' ? query.data : undefined;
    return { loading: query?.isPending ?? false, product: live };
  });
  const form = useForm<ReplacementValues>({ defaultValues: emptyForm(order) });
  const { errors } = form.formState;
  const send = (values: ReplacementValues) => {
    const body = bodyOf(
      order,
      lines.map((line) => line.product),
      values,
    );
    if (body.items.length === 0) {
      form.setError('root', { message: 'Please choose at least one item to send' });
      return;
    }
    const checked = exchangeBodySchema.safeParse(body);
    if (!checked.success) {
      form.setError('root', { message: checked.error.issues[0]?.message });
      return;
    }
    return replace.mutateAsync(body).then(
      (sent) => {
        showToast(`Replacement order ${sent.orderNumber} made; the customer has been mailed`);
        onSent(sent);
      },
      () => undefined,
    );
  };
  return (
    <form
      noValidate
      aria-label="Send a replacement"
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit(send)(event)}
    >
      {order.orderItems.map((item, index) => (
        <ReplacementLine
          key={`${item.product ?? item.name}-${String(index)}`}
          item={item}
          index={index}
          product={lines[index]?.product}
          loading={lines[index]?.loading ?? false}
          register={form.register}
        />
      ))}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Put back in stock</legend>
        {order.orderItems.map((item, index) => (
          <SelectField
            key={`${item.product ?? item.name}-${String(index)}`}
            label={itemName(item)}
            disabled={item.product === null}
            {...form.register(`restock.${index}`)}
          >
            <Quantities most={item.qty} />
          </SelectField>
        ))}
      </fieldset>
      <FieldError id="order-replacement-error" error={errors.root?.message} />
      <Button type="submit" variant="secondary" disabled={replace.isPending}>
        Send the replacement
      </Button>
      <FormStatus error={replace.error} />
    </form>
  );
}

/**
 * While a return is open, staff may send a replacement instead of a refund; once sent, the new
 * order stays linked here until the page is left.
 */
export function SendReplacement({ order }: { order: Order }) {
  const [sent, setSent] = useState<Order | null>(null);
  if (sent === null && !isReturnOpen(order)) return null;
  return (
    <section aria-labelledby="order-replacement-heading" className="flex flex-col gap-3">
      <h2 id="order-replacement-heading" className="text-xl">
        Send a replacement
      </h2>
      {sent === null ? (
        <ReplacementForm order={order} onSent={setSent} />
      ) : (
        <FormStatus
          success={
            <>
              Sent at no charge, and waiting to be dispatched:{' '}
              <Link to={`/admin/order/${encodeURIComponent(sent._id)}`} className={textLinkClass}>
                Replacement order {sent.orderNumber}
              </Link>
            </>
          }
        />
      )}
    </section>
  );
}

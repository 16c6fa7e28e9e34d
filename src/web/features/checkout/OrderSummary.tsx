import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShippingAddress } from '../../../shared/addresses';
import type { BasketItem } from '../../../shared/basket-item';
import { poundsToPence } from '../../../shared/money';
import type { Quote } from '../../../shared/orders';
import { quoteQuery } from '../../api/checkout';
import { messageOf } from '../../api/client';
import { voucherByCodeQuery } from '../../api/vouchers';
import { OrderTotals } from '../../ui/OrderTotals';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { PaymentArea } from './PaymentArea';
import { changeSinceBasket, priceChangeNotice, type PriceChange } from './price-change';
import { quoteBodyOf, useCheckout } from './useCheckout';
import { VoucherEntry } from './VoucherEntry';

interface SummaryProps {
  items: readonly BasketItem[];
  address: ShippingAddress;
  notes: string;
  /** The shop's figures for the basket and the voucher applied. */
  quote: UseQueryResult<Quote>;
  voucherCode: string | undefined;
  onVoucherChange: (code: string | undefined) => void;
}

function TotalsLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <span className="sr-only">Working out the total…</span>
      <Skeleton className="h-6 w-full" />
      <Skeleton className="h-6 w-full" />
      <Skeleton className="h-8 w-full" />
    </div>
  );
}

type QuotedPaymentProps = Omit<SummaryProps, 'quote' | 'onVoucherChange'> & {
  quote: Quote;
  onPriceChanged: (was: Quote, now: Quote) => void;
};

/** The payment button, for the total shown. */
function QuotedPayment(props: QuotedPaymentProps) {
  const checkout = useCheckout(props);
  return <PaymentArea checkout={checkout} />;
}

/** The shop's totals for the order, the voucher box and the way to pay. */
export function OrderSummary({ quote, voucherCode, onVoucherChange, ...order }: SummaryProps) {
  const queryClient = useQueryClient();
  const [paymentChange, setPaymentChange] = useState<PriceChange | null>(null);
  // A code is applied only once the shop has priced the basket with it; a refusal says why. The
  // voucher's own name is asked for alongside, only to label the discount.
  const voucherCheck = useMutation({
    mutationFn: async (code: string) => {
      const [priced] = await Promise.all([
        queryClient.query(quoteQuery(quoteBodyOf(order.items, code))),
        queryClient.query({ ...voucherByCodeQuery(code), retry: false }).catch(() => null),
      ]);
      return priced;
    },
    onSuccess: (_priced, code) => onVoucherChange(code),
  });
  const voucher = useQuery({
    ...voucherByCodeQuery(voucherCode ?? ''),
    enabled: voucherCode !== undefined,
    retry: false,
  });
  const voucherName = voucher.data?.name ?? voucherCode?.toUpperCase();
  const figures = quote.isSuccess ? quote.data : null;
  const totalPence = figures ? poundsToPence(figures.totalPrice) : null;
  const change =
    paymentChange?.nowPence === totalPence
      ? paymentChange
      : figures && changeSinceBasket(order.items, figures);
  const voucherPence = figures ? poundsToPence(figures.voucherDiscount) : 0;

  return (
    <aside
      aria-labelledby="order-summary-heading"
      className="flex h-fit flex-col gap-5 rounded-shop bg-sand p-6"
    >
      <h2 id="order-summary-heading" className="text-xl">
        Order summary
      </h2>
      <div aria-live="polite">
        {change && (
          <p className="rounded-shop border-l-4 border-warning bg-surface px-4 py-3">
            {priceChangeNotice(change)}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-3">
        {figures ? (
          <OrderTotals
            itemsPence={poundsToPence(figures.itemsPrice)}
            shippingPence={poundsToPence(figures.shippingPrice)}
            taxPence={poundsToPence(figures.taxPrice)}
            totalPence={poundsToPence(figures.totalPrice)}
            voucher={
              voucherName && voucherPence > 0
                ? { name: voucherName, discountPence: voucherPence }
                : null
            }
          />
        ) : (
          quote.isPending && <TotalsLoading />
        )}
        <div role="status">
          {voucherCheck.isError && <p className="text-warning">{messageOf(voucherCheck.error)}</p>}
        </div>
      </div>
      <VoucherEntry
        applied={voucherCode ?? null}
        checking={voucherCheck.isPending}
        onApply={(code) => voucherCheck.mutate(code)}
        onRemove={() => {
          voucherCheck.reset();
          onVoucherChange(undefined);
        }}
      />
      {/* The payment waits for the voucher, so that the price paid is the price shown. */}
      {voucherCheck.isPending ? (
        <Spinner label="Checking the voucher…" />
      ) : (
        figures && (
          <QuotedPayment
            {...order}
            quote={figures}
            voucherCode={voucherCode}
            onPriceChanged={(was, now) =>
              setPaymentChange({
                wasPence: poundsToPence(was.totalPrice),
                nowPence: poundsToPence(now.totalPrice),
                found: 'paying',
              })
            }
          />
        )
      )}
    </aside>
  );
}

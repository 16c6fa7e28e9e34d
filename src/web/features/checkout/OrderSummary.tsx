import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { OrderAddressBody } from '../../../shared/accounts/addresses';
import type { BasketItem } from '../../../shared/orders/basket-item';
import type { DeliveryAnswer } from '../../../shared/delivery/delivery';
import { poundsToPence } from '../../../shared/money';
import type { Quote } from '../../../shared/orders/checkout';
import { messageOf } from '../../api/client';
import { voucherByCodeQuery } from '../../api/vouchers';
import { useBasket } from '../../state/basket-store';
import { OrderTotals } from '../../ui/OrderTotals';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import type { GiftChoice } from './GiftOptions';
import { PaymentArea } from './PaymentArea';
import { changeSinceBasket, priceChangeNotice, type PriceChange } from './price-change';
import { isGiftCardRefusal, isVoucherRefusal, useCheckout } from './useCheckout';
import { GiftCardAlreadyApplied, useGiftCardCheck } from './gift-card-check';
import { GiftCardEntry } from './GiftCardEntry';
import { GiftCardsPay } from './GiftCardsPay';
import { useVoucherCheck } from './voucher';
import { VoucherEntry } from './VoucherEntry';
import { PersonalisationTerms } from './PersonalisationTerms';
import { holdsPersonalised } from '../../../shared/catalog/personalisation';

/** The service the shop prices a basket of gift cards alone with: nothing is sent. */
const BY_EMAIL = 'email';

interface SummaryProps {
  items: readonly BasketItem[];
  address: OrderAddressBody;
  notes: string;
  gift: GiftChoice;
  /** The delivery service the figures are asked with. */
  delivery: string | undefined;
  onDeliveryRefused: (message: string) => void;
  /** The shop's figures for the basket and the voucher applied, once it has answered. */
  figures: Quote | null;
  /** The shop is still working the figures out. */
  pricing: boolean;
  /** The voucher the figures were asked with, if any. */
  voucherCode: string | undefined;
  /** The services, the chosen one and any refusal of it, shown above the figures. */
  deliveryPart: ReactNode;
  /** The owner's holiday while it pauses checkout: nothing can be paid for meanwhile. */
  pause: DeliveryAnswer['holiday'];
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

type QuotedPaymentProps = Omit<SummaryProps, 'figures' | 'pricing' | 'deliveryPart' | 'pause'> & {
  quote: Quote;
  onPriceChanged: (was: Quote, now: Quote) => void;
  personalisationTerms: boolean;
};

/**
 * The payment buttons, for what is left to pay of the total shown; when the gift cards pay it
 * all, only the order to place.
 */
function QuotedPayment(props: QuotedPaymentProps) {
  const checkout = useCheckout(props);
  const { quote } = props;
  if (quote.payable === 0 && quote.giftCardPayments.length > 0) {
    return <GiftCardsPay checkout={checkout} />;
  }
  return <PaymentArea checkout={checkout} />;
}

/** The gift cards applied, and what the shop says each pays of the order shown. */
function useGiftCards(
  order: Pick<SummaryProps, 'items' | 'gift' | 'delivery'>,
  voucherCode: string | undefined,
  figures: Quote | null,
) {
  const codes = useBasket((state) => state.giftCardCodes);
  const refusal = useBasket((state) => state.giftCardRefusal);
  const removeGiftCard = useBasket((state) => state.removeGiftCard);
  const check = useGiftCardCheck(order.items, voucherCode, order.gift, order.delivery);
  const payments = figures?.giftCardPayments ?? [];
  return {
    check,
    entry: {
      applied: codes.map((code, index) => ({ code, pays: payments[index]?.amount ?? null })),
      refusal,
      // A refusal is the store's; any other failure to check a code is this screen's alone.
      failure:
        check.error instanceof GiftCardAlreadyApplied
          ? check.error.message
          : check.isError && !isGiftCardRefusal(check.error)
            ? messageOf(check.error)
            : null,
      checking: check.isPending,
      onApply: (code: string) => check.mutate(code),
      onRemove: (code: string) => {
        check.reset();
        removeGiftCard(code);
      },
    },
    /** What is left to pay, once cards are applied and priced. */
    payablePence:
      figures && codes.length > 0 && payments.length > 0
        ? poundsToPence(figures.payable)
        : undefined,
  };
}

/** The shop's totals for the order, the voucher box and the way to pay. */
export function OrderSummary(props: SummaryProps) {
  const { figures, pricing, voucherCode, deliveryPart, pause, ...order } = props;
  const [paymentChange, setPaymentChange] = useState<PriceChange | null>(null);
  // A personalised item is paid for only once the shopper has ticked that it cannot go back.
  const personalised = holdsPersonalised(figures?.lines ?? []);
  const [termsTicked, setTermsTicked] = useState(false);
  const voucherCheck = useVoucherCheck(order.items, order.gift, order.delivery);
  const giftCards = useGiftCards(order, voucherCode, figures);
  const refusal = useBasket((state) => state.voucherRefusal);
  const removeVoucher = useBasket((state) => state.removeVoucher);
  const voucher = useQuery({
    ...voucherByCodeQuery(voucherCode ?? ''),
    enabled: voucherCode !== undefined,
    retry: false,
  });
  const appliedCode = voucher.data?.code ?? voucherCode?.toUpperCase() ?? null;
  // A refusal is kept with the basket; any other failure to check a code is this screen's alone.
  const checkFailure =
    voucherCheck.isError && !isVoucherRefusal(voucherCheck.error)
      ? messageOf(voucherCheck.error)
      : null;
  const totalPence = figures ? poundsToPence(figures.totalPrice) : null;
  const change =
    paymentChange?.nowPence === totalPence
      ? paymentChange
      : figures && changeSinceBasket(order.items, figures);

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
      {deliveryPart}
      <div className="flex flex-col gap-3">
        {figures ? (
          <OrderTotals
            itemsPence={poundsToPence(figures.itemsPrice)}
            shippingPence={poundsToPence(figures.shippingPrice)}
            giftWrapPence={poundsToPence(figures.giftWrapPrice)}
            taxPence={poundsToPence(figures.taxPrice)}
            totalPence={poundsToPence(figures.totalPrice)}
            discounts={figures.discounts}
            payablePence={giftCards.payablePence}
            shippingWords={figures.delivery === BY_EMAIL ? 'By email' : undefined}
          />
        ) : (
          pricing && <TotalsLoading />
        )}
        {figures?.discountNote && <p className="text-sm text-muted">{figures.discountNote}</p>}
      </div>
      <VoucherEntry
        applied={appliedCode}
        refusal={refusal}
        failure={checkFailure}
        checking={voucherCheck.isPending}
        onApply={(code) => voucherCheck.mutate(code)}
        onRemove={() => {
          voucherCheck.reset();
          removeVoucher();
        }}
      />
      <GiftCardEntry {...giftCards.entry} />
      {/* The payment waits for the voucher and the cards, so that the price paid is the price shown. */}
      {pause ? (
        <p role="status" className="rounded-shop border-l-4 border-warning bg-surface px-4 py-3">
          {pause.message}
        </p>
      ) : voucherCheck.isPending ? (
        <Spinner label="Checking the voucher…" />
      ) : giftCards.check.isPending ? (
        <Spinner label="Checking the gift card…" />
      ) : (
        figures && (
          <>
            {personalised && (
              <PersonalisationTerms ticked={termsTicked} onChange={setTermsTicked} />
            )}
            {personalised && !termsTicked ? (
              <p className="text-sm text-muted">
                Please tick the box above about personalised items to pay.
              </p>
            ) : (
              <QuotedPayment
                {...order}
                quote={figures}
                voucherCode={voucherCode}
                personalisationTerms={personalised && termsTicked}
                onPriceChanged={(was, now) =>
                  setPaymentChange({
                    wasPence: poundsToPence(was.totalPrice),
                    nowPence: poundsToPence(now.totalPrice),
                    found: 'paying',
                  })
                }
              />
            )}
          </>
        )
      )}
    </aside>
  );
}

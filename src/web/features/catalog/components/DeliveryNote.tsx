import { useEffect } from 'react';
import type { Product } from '../../../../shared/catalog/catalog';
import type { DeliveryOffer } from '../../../../shared/delivery/delivery';
import { productDeliveryLine, useDelivery } from '../../../api/delivery';
import { useMinuteClock } from '../../../state/minute-clock';
import { unitsOnSale } from '../../../../shared/catalog/made-for-you';
import { ukToday } from '../../../../shared/uk-time';
import {
  estimateSentence,
  freeOverWords,
  headlineService,
  priceWords,
  serviceDates,
} from '../../../ui/delivery-words';

interface DeliveryNoteProps {
  product: Pick<
    Product,
    '_id' | 'price' | 'countInStock' | 'variants' | 'madeToOrder' | 'preorder'
  >;
  /** The variant the address names (`?variant=`), if any. */
  variantId?: string | undefined;
}

/**
 * The room a line keeps before its words come: two lines where the column is narrow (a phone, and
 * the product page's right column on a tablet), one where it is wide.
 */
const LINE_ROOM = 'min-h-[2lh] sm:min-h-[1lh] md:min-h-[2lh] lg:min-h-[1lh]';

/** A service's name and price, and from what it is free. */
function serviceWords(service: DeliveryOffer): string {
  const free = service.freeOver !== null && service.price > 0;
  return `${service.name}, ${priceWords(service.price)}${free ? `, ${freeOverWords(service.freeOver ?? 0)}` : ''}`;
}

/**
 * When one of this product (the variant chosen, else the cheapest) would go and arrive if ordered
 * now, by the cheapest service that sends it, and every service it may go by under "Delivery
 * options". The dates and the count down to the cut-off are written once the page is in the
 * browser, from the live answer, and again each minute: a page is kept and sent for a while after
 * it is made, and its first HTML must not say "order within 2 h" an hour later. The lines keep
 * their room meanwhile, so nothing below them moves. Nothing is promised about dispatch for
 * something sold out.
 */
export function DeliveryNote({ product, variantId }: DeliveryNoteProps) {
  const chosen = product.variants.find((variant) => variant._id === variantId);
  const soldOut = unitsOnSale(product, chosen, ukToday()) < 1;
  const { data, isError, refetch } = useDelivery([productDeliveryLine(product, variantId)]);
  const now = useMinuteClock();
  // Past the cut-off the answer's dates were made for is past, they are asked for again.
  const current =
    data !== undefined && now !== undefined && now.getTime() < Date.parse(data.dispatchCutOff);
  const outOfDate = data !== undefined && now !== undefined && !current;
  useEffect(() => {
    if (outOfDate) void refetch();
  }, [outOfDate, refetch]);

  const headline = data ? headlineService(data.services) : undefined;
  const sentence =
    !soldOut && current && headline
      ? estimateSentence(headline, data.dispatchCutOff, now)
      : undefined;
  const showDates = !soldOut && current;
  return (
    <section aria-label="Delivery" className="rounded-shop bg-sand px-4 py-3 text-sm">
      {!soldOut && <p className={`${LINE_ROOM} font-medium`}>{sentence}</p>}
      <p className={`${LINE_ROOM} text-muted`}>
        {headline
          ? serviceWords(headline)
          : isError
            ? 'Delivery costs and dates are shown in your basket.'
            : null}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer py-3 text-accent underline underline-offset-4">
          Delivery options
        </summary>
        {data && (
          <ul className="divide-y divide-line border-t border-line">
            {data.services.map((service) => (
              <li key={service.id} className="py-2">
                <p className="flex flex-wrap justify-between gap-x-4">
                  <span className="font-medium">{service.name}</span>
                  <span>{priceWords(service.price)}</span>
                </p>
                <p className="text-muted">
                  {[
                    showDates ? serviceDates(service) : undefined,
                    service.freeOver !== null && service.price > 0
                      ? freeOverWords(service.freeOver)
                      : undefined,
                    service.signed ? 'signed for' : service.tracked ? 'tracked' : undefined,
                  ]
                    .filter((words) => words !== undefined)
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}

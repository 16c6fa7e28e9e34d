import type { DeliveryAnswer } from '../delivery/delivery';

// What an offer in a product page's schema.org data says of delivery and returns, drawn from the
// shop's delivery answer for one item at the offer's price (the services that carry a parcel, and
// what they cost, depend on what it is worth). Google reads these for its merchant listings.

const UK = 'GB';

/** Days, as schema.org counts them: from the fewest to the most. */
const days = (minValue: number, maxValue: number) => ({
  '@type': 'QuantitativeValue',
  minValue,
  maxValue,
  unitCode: 'DAY',
});

/**
 * Each service that sends a parcel at this price (collection is no delivery), at its price for
 * one item, to the UK. Handling counts from the day the order is taken: an order paid after the
 * cut-off is taken the next working day, so it may take a day more than the settings' handling.
 */
export function shippingDetailsOf(answer: DeliveryAnswer) {
  return answer.services
    .filter((service) => !service.collect)
    .map((service) => ({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: service.price, currency: 'GBP' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: UK },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: days(answer.handlingDays, answer.handlingDays + 1),
        transitTime: days(service.days.min, service.days.max),
      },
    }));
}

/** The shop's returns, as the settings say: so many days from delivery, by post. */
export const returnPolicyOf = ({ returns }: DeliveryAnswer) => ({
  '@type': 'MerchantReturnPolicy',
  applicableCountry: UK,
  returnPolicyCountry: UK,
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: returns.days,
  returnMethod: 'https://schema.org/ReturnByMail',
  returnFees: returns.freeReturns
    ? 'https://schema.org/FreeReturn'
    : 'https://schema.org/ReturnFeesCustomerResponsibility',
});

/**
 * What an offer at a price says of delivery and returns; nothing when the delivery answer could
 * not be had (the page is still sent, without them, rather than not at all).
 */
export function offerTermsOf(answer: DeliveryAnswer | undefined) {
  if (!answer) return {};
  const shippingDetails = shippingDetailsOf(answer);
  return {
    ...(shippingDetails.length > 0 ? { shippingDetails } : {}),
    hasMerchantReturnPolicy: returnPolicyOf(answer),
  };
}

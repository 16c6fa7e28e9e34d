import { makingWords } from '../../shared/catalog/made-for-you';
import { giftCardLineWords } from '../../shared/gift-cards/gift-cards';
import { BY_EMAIL } from './checkout/gift-card-lines';
import { addressLines } from '../../shared/accounts/addresses';
import { formatLongDate } from '../../shared/dates';
import { formatPence, formatPounds, type Pence } from '../../shared/money';
import { vatLineWords } from '../../shared/orders/gift-card-vat-words';
import { RETURN_KIND_WORDS, returnDeadline } from '../../shared/orders/order-status';
import { holdsPersonalised } from '../../shared/catalog/personalisation';
import { buyerAndRecipientOf, buyerNameOf, type Order } from '../../shared/orders/orders';
import type { ShopIdentity } from '../../shared/api';
import { longDay } from '../../shared/delivery/delivery';
import type { Collection } from '../../shared/delivery/delivery-settings';
import { arrivalAfterDispatch, type DeliveryTerms } from '../delivery/delivery-options';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import { traderHtml, traderText } from '../mail/trader';

/**
 * What every order mail needs: where the shop lives online, and who the seller is; and, for the
 * dates and collection, the delivery settings held now.
 */
export interface MailContext {
  publicUrl: string;
  trader: ShopIdentity;
  delivery?: DeliveryTerms;
}

/** Where a collect order is picked up, as the settings say now. */
const collectionOf = (context: MailContext): Collection => context.delivery?.collection ?? null;

/** `Delivery (Royal Mail Tracked 48)`: the line of the totals, naming the service sold. */
const deliveryLabel = ({ delivery }: Order) =>
  delivery ? `${delivery.collect ? 'Collection' : 'Delivery'} (${delivery.name})` : 'Delivery';

/** Who and where: the address it goes to, or, for a collect order, who collects and where. */
function destinationLines(order: Order, collection: Collection): string[] {
  if (order.delivery?.service === BY_EMAIL) {
    return ['Each gift card is emailed to its recipient on the day chosen.'];
  }
  if (!order.delivery?.collect) return ['Delivering to:', ...addressLines(order.shippingAddress)];
  const { name, phone } = order.shippingAddress;
  return [
    `To be collected by ${name}${phone ? ` (${phone})` : ''}`,
    ...(collection ? [`from ${collection.address}`] : []),
  ];
}

function totalsLines(order: Order): [string, string][] {
  const lines: [string, string][] = [
    ['Items', formatPounds(order.itemsPrice)],
    [deliveryLabel(order), order.shippingPrice === 0 ? 'Free' : formatPounds(order.shippingPrice)],
  ];
  if (order.giftWrapPrice > 0) lines.push(['Gift wrap', formatPounds(order.giftWrapPrice)]);
  for (const discount of order.discounts) {
    const term = `${discount.source === 'promotion' ? 'Offer' : 'Voucher'} ${discount.name}`;
    if (discount.amount > 0) lines.push([term, `-${formatPounds(discount.amount)}`]);
  }
  lines.push(['Total', formatPounds(order.totalPrice)]);
  lines.push([vatLineWords('Includes VAT at 20%', order), formatPounds(order.taxPrice)]);
  for (const card of order.giftCardPayments) {
    lines.push([`Paid with gift card ending ${card.last4}`, formatPounds(card.amount)]);
  }
  // "Visa ending 4242", "Apple Pay" or "PayPal"; a replacement sent at no charge was not paid.
  if (order.payment) lines.push(['Paid by', order.paymentMethod]);
  if (order.refundedTotal > 0) lines.push(['Refunded', `-${formatPounds(order.refundedTotal)}`]);
  return lines;
}

/** "Made for you: dispatched in about 15 working days", or a pre-order's day, for its line. */
function makingOfItem(item: Order['orderItems'][number]): string {
  if (item.madeToOrder) {
    return `. ${makingWords({ madeToOrder: item.madeToOrder, preorder: null })}`;
  }
  if (item.preorder) return `. ${makingWords({ madeToOrder: null, preorder: item.preorder })}`;
  return '';
}

/** A personalised line's text, each of its lines on a line of its own under the item. */
function personalisationLines(item: Order['orderItems'][number]): string {
  if (item.personalisation === undefined) return '';
  const label = item.personalisationLabel ?? 'Personalisation';
  return `\n  ${label}: ${item.personalisation.split('\n').join('\n  ' + ' '.repeat(label.length + 2))}`;
}

function itemLines(order: Order): string[] {
  return order.orderItems.map(
    (item) =>
      `${item.qty} x ${item.name}${item.variantLabel ? ` (${item.variantLabel})` : ''} by ${item.brand} at ${formatPounds(item.price)}${item.giftCard ? `, ${giftCardLineWords(item.giftCard)}` : ''}${makingOfItem(item)}${personalisationLines(item)}`,
  );
}

/** A gift: how it is sent, and its message as the packing slip prints it. */
function giftLines({ gift }: Order): string[] {
  if (!gift) return [];
  const sent = gift.wrap
    ? 'A gift, gift wrapped, sent without prices.'
    : 'A gift, sent without prices.';
  return ['', sent, ...(gift.message ? [`Your message:\n${gift.message}`] : [])];
}

function trackingLine(order: Order): string[] {
  const { tracking } = order;
  return tracking ? [`Tracking: ${tracking.carrier} ${tracking.number}: ${tracking.url}`] : [];
}

/**
 * A guest's later mails carry no link: the shop keeps only its key's hash, so only their
 * confirmation holds the link.
 */
const GUEST_WITHOUT_LINK =
  'You can see your order, and cancel it until it is sent, from the link in your order confirmation.';
/** An order kept for a buyer who closed their account: there is no account page to link to. */
const CLOSED_ACCOUNT_WITHOUT_LINK =
  'Your account is closed: to ask about this order, write to us at the address below.';

const withoutLinkWords = (order: Order) =>
  order.user === null ? GUEST_WITHOUT_LINK : CLOSED_ACCOUNT_WITHOUT_LINK;

/** A gift's confirmation: the link its recipient may follow the parcel by, to forward. */
function recipientLinkLines({ recipientLink, shippingAddress }: Order): string[] {
  if (!recipientLink) return [];
  return [
    '',
    `Forward this link to ${shippingAddress.name} so they can follow the parcel (it shows no prices): ${recipientLink}`,
  ];
}

function orderText(
  order: Order,
  link: string | undefined,
  trader: ShopIdentity,
  collection: Collection,
): string {
  return [
    ...itemLines(order),
    '',
    ...totalsLines(order).map(([label, value]) => `${label}: ${value}`),
    '',
    ...destinationLines(order, collection),
    ...(order.notes ? ['', `Your notes: ${order.notes}`] : []),
    ...giftLines(order),
    ...recipientLinkLines(order),
    ...(order.tracking ? ['', ...trackingLine(order)] : []),
    '',
    link ? `Your order: ${link}` : withoutLinkWords(order),
    '',
    traderText(trader),
  ].join('\n');
}

function orderHtml(
  order: Order,
  link: string | undefined,
  trader: ShopIdentity,
  collection: Collection,
): string {
  const rows = totalsLines(order)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const tracking = order.tracking
    ? `<p>Tracking: ${escapeHtml(`${order.tracking.carrier} ${order.tracking.number}`)} <a href="${escapeHtml(order.tracking.url)}" style="color:#7a4b2a">Track your parcel</a></p>`
    : '';
  return `${tracking}<ul style="padding-left:18px">${itemLines(order)
    .map((line) => `<li style="white-space:pre-line">${escapeHtml(line)}</li>`)
    .join('')}</ul>
<table style="border-collapse:collapse;margin:16px 0">${rows}</table>
<p>${destinationLines(order, collection).map(escapeHtml).join('<br>')}</p>
${order.notes ? `<p>Your notes: ${escapeHtml(order.notes)}</p>` : ''}
${giftLines(order)
  .filter((line) => line !== '')
  .map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`)
  .join('')}
${order.recipientLink ? `<p>Forward this link to ${escapeHtml(order.shippingAddress.name)} so they can follow the parcel (it shows no prices): <a href="${escapeHtml(order.recipientLink)}" style="color:#7a4b2a">${escapeHtml(order.recipientLink)}</a></p>` : ''}
<p>${link ? `<a href="${escapeHtml(link)}" style="color:#7a4b2a">See your order</a>` : escapeHtml(withoutLinkWords(order))}</p>
${traderHtml(trader)}`;
}

/**
 * A customer's order page, or a guest's link with its key (in their confirmation only); none for
 * an order kept after its buyer closed their account.
 */
const orderLink = (order: Order, publicUrl: string) =>
  order.orderLink ?? (order.user?._id ? `${publicUrl}/account/order/${order._id}` : undefined);

/** A mail about an order: to whom, its subject, its opening paragraph, and the order. */
interface OrderMailWords {
  to: string;
  subject: string;
  intro: string;
  order: Order;
}

/** One order mail: an opening paragraph, then the order, its link and the seller. */
export function orderMail(
  { to, subject, intro, order }: OrderMailWords,
  context: MailContext,
): Mail {
  const { publicUrl, trader } = context;
  const link = orderLink(order, publicUrl);
  const collection = collectionOf(context);
  return {
    to,
    subject,
    text: `${intro}\n\n${orderText(order, link, trader, collection)}`,
    html: mailPage(
      trader.name,
      `<p>${escapeHtml(intro)}</p>${orderHtml(order, link, trader, collection)}`,
    ),
  };
}

/** When it is sent and arrives, as its buyer was told: the dates kept with the order. */
function whenWords({ delivery }: Order): string {
  if (!delivery) {
    return 'We have your payment and will send it within 1-2 working days; delivery takes 2-3 working days after that.';
  }
  const { estimate } = delivery;
  if (delivery.collect) {
    return `We will email you when it is ready to collect, which should be on ${longDay(estimate.dispatch)}.`;
  }
  return `It goes by ${delivery.name}: we will send it by ${longDay(estimate.dispatch)}, and it should arrive ${arrivalRange(estimate)}.`;
}

/** `on Tuesday 1 December`, or `between Tuesday 1 December and Wednesday 2 December`. */
const arrivalRange = ({ from, to }: { from: string; to: string }) =>
  from === to ? `on ${longDay(from)}` : `between ${longDay(from)} and ${longDay(to)}`;

/** Whether and until when the buyer may cancel: never, for an order they had personalised. */
const cancelWords = (order: Order) =>
  holdsPersonalised(order.orderItems)
    ? 'It holds personalised items, made for you, so it cannot be cancelled or returned for a change of mind; if one arrives faulty or not as described, you can still return it.'
    : `You can cancel it from your order page until it is ${order.delivery?.collect ? 'ready' : 'dispatched'}.`;

export function orderConfirmationMail(to: string, order: Order, context: MailContext): Mail {
  return orderMail(
    {
      to,
      subject: `Your ${context.trader.name} order ${order.orderNumber}`,
      intro: `Thank you for your order. ${whenWords(order)} ${cancelWords(order)}`,
      order,
    },
    context,
  );
}

/** A collect order made ready: where and how to collect it. */
function readyToCollectMail(to: string, order: Order, context: MailContext): Mail {
  const collection = collectionOf(context);
  const where = collection
    ? ` from ${collection.address}.${collection.instructions ? ` ${collection.instructions}` : ''}`
    : '.';
  return orderMail(
    {
      to,
      subject: `Your ${context.trader.name} order is ready to collect`,
      intro: `Your order ${order.orderNumber} is ready to collect${where}`,
      order,
    },
    context,
  );
}

export function orderDispatchedMail(to: string, order: Order, context: MailContext): Mail {
  if (order.delivery?.collect) return readyToCollectMail(to, order, context);
  const dispatched = order.dispatchedAt ? formatLongDate(order.dispatchedAt) : 'today';
  const tracking = order.tracking
    ? ` It is travelling with ${order.tracking.carrier}, tracking number ${order.tracking.number}.`
    : '';
  const arrival =
    order.delivery && context.delivery && order.dispatchedAt
      ? arrivalAfterDispatch(context.delivery, order.delivery, new Date(order.dispatchedAt))
      : undefined;
  const reaches = arrival
    ? `should arrive ${arrivalRange(arrival)}`
    : 'should reach you within 2-3 working days';
  return orderMail(
    {
      to,
      subject: `Your ${context.trader.name} order is on its way`,
      intro: `Your order was dispatched on ${dispatched} and ${reaches}.${tracking}`,
      order,
    },
    context,
  );
}

export function trackingCorrectedMail(to: string, order: Order, context: MailContext): Mail {
  const tracking = order.tracking
    ? `${order.tracking.carrier}, tracking number ${order.tracking.number}`
    : 'its carrier';
  return orderMail(
    {
      to,
      subject: `The tracking number of your ${context.trader.name} order, corrected`,
      intro: `We gave you the wrong tracking number for your order: sorry. It is travelling with ${tracking}.`,
      order,
    },
    context,
  );
}

export function orderDeliveredMail(to: string, order: Order, context: MailContext): Mail {
  const deadline = order.deliveredAt ? formatLongDate(returnDeadline(order.deliveredAt)) : '';
  if (order.delivery?.collect) {
    return orderMail(
      {
        to,
        subject: `Your ${context.trader.name} order has been collected`,
        intro: `Thank you for collecting your order. We hope you love it. If it is not right, you can ask to return it from your order page until ${deadline}.`,
        order,
      },
      context,
    );
  }
  return orderMail(
    {
      to,
      subject: `Your ${context.trader.name} order has been delivered`,
      intro: `Your order has been delivered. We hope you love it. If it is not right, you can ask to return it from your order page until ${deadline}.`,
      order,
    },
    context,
  );
}

export function orderCancelledMail(to: string, order: Order, context: MailContext): Mail {
  const owed = order.totalPrice - order.refundedTotal;
  const money =
    owed > 0
      ? `We are refunding ${formatPounds(owed)} to the account you paid with; it can take a few days to show.`
      : `We have refunded ${formatPounds(order.refundedTotal)} to the account you paid with; it can take a few days to show.`;
  return orderMail(
    {
      to,
      subject: `Your ${context.trader.name} order ${order.orderNumber} is cancelled`,
      intro: `Your order has been cancelled. ${money}`,
      order,
    },
    context,
  );
}

export function orderRefundedMail(
  to: string,
  order: Order,
  refund: { amountPence: Pence; reason: string; onto?: string },
  context: MailContext,
): Mail {
  return orderMail(
    {
      to,
      subject: `A refund on your ${context.trader.name} order`,
      intro:
        refund.onto === undefined
          ? `We have refunded ${formatPence(refund.amountPence)} to the account you paid with (${refund.reason}). It can take a few days to show.`
          : `We have refunded ${refund.onto} (${refund.reason}). It is there to spend now.`,
      order,
    },
    context,
  );
}

/** To the customer: their return request is in, and what to do next. */
export function returnReceivedMail(to: string, order: Order, context: MailContext): Mail {
  return orderMail(
    {
      to,
      subject: `We have your return request for order ${order.orderNumber}`,
      intro: `We have your request to return this order. Please send the items back within 14 days to ${context.trader.legalName}, ${context.trader.address}, with your order number. We refund the goods and the standard delivery within 14 days of getting them back.`,
      order,
    },
    context,
  );
}

/**
 * A mail to the shop about one of its orders: the order's number, the customer's words when
 * there are some, and a link to the order in the back office; replying writes to the customer.
 */
function shopMail(
  { to, subject, intro, order: placed, customerEmail }: OrderMailWords & { customerEmail: string },
  context: MailContext,
): Mail {
  const { publicUrl, trader } = context;
  const collection = collectionOf(context);
  // The links with keys are the buyer's to keep or forward, not the shop's.
  const order = { ...placed, orderLink: undefined, recipientLink: undefined };
  const link = `${publicUrl}/admin/order/${order._id}`;
  return {
    to,
    subject,
    text: `${intro}\n\nOrder ${order.orderNumber}: ${link}\n\n${orderText(order, link, trader, collection)}`,
    html: mailPage(
      trader.name,
      `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}" style="color:#7a4b2a">Open order ${escapeHtml(order.orderNumber)}</a></p>${orderHtml(order, link, trader, collection)}`,
    ),
    headers: { 'Reply-To': customerEmail },
  };
}

/** What the shop is to do with a new order, and by when. */
function waitsWords({ delivery }: Order): string {
  if (!delivery) return 'It waits to be dispatched.';
  const by = longDay(delivery.estimate.dispatch);
  return delivery.collect
    ? `It is to be collected: have it ready by ${by}.`
    : `It goes by ${delivery.name}: dispatch it by ${by}.`;
}

/** To the shop: a new order to send. */
export function newOrderMail(order: Order, customerEmail: string, context: MailContext): Mail {
  return shopMail(
    {
      to: context.trader.email,
      subject: `New order ${order.orderNumber} from ${buyerAndRecipientOf(order)}: ${formatPounds(order.totalPrice)}`,
      intro:
        order.gift && order.shippingAddress.name !== order.buyer.name
          ? `${buyerNameOf(order)} (${customerEmail}) has ordered a gift for ${order.shippingAddress.name} and paid. ${waitsWords(order)}`
          : `${buyerNameOf(order)} (${customerEmail}) has ordered and paid. ${waitsWords(order)}`,
      order,
      customerEmail,
    },
    context,
  );
}

/** To the shop: an order will not be sent after all. */
export function orderCancelledShopMail(
  order: Order,
  customerEmail: string,
  context: MailContext,
): Mail {
  return shopMail(
    {
      to: context.trader.email,
      subject: `Order ${order.orderNumber} cancelled`,
      intro: `Order ${order.orderNumber} of ${buyerAndRecipientOf(order)} has been cancelled: do not send it.`,
      order,
      customerEmail,
    },
    context,
  );
}

/** To the shop: a customer wants to send an order back. */
export function returnRequestedMail(
  order: Order,
  customerEmail: string,
  context: MailContext,
): Mail {
  const reason = order.returnRequest?.reason ?? '';
  const kind = order.returnRequest ? RETURN_KIND_WORDS[order.returnRequest.kind] : '';
  return shopMail(
    {
      to: context.trader.email,
      subject: `Return requested for order ${order.orderNumber}`,
      intro: `${buyerNameOf(order)} has asked to return this order (${kind.toLowerCase()}). Their reason: ${reason}`,
      order,
      customerEmail,
    },
    context,
  );
}

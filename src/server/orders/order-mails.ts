import { formatLongDate } from '../../shared/dates';
import { formatPounds } from '../../shared/money';
import type { Order } from '../../shared/orders';
import { SHOP_NAME } from '../../shared/shop';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';

function totalsLines(order: Order): [string, string][] {
  const lines: [string, string][] = [
    ['Items', formatPounds(order.itemsPrice)],
    ['Delivery', order.shippingPrice === 0 ? 'Free' : formatPounds(order.shippingPrice)],
  ];
  if (order.voucher)
    lines.push([`Voucher ${order.voucher}`, `-${formatPounds(order.voucherDiscount)}`]);
  lines.push(['Total', formatPounds(order.totalPrice)]);
  lines.push(['of which VAT', formatPounds(order.taxPrice)]);
  return lines;
}

function addressLines(order: Order): string[] {
  const { address, city, postalCode, country } = order.shippingAddress;
  return [address, city, postalCode, country];
}

function itemLines(order: Order): string[] {
  return order.orderItems.map(
    (item) => `${item.qty} x ${item.name} (${item.brand}) at ${formatPounds(item.price)}`,
  );
}

function orderText(order: Order, link: string): string {
  return [
    ...itemLines(order),
    '',
    ...totalsLines(order).map(([label, value]) => `${label}: ${value}`),
    '',
    'Delivering to:',
    ...addressLines(order),
    ...(order.notes ? ['', `Your notes: ${order.notes}`] : []),
    '',
    `Your order: ${link}`,
  ].join('\n');
}

function orderHtml(order: Order, link: string): string {
  const rows = totalsLines(order)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<ul style="padding-left:18px">${itemLines(order)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul>
<table style="border-collapse:collapse;margin:16px 0">${rows}</table>
<p>Delivering to:<br>${addressLines(order).map(escapeHtml).join('<br>')}</p>
${order.notes ? `<p>Your notes: ${escapeHtml(order.notes)}</p>` : ''}
<p><a href="${escapeHtml(link)}" style="color:#7a4b2a">See your order</a></p>`;
}

const orderLink = (order: Order, publicUrl: string) => `${publicUrl}/account/order/${order._id}`;

export function orderConfirmationMail(to: string, order: Order, publicUrl: string): Mail {
  const link = orderLink(order, publicUrl);
  const intro = `Thank you for your order. We have your payment and will send it within 1-2 working days; delivery takes 2-3 working days after that.`;
  return {
    to,
    subject: `Your ${SHOP_NAME} order ${order._id}`,
    text: `${intro}\n\n${orderText(order, link)}\n\n${SHOP_NAME}`,
    html: mailPage(SHOP_NAME, `<p>${escapeHtml(intro)}</p>${orderHtml(order, link)}`),
  };
}

export function orderDispatchedMail(to: string, order: Order, publicUrl: string): Mail {
  const link = orderLink(order, publicUrl);
  const dispatched = order.dispatchedAt ? formatLongDate(order.dispatchedAt) : 'today';
  const intro = `Your order was dispatched on ${dispatched} and should reach you within 2-3 working days.`;
  return {
    to,
    subject: `Your ${SHOP_NAME} order is on its way`,
    text: `${intro}\n\n${orderText(order, link)}\n\n${SHOP_NAME}`,
    html: mailPage(SHOP_NAME, `<p>${escapeHtml(intro)}</p>${orderHtml(order, link)}`),
  };
}

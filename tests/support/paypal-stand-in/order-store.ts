import * as z from 'zod';
import type { StandInOrder } from '../paypal-stand-in';
import { amountProblem, createOrderSchema } from './create-order-checks';
import { declinesOnCapture, paymentSourceView } from './payment-sources';
import { invalidRequest, notFound, unprocessable, type Reply } from './error-replies';
import { now, randomId } from './ids-and-times';
import type { StandInState } from './stand-in-state';

export function createOrder(state: StandInState, body: unknown): Reply {
  const { orders } = state;
  const parsed = createOrderSchema.safeParse(body);
  if (!parsed.success) {
    const [first] = parsed.error.issues;
    const where = first?.path.join('.') ?? '';
    return first?.code === 'invalid_type' && first.input === undefined
      ? invalidRequest('MISSING_REQUIRED_PARAMETER', `${where} is required.`)
      : invalidRequest('INVALID_PARAMETER_VALUE', `${where} is not valid.`);
  }
  const { intent, purchase_units: units } = parsed.data;
  if (intent !== 'CAPTURE')
    return invalidRequest('INVALID_PARAMETER_VALUE', 'The stand-in takes intent CAPTURE only.');
  const [unit] = units;
  if (!unit || units.length > 1)
    return invalidRequest('INVALID_PARAMETER_VALUE', 'The stand-in takes one purchase unit.');
  const problem = amountProblem(unit);
  if (problem) return problem;
  const id = randomId();
  const { currency_code, value } = unit.amount;
  orders.set(id, {
    id,
    status: 'CREATED',
    purchaseUnit: unit,
    amount: { currency_code, value },
    payerEmail: undefined,
    captures: [],
    createTime: now(),
  });
  return { status: 201, body: { id, status: 'CREATED', links: orderLinks(state, id) } };
}

function orderLinks(state: StandInState, id: string) {
  const { baseUrl } = state;
  return [
    { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
    { href: `${baseUrl}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
    { href: `${baseUrl}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
  ];
}

/** The order as GET and capture show it. */
export function orderView(state: StandInState, order: StandInOrder) {
  const { reference_id, custom_id, amount, items } = order.purchaseUnit;
  const captures = order.captures.map((capture) => ({
    ...capture,
    ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE' },
  }));
  const email = order.source?.kind === 'paypal' ? order.source.email : undefined;
  const source = paymentSourceView(order.source);
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    ...(source ? { payment_source: source } : {}),
    ...(email === undefined
      ? {}
      : {
          payer: { email_address: email, payer_id: 'QYR5Z8XDVJNXQ', name: { given_name: 'Sam' } },
        }),
    purchase_units: [
      {
        reference_id,
        custom_id,
        amount,
        items,
        ...(captures.length === 0 ? {} : { payments: { captures } }),
      },
    ],
    create_time: order.createTime,
    links: orderLinks(state, order.id).slice(0, 1),
  };
}

export function captureOrder(state: StandInState, order: StandInOrder | undefined): Reply {
  const { amountOverrides, pendingCaptures } = state;
  if (!order) return notFound();
  if (order.status === 'CREATED')
    return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
  if (order.status === 'COMPLETED')
    return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
  if (declinesOnCapture(order)) {
    // As PayPal lets a buyer give another card for the same order after a decline.
    order.source = undefined;
    order.status = 'CREATED';
    return unprocessable(
      'INSTRUMENT_DECLINED',
      'The instrument presented was either declined or cannot be used.',
    );
  }
  const time = now();
  order.captures.push({
    id: randomId(),
    status: pendingCaptures.has(order.id) ? 'PENDING' : 'COMPLETED',
    amount: amountOverrides.get(order.id) ?? order.amount,
    create_time: time,
    update_time: time,
  });
  order.status = 'COMPLETED';
  return { status: 201, body: orderView(state, order) };
}

const refundBodySchema = z
  .object({ amount: z.object({ currency_code: z.string(), value: z.string() }) })
  .partial()
  .optional();

const toPence = (value: string) => Math.round(Number(value) * 100);

/** Refunds all of a capture (no body) or the amount asked, never more than is left of it. */
export function refundCapture(state: StandInState, captureId: string, body: unknown): Reply {
  const { orders, refunds, refundedPence, baseUrl } = state;
  const capture = [...orders.values()]
    .flatMap((order) => order.captures)
    .find((candidate) => candidate.id === captureId);
  if (!capture) return notFound();
  if (capture.status === 'REFUNDED')
    return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
  if (state.refusedRefunds.count > 0) {
    state.refusedRefunds.count -= 1;
    return unprocessable('REFUND_NOT_ALLOWED', 'Refund is not allowed for this capture.');
  }
  const parsed = refundBodySchema.safeParse(body);
  if (!parsed.success) return invalidRequest('INVALID_PARAMETER_VALUE', 'amount is not valid.');
  const captured = toPence(capture.amount.value);
  const already = refundedPence.get(captureId) ?? 0;
  const asked = parsed.data?.amount ? toPence(parsed.data.amount.value) : captured - already;
  if (parsed.data?.amount && parsed.data.amount.currency_code !== capture.amount.currency_code)
    return unprocessable('REFUND_CURRENCY_MISMATCH', 'The refund currency must match the capture.');
  if (asked <= 0 || already + asked > captured)
    return unprocessable(
      'REFUND_AMOUNT_EXCEEDED',
      'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    );
  refundedPence.set(captureId, already + asked);
  capture.status = already + asked === captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  capture.update_time = now();
  refunds.push(captureId);
  const id = randomId();
  const self = { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' };
  return { status: 201, body: { id, status: 'COMPLETED', links: [self] } };
}

import * as z from 'zod';
import {
  brandName,
  LIABILITY_SHIFTS,
  type PaymentMethod,
} from '../../shared/payments/payment-methods';
import { PaymentFailed, type Capture, type PaymentSource } from './payment-provider';
import { payPalValueToPence } from './paypal-amounts';

export const MESSAGES = {
  declined: 'Your payment was declined. Please try another card or PayPal account.',
  notApproved:
    'The payment has not been approved yet. Please approve it in the PayPal window and try again.',
  payerAction:
    'PayPal needs you to finish a step in its window first. Please complete it and try again.',
  notFound: 'That payment could not be found.',
  unavailable:
    'PayPal is not answering just now. Please try again in a moment; you will never be charged twice.',
  notConnected:
    'Payments cannot be taken just now. No money has been taken; please try again later.',
  refused: 'The payment could not be completed. Please try again or choose another way to pay.',
  unexpected:
    'PayPal answered in a way we did not expect. No money has been taken; please try again.',
  unconfirmed:
    'We could not confirm the payment with PayPal. Please contact us before trying again.',
  takenUnconfirmed:
    'Your payment was taken, but PayPal is not answering to confirm it. Please try again in a moment.',
} as const;

export const PROVIDER_ID = /^[A-Z0-9-]{1,64}$/;

export const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number(),
});
export const createdSchema = z.looseObject({ id: z.string().regex(PROVIDER_ID) });
const errorSchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string() })).optional(),
  debug_id: z.string().optional(),
});
const captureSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: z.looseObject({ currency_code: z.string(), value: z.string() }),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
});
const withEmail = z.looseObject({ email_address: z.string().optional() }).optional();
/** A card as PayPal describes one: in `card`, and inside `apple_pay` and `google_pay`. */
const cardSchema = z.looseObject({
  brand: z.string().optional(),
  last_digits: z.string().optional(),
  authentication_result: z
    .looseObject({
      liability_shift: z.string().optional(),
      three_d_secure: z
        .looseObject({
          enrollment_status: z.string().optional(),
          authentication_status: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
const walletSchema = z.looseObject({ card: cardSchema.optional() }).optional();
const paymentSourceSchema = z
  .looseObject({
    paypal: withEmail,
    card: cardSchema.optional(),
    apple_pay: walletSchema,
    google_pay: walletSchema,
  })
  .optional();
const orderSourceSchema = z.looseObject({ payment_source: paymentSourceSchema });
const capturedOrderSchema = z.looseObject({
  status: z.string(),
  payer: withEmail,
  payment_source: paymentSourceSchema,
  purchase_units: z.array(
    z.looseObject({
      payments: z.looseObject({ captures: z.array(captureSchema).optional() }).optional(),
    }),
  ),
});

/** PayPal's answer to one call, its body parsed as JSON when it is JSON. */
export interface Answer {
  status: number;
  body: unknown;
  debugId: string | undefined;
}

export const isSuccess = (answer: Answer) => answer.status === 200 || answer.status === 201;

export async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page, say): kept as text for the log.
  }
  const debugId =
    response.headers.get('paypal-debug-id') ?? errorSchema.safeParse(body).data?.debug_id;
  return { status: response.status, body, debugId };
}

/** PayPal's issue code for a failed call: the first detail's issue, else the error's name. */
export function issueOf(answer: Answer): string {
  const error = errorSchema.safeParse(answer.body).data;
  return error?.details?.[0]?.issue ?? error?.name ?? `HTTP_${answer.status}`;
}

/** What the shopper is told about a failed call; PayPal's own words only go to the log. */
export function failureFor(answer: Answer): PaymentFailed {
  if (answer.status === 401)
    return new PaymentFailed(MESSAGES.notConnected, 'AUTHENTICATION_FAILURE');
  if (answer.status === 404) return new PaymentFailed(MESSAGES.notFound, 'INVALID_RESOURCE_ID');
  const issue = issueOf(answer);
  switch (issue) {
    case 'INSTRUMENT_DECLINED':
    case 'TRANSACTION_REFUSED':
      return new PaymentFailed(MESSAGES.declined, issue, true);
    case 'ORDER_NOT_APPROVED':
      return new PaymentFailed(MESSAGES.notApproved, issue);
    case 'PAYER_ACTION_REQUIRED':
      return new PaymentFailed(MESSAGES.payerAction, issue, true);
    default:
      return new PaymentFailed(MESSAGES.refused, issue);
  }
}

type Card = z.infer<typeof cardSchema>;

const liabilityShiftOf = (value: string | undefined) =>
  LIABILITY_SHIFTS.find((shift) => shift === value?.toUpperCase());

function fromCard(method: PaymentMethod, card: Card | undefined): PaymentSource {
  const result = card?.authentication_result;
  return {
    method,
    brand: card?.brand ? brandName(card.brand) : null,
    last4: card?.last_digits && /^\d{2,4}$/.test(card.last_digits) ? card.last_digits : null,
    authentication: result && {
      liabilityShift: liabilityShiftOf(result.liability_shift),
      enrollmentStatus: result.three_d_secure?.enrollment_status?.toUpperCase(),
      authenticationStatus: result.three_d_secure?.authentication_status?.toUpperCase(),
    },
  };
}

/** What an order is paid with, as PayPal says it; undefined before the shopper has approved it. */
export function sourceOf(body: unknown): PaymentSource | undefined {
  const source = orderSourceSchema.safeParse(body).data?.payment_source;
  if (source?.card) return fromCard('card', source.card);
  if (source?.apple_pay) return fromCard('apple-pay', source.apple_pay.card);
  if (source?.google_pay) return fromCard('google-pay', source.google_pay.card);
  if (source?.paypal)
    return { method: 'paypal', brand: null, last4: null, authentication: undefined };
  return undefined;
}

/** The first capture of a captured order, or undefined when there is none we can read. */
export function toCapture(body: unknown): Capture | undefined {
  const order = capturedOrderSchema.safeParse(body).data;
  const capture = order?.purchase_units[0]?.payments?.captures?.[0];
  if (!order || !capture) return undefined;
  const amountPence = payPalValueToPence(capture.amount.value);
  if (amountPence === undefined) return undefined;
  return {
    orderStatus: order.status,
    source: sourceOf(body) ?? {
      method: 'paypal',
      brand: null,
      last4: null,
      authentication: undefined,
    },
    captureId: capture.id,
    captureStatus: capture.status,
    currency: capture.amount.currency_code,
    amountPence,
    payerEmail: order.payer?.email_address ?? order.payment_source?.paypal?.email_address ?? '',
    updateTime: capture.update_time ?? capture.create_time ?? '',
  };
}

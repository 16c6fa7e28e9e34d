import * as z from 'zod';
import { longDay } from '../../../../../shared/delivery/delivery-days';
import {
  GIFT_CARD_LEAST_PENCE,
  GIFT_CARD_MOST_PENCE,
  GIFT_CARD_OWN_AMOUNT,
  giftCardLineSchema,
  lastSendOn,
} from '../../../../../shared/gift-cards/gift-cards';
import type { Variant } from '../../../../../shared/catalog/catalog';
import { ukDay } from '../../../../../shared/uk-time';

// The gift card's form on its product page: who it is for, the message, the day it is sent and,
// for the option whose amount the buyer names, that amount. Each field is judged by the rule the
// checkout's line is judged by (`giftCardLineSchema`), with the day's bounds at the moment of asking.

const least = GIFT_CARD_LEAST_PENCE / 100;
const most = GIFT_CARD_MOST_PENCE / 100;
export const OWN_AMOUNT_MISSING = `Please enter an amount from £${least} to £${most}`;

/** The option a buyer names the amount of. */
export const isOwnAmount = (variant: Pick<Variant, 'options'> | undefined): boolean =>
  variant !== undefined && Object.values(variant.options).includes(GIFT_CARD_OWN_AMOUNT);

/** Pounds as typed (`25`, `£12.50`): a number, or NaN for words, which the rule refuses. */
const typedPounds = (typed: string) => Number(typed.replace(/^£/, '').replaceAll(',', ''));

const ownAmountSchema = z
  .string()
  .trim()
  .min(1, OWN_AMOUNT_MISSING)
  .transform(typedPounds)
  .pipe(giftCardLineSchema.shape.amount.unwrap());

/** Today to a year ahead in the UK, as of `now`, or why the day chosen is not within them. */
function sendOnSchema(now: () => Date) {
  return z
    .string()
    .min(1, 'Please choose the day the gift card is sent')
    .pipe(
      giftCardLineSchema.shape.sendOn.superRefine((day, context) => {
        const at = now();
        if (day < ukDay(at)) {
          context.addIssue({ code: 'custom', message: 'Please choose today or a day to come' });
        } else if (day > lastSendOn(at)) {
          context.addIssue({
            code: 'custom',
            message: `A gift card can be sent up to a year ahead: ${longDay(lastSendOn(at))} at the latest`,
          });
        }
      }),
    );
}

/** The form's rule; the amount is asked for only when the buyer names it. */
export function giftCardFormSchema(ownAmount: boolean, now: () => Date = () => new Date()) {
  return z.object({
    amount: ownAmount ? ownAmountSchema : z.string().transform(() => undefined),
    recipientName: giftCardLineSchema.shape.recipientName,
    recipientEmail: z
      .string()
      .trim()
      .min(1, "Please enter the recipient's email address")
      .pipe(giftCardLineSchema.shape.recipientEmail),
    message: giftCardLineSchema.shape.message,
    sendOn: sendOnSchema(now),
  });
}

/** What the form's fields hold, as typed. */
export type GiftCardFormValues = z.input<ReturnType<typeof giftCardFormSchema>>;
export type GiftCardForm = z.output<ReturnType<typeof giftCardFormSchema>>;

/** A new, blank card for someone, sent today. */
export const blankGiftCardForm = (today: string): GiftCardFormValues => ({
  amount: '',
  recipientName: '',
  recipientEmail: '',
  message: '',
  sendOn: today,
});

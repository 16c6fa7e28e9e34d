import { TZDate } from '@date-fns/tz';
import { addMonths, addYears } from 'date-fns';
import * as z from 'zod';
import { pageNumberSchema } from '../api';
import { formatLongDate, ukDaySchema } from '../dates';
import { emailSchema, searchWordsSchema } from '../fields';
import { ORDER_NUMBER_ALPHABET } from '../orders/order-number-alphabet';
import { isCleanText } from '../text';
import { SHOP_TIME_ZONE, ukDay, ukDayEnd } from '../uk-time';

// Gift cards: sold in the `gift-cards` category, each a code with a balance spent at checkout
// after every discount. The code is 16 characters from the order numbers' alphabet (no 0, 1, I
// or O), written in four groups; the shop keeps only its hash and its last 4 characters.

/** What can go wrong with a gift card, and the HTTP status of each. */
export const GIFT_CARD_ERRORS = {
  GIFT_CARD_NOT_FOUND: 404,
  GIFT_CARD_SPENT: 409,
  GIFT_CARD_EXPIRED: 409,
  GIFT_CARD_VOIDED: 409,
} as const;

/** The shelf gift cards are sold from. */
export const GIFT_CARD_CATEGORY = 'gift-cards';

/** The amounts offered as they are, in pence; a buyer may also choose one within the bounds. */
export const GIFT_CARD_AMOUNTS_PENCE = [1000, 2500, 5000, 10_000] as const;
export const GIFT_CARD_LEAST_PENCE = 500;
export const GIFT_CARD_MOST_PENCE = 25_000;

/**
 * The gift card product's option for an amount the buyer chooses: its line names the amount
 * (`giftCard.amount`), from the least to the most; every other option is sold at its price.
 */
export const GIFT_CARD_OWN_AMOUNT = 'Your own amount';

/** How many gift cards one order may be paid with. */
export const GIFT_CARDS_PER_ORDER = 3;

/** A gift card's code has 16 characters, written in four groups of four. */
export const GIFT_CARD_CODE_LENGTH = 16;
const GROUP = 4;
const CODE_PATTERN = new RegExp(`^[${ORDER_NUMBER_ALPHABET}]{${GIFT_CARD_CODE_LENGTH}}$`);
/** Spaces and dashes (of any width) a code may be written with. */
const SEPARATORS = /[\s\u002d\u2010-\u2015\u2212]/g;

/**
 * A code as typed (`abcd efgh-jklm npqr`) as the shop keeps it (`ABCDEFGHJKLMNPQR`): upper case,
 * without spaces or dashes. Undefined when it is not a gift card's code: not 16 characters, or
 * one outside the alphabet (0, 1, I and O are never in a code).
 */
export function normaliseGiftCardCode(typed: string): string | undefined {
  const code = typed.replace(SEPARATORS, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : undefined;
}

/** `ABCDEFGHJKLMNPQR` → `ABCD-EFGH-JKLM-NPQR`, as a card and its mail print it. */
export function formatGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += GROUP) {
    groups.push(code.slice(start, start + GROUP));
  }
  return groups.join('-');
}

/** The characters of a code kept in clear: its last four. */
export const lastFourOf = (code: string) => code.slice(-GROUP);

/** What a gift card's mail is sent at on its day: 8:00 in the UK. */
export const GIFT_CARD_SEND_HOUR = 8;

/**
 * When a gift card's mail goes: 8:00 UK time (GMT or BST as the day falls) on `sendOn`, or at
 * once (`now`) when that moment has passed.
 */
export function giftCardSendAt(sendOn: string, now: Date): Date {
  const [year, month, day] = sendOn.split('-').map(Number) as [number, number, number];
  const at = new Date(
    new TZDate(year, month - 1, day, GIFT_CARD_SEND_HOUR, 0, SHOP_TIME_ZONE).getTime(),
  );
  return at.getTime() > now.getTime() ? at : now;
}

/**
 * When a card bought at `now` stops working: the end of the UK day `months` after the day it was
 * bought (bought on 3 December 2026 for 24 months, it works until the end of 3 December 2028).
 */
export function giftCardExpiresAt(now: Date, months: number): Date {
  return ukDayEnd(ukDay(addMonths(new TZDate(now, SHOP_TIME_ZONE), months)));
}

/**
 * The last UK day a card works on, in words (`3 December 2028`), from the instant it stops
 * working (the start of the next day).
 */
export const giftCardLastDay = (expires: string) =>
  formatLongDate(new Date(Date.parse(expires) - 1));

/** The last UK day a card may be sent on, bought at `now`: a year ahead. */
export const lastSendOn = (now: Date) => ukDay(addYears(new TZDate(now, SHOP_TIME_ZONE), 1));

/**
 * Why a send day cannot be chosen at `now`, or undefined when it can: today (in the UK) up to a
 * year ahead. The checkout asks this of each gift card line as it prices the basket.
 */
export function sendOnProblem(sendOn: string, now: Date): string | undefined {
  if (sendOn < ukDay(now)) return 'A gift card cannot be sent on a day that has passed';
  const last = lastSendOn(now);
  if (sendOn > last) return `A gift card can be sent up to a year ahead, until ${last}`;
  return undefined;
}

/** A name on a gift card: trimmed, 1 to 100 characters, one clean line. */
function personNameSchema(whose: string) {
  return z
    .string({ error: `Please enter ${whose} name` })
    .trim()
    .min(1, `Please enter ${whose} name`)
    .max(
      100,
      `${whose.charAt(0).toUpperCase()}${whose.slice(1)} name can be at most 100 characters`,
    )
    .refine(
      (name) => isCleanText(name),
      `${whose.charAt(0).toUpperCase()}${whose.slice(1)} name holds a character that cannot be used`,
    );
}

/** The most a gift card's message may hold. */
export const GIFT_CARD_MESSAGE_MAX_LENGTH = 250;

/**
 * A gift card line of the basket: who it is for, the buyer's message (line breaks kept, as
 * written), and the UK day its mail goes. Whether that day is within reach is `sendOnProblem`'s,
 * as it needs the moment of the checkout.
 */
export const giftCardLineSchema = z.object(
  {
    recipientName: personNameSchema("the recipient's"),
    recipientEmail: z
      .string({ error: "Please enter the recipient's email address" })
      .pipe(emailSchema),
    message: z
      .string({ error: 'A gift card message is words' })
      .transform((message) => message.replaceAll('\r\n', '\n').trim())
      .pipe(
        z
          .string()
          .max(
            GIFT_CARD_MESSAGE_MAX_LENGTH,
            `A gift card message can be at most ${GIFT_CARD_MESSAGE_MAX_LENGTH} characters`,
          )
          .refine(
            (message) => isCleanText(message, { multiline: true }),
            'A gift card message contains a character that cannot be printed',
          ),
      )
      .optional()
      .default(''),
    sendOn: z.string({ error: 'Please choose the day the gift card is sent' }).pipe(ukDaySchema),
    /** The amount in pounds, for the option the buyer names the amount of (GIFT_CARD_OWN_AMOUNT). */
    amount: z
      .number({ error: 'A gift card amount is a number of pounds' })
      .multipleOf(0.01, 'A gift card amount is in pounds and pence')
      .min(
        GIFT_CARD_LEAST_PENCE / 100,
        `A gift card is for £${GIFT_CARD_LEAST_PENCE / 100} or more`,
      )
      .max(GIFT_CARD_MOST_PENCE / 100, `A gift card is for £${GIFT_CARD_MOST_PENCE / 100} at most`)
      .optional(),
  },
  { error: 'A gift card is described by its recipient, a message and the day it is sent' },
);
export type GiftCardLine = z.infer<typeof giftCardLineSchema>;

/** What one card paid of an order: the card's last 4, and pounds. */
export const giftCardPaymentSchema = z.object({ last4: z.string(), amount: z.number() });
export type GiftCardPayment = z.infer<typeof giftCardPaymentSchema>;

/**
 * A gift card line of an order, as its buyer's receipt shows it: who it is for, the message, the
 * day it is sent, and the last 4 of each card it made (one for each of its quantity).
 */
export const orderGiftCardSchema = z.object({
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  sendOn: z.string(),
  cards: z.array(z.string()),
});
export type OrderGiftCard = z.infer<typeof orderGiftCardSchema>;

/** A code as a body carries it: some text, judged as a code by the service (unknown: 404). */
const typedCodeSchema = z
  .string({ error: 'A gift card code is 16 letters and digits, such as ABCD-EFGH-JKLM-NPQR' })
  .trim()
  .min(1, 'Please enter the gift card code')
  .max(64, 'That is not a gift card code: they have 16 letters and digits')
  .refine(
    (code) => isCleanText(code),
    'That is not a gift card code: they have 16 letters and digits',
  );

/** `POST /api/gift-cards/check`. */
export const giftCardCheckBodySchema = z.object(
  { code: typedCodeSchema },
  { error: 'Send the gift card code as { "code": "ABCD-EFGH-JKLM-NPQR" }' },
);
export type GiftCardCheckBody = z.infer<typeof giftCardCheckBodySchema>;

/** What a code's card holds now: its balance in pounds, when it stops working, its last 4. */
export const giftCardCheckSchema = z.object({
  balance: z.number(),
  /** The instant it stops working (ISO 8601): the end of the UK day printed on it. */
  expires: z.string(),
  last4: z.string(),
});
export type GiftCardCheck = z.infer<typeof giftCardCheckSchema>;

/**
 * The codes a quote, a payment or an order is paid with: up to 3, each written as a shopper
 * types it and kept as the shop does (one that is not a code stays as typed, to be refused as
 * unknown); none twice.
 */
export const giftCardCodesSchema = z
  .array(
    typedCodeSchema.transform((code) => normaliseGiftCardCode(code) ?? code.toUpperCase()),
    {
      error: 'Gift cards are a list of codes',
    },
  )
  .max(GIFT_CARDS_PER_ORDER, `An order can be paid with ${GIFT_CARDS_PER_ORDER} gift cards at most`)
  .refine(
    (codes) => new Set(codes).size === codes.length,
    'The same gift card is given twice: give each code once',
  );

/**
 * A gift card line as a receipt words it: `for Bea Friend (bea@example.com), sent on 25 December
 * 2026, card ending ABCD`.
 */
export function giftCardLineWords(card: OrderGiftCard): string {
  const sent = formatLongDate(`${card.sendOn}T12:00:00Z`);
  const cards =
    card.cards.length === 0
      ? ''
      : `, ${card.cards.length === 1 ? 'card' : 'cards'} ending ${card.cards.join(', ')}`;
  return `for ${card.recipientName} (${card.recipientEmail}), sent on ${sent}${cards}`;
}

/**
 * Whether an order's lines are all gift cards: nothing was posted, so nothing comes back; a card
 * is cancelled instead, which refunds what is left on it.
 */
export const onlyGiftCards = (lines: readonly { giftCard?: unknown }[]) =>
  lines.length > 0 && lines.every((line) => line.giftCard);

/** A card's state as the back office shows it. */
export const GIFT_CARD_STATUSES = ['active', 'spent', 'expired', 'voided'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** A person a card is bought by or sent to. */
const personSchema = z.object({ name: z.string(), email: z.string() });

/** A card in the back office's list: never its whole code, which the shop does not keep. */
export const adminGiftCardSchema = z.object({
  _id: z.string(),
  last4: z.string(),
  /** What it was bought for, in pounds. */
  amount: z.number(),
  /** What is left on it, in pounds. */
  balance: z.number(),
  expires: z.string(),
  buyer: personSchema,
  recipient: personSchema,
  /** The UK day its mail goes, at 8:00. */
  sendOn: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

export const giftCardPageSchema = z.object({
  giftCards: z.array(adminGiftCardSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type GiftCardPage = z.infer<typeof giftCardPageSchema>;

/** `GET /api/gift-cards?q=&pageNumber=`: q is a card's last 4, or words of a name or email. */
export const giftCardQuerySchema = z.object({ q: searchWordsSchema, pageNumber: pageNumberSchema });
export type GiftCardQuery = z.infer<typeof giftCardQuerySchema>;

/** Each movement of a card's balance, and each mail of it. */
export const GIFT_CARD_ENTRY_TYPES = ['issued', 'spent', 'refunded', 'voided', 'mailed'] as const;
export type GiftCardEntryType = (typeof GIFT_CARD_ENTRY_TYPES)[number];

export const giftCardEntrySchema = z.object({
  type: z.enum(GIFT_CARD_ENTRY_TYPES),
  /** Pounds onto the card (issued, refunded) or off it (spent, voided: below 0); 0 for a mail. */
  amount: z.number(),
  at: z.string(),
  /** The number of the order it moved with, if any. */
  order: z.string().nullable(),
  /** Who moved it: the buyer, the shop, or the admin. */
  by: z.string(),
});
export type GiftCardEntry = z.infer<typeof giftCardEntrySchema>;

/** One card in the back office, with its message and its history, oldest first. */
export const adminGiftCardDetailSchema = adminGiftCardSchema.extend({
  message: z.string(),
  /** The number of the order that bought it, if the order is still kept. */
  order: z.string().nullable(),
  /** When its mail is due to go (or went), once it was queued. */
  mailedAt: z.string().nullable(),
  history: z.array(giftCardEntrySchema),
});
export type AdminGiftCardDetail = z.infer<typeof adminGiftCardDetailSchema>;

/** What voiding a card answers: the card, and what is owed back to its buyer. */
export const giftCardVoidAnswerSchema = z.object({
  giftCard: adminGiftCardDetailSchema,
  /** The unspent balance, in pounds, to be refunded to the buyer. */
  refund: z.number(),
});

/**
 * VAT on gift cards, as HMRC sees vouchers: single-purpose when where it is supplied and the
 * VAT due on what it buys are known when it is sold (VAT due when it is sold); multi-purpose
 * otherwise (VAT due when it is spent).
 */
export const GIFT_CARD_VAT_KINDS = ['multi-purpose', 'single-purpose'] as const;
export type GiftCardVat = (typeof GIFT_CARD_VAT_KINDS)[number];

export const giftCardSettingsSchema = z.object({
  /** How long a card lasts, printed on it. */
  months: z
    .number({ error: 'How long a gift card lasts must be a number of months' })
    .int('How long a gift card lasts must be a whole number of months')
    .min(1, 'A gift card must last at least 1 month')
    .max(120, 'A gift card can last at most 120 months (10 years)'),
  vat: z.enum(GIFT_CARD_VAT_KINDS, {
    error: 'Gift cards are multi-purpose or single-purpose for VAT',
  }),
});
export type GiftCardSettings = z.infer<typeof giftCardSettingsSchema>;

/** What a shop starts with: cards last two years, and are multi-purpose. */
export const NEW_SHOP_GIFT_CARDS: GiftCardSettings = { months: 24, vat: 'multi-purpose' };

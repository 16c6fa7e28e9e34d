import {
  formatGiftCardCode,
  giftCardExpiresAt,
  giftCardSendAt,
  normaliseGiftCardCode,
  type GiftCardCheck,
} from '../../shared/gift-cards/gift-cards';
import { penceToPounds } from '../../shared/money';
import type { Actor } from '../audit/audit-log';
import { recordChange } from '../audit/audit-log';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import type { Mailer } from '../mail/mail-sender';
import { newId } from '../sql/ids';
import { giftCardMail, lastDayWords, type GiftCardMailContext } from './gift-card.mail';
import { giftCardCodeHash, newGiftCardCode } from './gift-card-codes';
import {
  findGiftCard,
  findGiftCardsByHash,
  giftCardMovementsOfOrder,
  insertGiftCardEntries,
  insertGiftCards,
  markGiftCardMailed,
  putBackOnGiftCard,
  setGiftCardMail,
  takeFromGiftCard,
  voidActiveGiftCard,
  type GiftCardPerson,
  type StoredGiftCard,
} from './gift-cards.repository';

// The rules of gift cards, as the checkout and the back office use them. Every function takes the
// caller's `Db`, so that it runs inside the caller's transaction: an order's cards are made, spent
// or refunded with the order, or not at all.

/** Who the shop's own entries are by: a card's mail on its day. */
export const BY_THE_SHOP = 'the shop';

/** A card an order is buying. */
export interface GiftCardToIssue {
  orderItemId?: string | null;
  amountPence: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** The UK day its mail goes, at 8:00. */
  sendOn: string;
}

/** A card just made, with its whole code: the only time the code exists in clear. */
export interface IssuedGiftCard extends StoredGiftCard {
  /** As the shop writes it, without dashes (`formatGiftCardCode` groups it). */
  code: string;
}

/**
 * Makes an order's gift cards: for each, a new random code (kept only as its hash and last 4),
 * the balance its amount, expiring at the end of the UK day `months` after `now`, and an `issued`
 * entry by the buyer. Answers the cards with their whole codes, for their mails
 * (`queueGiftCardMail`) and nowhere else.
 */
export async function issueGiftCards(
  db: Db,
  {
    orderId,
    buyer,
    cards,
    months,
    now,
  }: {
    orderId: string;
    buyer: GiftCardPerson;
    cards: readonly GiftCardToIssue[];
    months: number;
    now: Date;
  },
): Promise<IssuedGiftCard[]> {
  const expiresAt = giftCardExpiresAt(now, months).toISOString();
  const made = cards.map((card) => {
    if (!Number.isSafeInteger(card.amountPence) || card.amountPence <= 0) {
      throw new Error(`A gift card is issued for a whole number of pence above 0`);
    }
    const { code, hash, last4 } = newGiftCardCode();
    const stored: StoredGiftCard = {
      id: newId(),
      last4,
      amountPence: card.amountPence,
      balancePence: card.amountPence,
      expiresAt,
      status: 'active',
      orderId,
      orderItemId: card.orderItemId ?? null,
      buyer: { name: buyer.name, email: buyer.email },
      recipient: { name: card.recipientName, email: card.recipientEmail },
      message: card.message,
      sendOn: card.sendOn,
      createdAt: now.toISOString(),
      mailedAt: null,
      mailId: null,
    };
    return { stored, code, hash };
  });
  await insertGiftCards(
    db,
    made.map(({ stored, hash }) => ({ ...stored, codeHash: hash })),
  );
  await insertGiftCardEntries(
    db,
    made.map(({ stored }) => ({
      giftCardId: stored.id,
      type: 'issued' as const,
      amountPence: stored.amountPence,
      orderId,
      by: buyer.name,
      at: stored.createdAt,
    })),
  );
  return made.map(({ stored, code }) => ({ ...stored, code }));
}

/** How a code is named to a shopper: as they typed it, if it was ever a code, grouped. */
const shownCode = (typed: string) => {
  const code = normaliseGiftCardCode(typed);
  return code === undefined ? typed.trim() : formatGiftCardCode(code);
};

const unknownCode = (typed: string) =>
  normaliseGiftCardCode(typed) === undefined
    ? new ShopError(
        'GIFT_CARD_NOT_FOUND',
        `"${shownCode(typed)}" is not a gift card code: a code has 16 letters and digits, such as ABCD-EFGH-JKLM-NPQR`,
      )
    : new ShopError(
        'GIFT_CARD_NOT_FOUND',
        `There is no gift card with the code ${shownCode(typed)}: please check it against the gift card's email`,
      );

/** Why a card cannot be used at `now`, as a shopper can act on it; undefined when it can. */
function unusable(card: StoredGiftCard, now: Date): ShopError | undefined {
  if (card.status === 'voided') {
    return new ShopError(
      'GIFT_CARD_VOIDED',
      `The gift card ending ${card.last4} has been cancelled and can no longer be used: please pay another way, or ask us about it`,
    );
  }
  if (Date.parse(card.expiresAt) <= now.getTime()) {
    return new ShopError(
      'GIFT_CARD_EXPIRED',
      `The gift card ending ${card.last4} expired on ${lastDayWords(card.expiresAt)} and can no longer be used: please pay another way`,
    );
  }
  return undefined;
}

/**
 * The cards these codes name (as typed: any case, spaced or dashed), in the order given, with
 * their balances at `now`. Refuses the first code that names no card (404 GIFT_CARD_NOT_FOUND,
 * which stays counted as a guess), a voided card (409 GIFT_CARD_VOIDED) and an expired one (409
 * GIFT_CARD_EXPIRED), each in words a shopper can act on. A card with nothing left is answered,
 * with its balance of 0.
 */
export async function giftCardsFor(
  db: Db,
  codes: readonly string[],
  now: Date,
): Promise<StoredGiftCard[]> {
  const hashes = codes.map((typed) => {
    const code = normaliseGiftCardCode(typed);
    if (code === undefined) throw unknownCode(typed);
    return giftCardCodeHash(code);
  });
  const found = new Map(
    (await findGiftCardsByHash(db, [...new Set(hashes)])).map(({ codeHash, card }) => [
      codeHash,
      card,
    ]),
  );
  return codes.map((typed, index) => {
    const card = found.get(hashes[index] ?? '');
    if (!card) throw unknownCode(typed);
    const refusal = unusable(card, now);
    if (refusal) throw refusal;
    return card;
  });
}

/** What a code's card holds at `now`, as `POST /api/gift-cards/check` answers it. */
export async function checkGiftCard(db: Db, code: string, now: Date): Promise<GiftCardCheck> {
  const [card] = await giftCardsFor(db, [code], now);
  if (!card) throw unknownCode(code);
  return { balance: penceToPounds(card.balancePence), expires: card.expiresAt, last4: card.last4 };
}

/** What an order took off one card. */
export interface GiftCardSpend {
  giftCardId: string;
  last4: string;
  amountPence: number;
}

const spentMeanwhile = () =>
  new ShopError(
    'GIFT_CARD_SPENT',
    'That gift card has less left on it than it had a moment ago: please check its balance and pay again',
  );

/**
 * How much of `totalPence` these cards can pay (as `giftCardsFor` answers them): all of it, or
 * what they hold together. What the payment asks PayPal for is the rest; the order then spends
 * exactly this much (`spendGiftCards`).
 */
export function giftCardShare(cards: readonly StoredGiftCard[], totalPence: number): number {
  const held = cards.reduce((sum, card) => sum + card.balancePence, 0);
  return Math.min(held, Math.max(0, totalPence));
}

/**
 * Pays exactly `amountPence` of an order with these cards (the share `giftCardShare` gave when
 * the payment was opened), taking from each in the order given as much as it holds until the
 * amount is met (a card with nothing left gives nothing). When the cards now hold less than that
 * (another order spent them meanwhile), nothing is taken: 409 GIFT_CARD_SPENT. Each card is taken
 * from with one conditional update, on the condition that it still holds that much, is active and
 * has not expired: two orders at once never take more than a card holds, and the second to get
 * there is refused with 409 GIFT_CARD_SPENT (or GIFT_CARD_VOIDED, GIFT_CARD_EXPIRED when that is
 * what changed). Each take is a `spent` entry by `by`. Answers what was taken off each card that
 * gave something. Run it in the order's transaction: a refusal undoes the takes before it.
 */
export async function spendGiftCards(
  db: Db,
  {
    orderId,
    codes,
    amountPence,
    by,
    now,
  }: { orderId: string; codes: readonly string[]; amountPence: number; by: string; now: Date },
): Promise<GiftCardSpend[]> {
  if (!Number.isSafeInteger(amountPence) || amountPence < 0) {
    throw new Error('Gift cards pay a whole number of pence, 0 or more');
  }
  const cards = await giftCardsFor(db, codes, now);
  if (giftCardShare(cards, amountPence) < amountPence) throw spentMeanwhile();
  const spends: GiftCardSpend[] = [];
  let left = amountPence;
  for (const [position, card] of cards.entries()) {
    const take = Math.min(card.balancePence, left);
    if (take <= 0) continue;
    if (!(await takeFromGiftCard(db, { id: card.id, amountPence: take, now }))) {
      const meanwhile = await findGiftCard(db, card.id);
      throw (meanwhile && unusable(meanwhile, now)) ?? spentMeanwhile();
    }
    await insertGiftCardEntries(db, [
      {
        giftCardId: card.id,
        type: 'spent',
        amountPence: -take,
        orderId,
        by,
        at: now.toISOString(),
        position,
      },
    ]);
    spends.push({ giftCardId: card.id, last4: card.last4, amountPence: take });
    left -= take;
  }
  return spends;
}

/** What one card took of an order, and has not yet had back. */
interface TakenForOrder {
  giftCardId: string;
  pence: number;
  lastSpentAt: string;
  position: number;
}

function takenForOrder(
  movements: Awaited<ReturnType<typeof giftCardMovementsOfOrder>>,
): TakenForOrder[] {
  const byCard = new Map<string, TakenForOrder>();
  for (const movement of movements) {
    const taken = byCard.get(movement.giftCardId) ?? {
      giftCardId: movement.giftCardId,
      pence: 0,
      lastSpentAt: movement.at,
      position: movement.position,
    };
    // Spends are kept below 0, refunds above: what is owed back is what they leave below 0.
    taken.pence -= movement.amountPence;
    if (movement.type === 'spent') {
      taken.lastSpentAt = movement.at;
      taken.position = movement.position;
    }
    byCard.set(movement.giftCardId, taken);
  }
  // The most recent spend first; of one order's spends at one moment, the card spent last.
  return [...byCard.values()]
    .filter((taken) => taken.pence > 0)
    .sort(
      (a, b) => Date.parse(b.lastSpentAt) - Date.parse(a.lastSpentAt) || b.position - a.position,
    );
}

/**
 * Puts up to `amountPence` of an order's refund back onto the cards it was paid with: the card
 * spent most recently first, never more onto a card than the order took off it less what went
 * back before. Each is a `refunded` entry by `by`. A card voided since takes nothing back (what it
 * would have taken is left to refund to its buyer). Answers what went back onto each card; what
 * they could not take (their total falls short of `amountPence`) is for the caller.
 */
export async function refundToGiftCards(
  db: Db,
  {
    orderId,
    amountPence,
    by,
    now = new Date(),
  }: { orderId: string; amountPence: number; by: string; now?: Date },
): Promise<GiftCardSpend[]> {
  if (!Number.isSafeInteger(amountPence) || amountPence < 0) {
    throw new Error('Gift cards are refunded a whole number of pence, 0 or more');
  }
  const returned: GiftCardSpend[] = [];
  let left = amountPence;
  for (const taken of takenForOrder(await giftCardMovementsOfOrder(db, orderId))) {
    if (left <= 0) break;
    const back = Math.min(taken.pence, left);
    if (!(await putBackOnGiftCard(db, { id: taken.giftCardId, amountPence: back }))) continue;
    await insertGiftCardEntries(db, [
      {
        giftCardId: taken.giftCardId,
        type: 'refunded',
        amountPence: back,
        orderId,
        by,
        at: now.toISOString(),
        position: taken.position,
      },
    ]);
    const card = await findGiftCard(db, taken.giftCardId);
    returned.push({ giftCardId: taken.giftCardId, last4: card?.last4 ?? '', amountPence: back });
    left -= back;
  }
  return returned;
}

/** What a card's void leaves to be refunded: its unspent balance, to the order that bought it. */
export interface VoidRefund {
  orderId: string;
  amountPence: number;
}

const noSuchCard = () => new ShopError('GIFT_CARD_NOT_FOUND', 'There is no such gift card');

/** How many times a void reads a card again when a spend moved its balance meanwhile. */
const VOID_TRIES = 5;

/**
 * Voids a card for `admin`: status voided, balance 0, a `voided` entry of what was left on it, and
 * an audit entry. Answers the card before and the refund its buyer is owed: the unspent balance,
 * to the order that bought it. Run it in a transaction, with the refund's request.
 */
export async function voidGiftCard(
  db: Db,
  admin: Actor,
  id: string,
  now: Date,
): Promise<{ card: StoredGiftCard; refund: VoidRefund }> {
  for (let tries = 0; tries < VOID_TRIES; tries += 1) {
    const card = await findGiftCard(db, id);
    if (!card) throw noSuchCard();
    if (card.status === 'voided') {
      throw new ShopError(
        'GIFT_CARD_VOIDED',
        `The gift card ending ${card.last4} is voided already`,
      );
    }
    if (!(await voidActiveGiftCard(db, { id, balancePence: card.balancePence }))) continue;
    await insertGiftCardEntries(db, [
      {
        giftCardId: id,
        type: 'voided',
        amountPence: -card.balancePence,
        orderId: card.orderId,
        by: admin.name,
        at: now.toISOString(),
      },
    ]);
    await recordChange(db, admin, {
      action: 'gift_card.voided',
      target: { type: 'gift_card', id, label: `Gift card ending ${card.last4}` },
      before: { status: 'active', balance: penceToPounds(card.balancePence) },
      after: { status: 'voided', balance: 0, refund: penceToPounds(card.balancePence) },
    });
    return { card, refund: { orderId: card.orderId, amountPence: card.balancePence } };
  }
  throw spentMeanwhile();
}

/** What queuing a card's mail needs: the outbox, and the shop's words. */
export interface GiftCardMailing extends GiftCardMailContext {
  mailer: Pick<Mailer, 'queue' | 'queueCopy' | 'deliverDue'>;
}

/**
 * Queues a new card's mail to its recipient, due at 8:00 UK time on its send day, or at once when
 * that has passed, if it was not queued before: answers whether this call queued it (of any
 * number at once, on any instance, one does). Notes when it is due (`mailedAt`) and a `mailed`
 * entry at that moment. Call it with the cards `issueGiftCards` answers, in the same transaction.
 */
export async function queueGiftCardMail(
  db: Db,
  mailing: GiftCardMailing,
  card: IssuedGiftCard,
  now: Date,
): Promise<boolean> {
  const due = giftCardSendAt(card.sendOn, now);
  if (!(await markGiftCardMailed(db, { id: card.id, mailedAt: due }))) return false;
  const mailId = await mailing.mailer.queue(giftCardMail(card, mailing), db, { notBefore: due });
  await setGiftCardMail(db, card.id, { mailId });
  await insertGiftCardEntries(db, [
    {
      giftCardId: card.id,
      type: 'mailed',
      amountPence: 0,
      orderId: null,
      by: BY_THE_SHOP,
      at: due.toISOString(),
    },
  ]);
  return true;
}

/**
 * Sends a card's mail again to its recipient, at once, for `admin`: a copy of the mail the outbox
 * keeps; once the outbox has removed it (30 days after it went), the shop no longer knows the
 * code, so the card gets a new one (the old one stops working) and the mail carries that. A
 * `mailed` entry and an audit entry. Refused for a voided card. Answers whether the code is new.
 */
export async function resendGiftCard(
  db: Db,
  mailing: GiftCardMailing,
  admin: Actor,
  id: string,
  now: Date,
): Promise<{ newCode: boolean }> {
  const card = await findGiftCard(db, id);
  if (!card) throw noSuchCard();
  if (card.status === 'voided') {
    throw new ShopError(
      'GIFT_CARD_VOIDED',
      `The gift card ending ${card.last4} is voided: its mail is not sent again`,
    );
  }
  let mailId = card.mailId === null ? undefined : await mailing.mailer.queueCopy(card.mailId, db);
  const newCode = mailId === undefined;
  if (mailId === undefined) {
    const code = newGiftCardCode();
    mailId = await mailing.mailer.queue(giftCardMail({ ...card, code: code.code }, mailing), db);
    await setGiftCardMail(db, id, { mailId, code });
  } else {
    await setGiftCardMail(db, id, { mailId });
  }
  await markGiftCardMailed(db, { id, mailedAt: now });
  await insertGiftCardEntries(db, [
    {
      giftCardId: id,
      type: 'mailed',
      amountPence: 0,
      orderId: null,
      by: admin.name,
      at: now.toISOString(),
    },
  ]);
  await recordChange(db, admin, {
    action: 'gift_card.resent',
    target: { type: 'gift_card', id, label: `Gift card ending ${card.last4}` },
    after: { recipient: card.recipient.email, newCode },
  });
  return { newCode };
}

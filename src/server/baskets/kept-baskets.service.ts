import { createHash, randomBytes } from 'node:crypto';
import {
  KEPT_BASKET_LINES_MOST,
  KEPT_BASKET_QTY_MOST,
  type GuestBasketBody,
  type KeptBasket,
  type KeptBasketBody,
  type KeptBasketLine,
} from '../../shared/baskets/baskets';
import type { Product } from '../../shared/catalog/catalog';
import { GIFT_CARD_CATEGORY } from '../../shared/gift-cards/gift-cards';
import { basketItemFrom } from '../../shared/orders/basket';
import type { UserAccount } from '../accounts/user-account';
import { presentProduct } from '../catalog/catalog.service';
import { findProducts } from '../catalog/stock.service';
import { giveConsent } from '../consents/consents.service';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import type { AccountLimit } from '../http/account-limits';
import { ShopError } from '../http/errors';
import { newId } from '../sql/ids';
import { nowIso } from '../sql/timestamps';
import {
  emptyBasketsOf,
  findBasketByKey,
  findBasketOfUser,
  insertBasketKey,
  remindersSentSince,
  removeBasketsAndRemindersOf,
  writeBasketLines,
  writeBasketOfUser,
  writeGuestBasket,
  type KeptLine,
} from './kept-baskets.repository';

export interface KeptBasketsContext {
  database: ShopDatabase;
  /** Guests asking to be reminded, counted per address. */
  guestBaskets: AccountLimit;
}

/** 256 random bits, written in 43 URL-safe characters; only its SHA-256 is kept. */
const KEY_BYTES = 32;
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key to a kept basket, stored as its hash; answers the key, which nobody else sees. */
export async function newBasketKey(db: Db, basketId: string, at = nowIso()): Promise<string> {
  const key = randomBytes(KEY_BYTES).toString('base64url');
  await insertBasketKey(db, { keyHash: hashOf(key), basketId, at });
  return key;
}

const basketNotFound = () =>
  new ShopError('BASKET_NOT_FOUND', 'That basket link is not valid, or the basket has gone');

/** The products still on sale that a basket may hold, by id: not drafts, not gift cards. */
type OnSale = Map<string, Product>;

async function productsOnSale(db: Db, lines: readonly { product: string }[]): Promise<OnSale> {
  const records = await findProducts(db, [...new Set(lines.map((line) => line.product))]);
  return new Map(
    records
      .filter((record) => record.status === 'live')
      .map((record) => presentProduct(record))
      .filter((product) => product.category !== GIFT_CARD_CATEGORY)
      .map((product) => [product._id, product]),
  );
}

/** The variant a line names of a product: none for one sold one way; undefined when not sold. */
function chosenOf(product: Product, variant: string | null) {
  if (variant === null) return product.variants.length === 0 ? { variant: undefined } : undefined;
  const found = product.variants.find((candidate) => candidate._id === variant);
  return found ? { variant: found } : undefined;
}

/** A kept basket's lines at today's prices and stock; those no longer sold are left out. */
function pricedFrom(onSale: OnSale, lines: readonly KeptLine[]): KeptBasketLine[] {
  return lines.flatMap((line) => {
    const product = onSale.get(line.product);
    const chosen = product && chosenOf(product, line.variant);
    if (!product || !chosen) return [];
    const item = basketItemFrom(product, line.qty, chosen.variant);
    return [
      {
        product: item.product,
        variant: item.variant ?? null,
        name: item.name,
        brand: item.brand,
        image: item.image,
        variantLabel: item.variantLabel ?? null,
        price: item.price,
        qty: item.qty,
        countInStock: item.countInStock,
        ...(item.madeToOrder ? { madeToOrder: item.madeToOrder } : {}),
        ...(item.preorder ? { preorder: item.preorder } : {}),
      },
    ];
  });
}

const priced = async (db: Db, lines: readonly KeptLine[]) =>
  pricedFrom(await productsOnSale(db, lines), lines);

/**
 * What a browser sent, as the shop keeps it: one line per product or variant (two of the same
 * are added together, up to 99), only what is on sale and sold that way; with the products read,
 * to price the answer from.
 */
async function linesToKeep(db: Db, { items }: KeptBasketBody) {
  const onSale = await productsOnSale(db, items);
  const kept = new Map<string, KeptLine>();
  for (const item of items) {
    const product = onSale.get(item.product);
    const variant = item.variant ?? null;
    if (!product || !chosenOf(product, variant)) continue;
    const key = `${item.product}/${variant ?? ''}`;
    const qty = Math.min((kept.get(key)?.qty ?? 0) + item.qty, KEPT_BASKET_QTY_MOST);
    kept.set(key, { product: item.product, variant, qty });
  }
  return { lines: [...kept.values()].slice(0, KEPT_BASKET_LINES_MOST), onSale };
}

const answerOf = async (
  db: Db,
  basket: { lines: KeptLine[]; changedAt: string } | undefined,
): Promise<KeptBasket> =>
  basket
    ? { items: await priced(db, basket.lines), changedAt: basket.changedAt }
    : { items: [], changedAt: null };

/** An account's kept basket, at today's prices: for its devices, and for its data download. */
export async function basketOfAccount(db: Db, userId: string): Promise<KeptBasket> {
  return answerOf(db, await findBasketOfUser(db, userId));
}

/** The signed-in customer's basket, as every device of theirs shows it. */
export const basketOfCaller = ({ db }: ShopDatabase, caller: UserAccount) =>
  basketOfAccount(db, caller.id);

/** Keeps the signed-in customer's basket as sent, replacing what was kept. */
export async function keepBasketOfCaller(
  { db }: ShopDatabase,
  caller: UserAccount,
  body: KeptBasketBody,
): Promise<KeptBasket> {
  const { lines, onSale } = await linesToKeep(db, body);
  const at = nowIso();
  await writeBasketOfUser(db, { id: newId(), userId: caller.id, lines, at });
  return { items: pricedFrom(onSale, lines), changedAt: at };
}

/**
 * A guest asks at checkout to be reminded of their basket: the consent is recorded in the words
 * the checkout shows, and the basket kept at their address (one per address: asking again
 * replaces its lines) under a new random token, which is answered.
 */
export async function keepGuestBasket(
  { database, guestBaskets }: KeptBasketsContext,
  body: GuestBasketBody,
): Promise<{ token: string }> {
  await guestBaskets.count(body.email);
  const { db } = database;
  const { lines } = await linesToKeep(db, body);
  const at = nowIso();
  const token = await db.transaction().execute(async (trx) => {
    const id = await writeGuestBasket(trx, { id: newId(), email: body.email, lines, at });
    await giveConsent(trx, { email: body.email, purpose: 'basket-reminders', source: 'checkout' });
    return newBasketKey(trx, id, at);
  });
  return { token };
}

async function basketByToken(db: Db, token: string) {
  const basket = await findBasketByKey(db, hashOf(token));
  if (!basket) throw basketNotFound();
  return basket;
}

/** The basket a token (a guest's, or a reminder's link) opens, at today's prices. */
export async function basketOfToken({ db }: ShopDatabase, token: string): Promise<KeptBasket> {
  return answerOf(db, await basketByToken(db, token));
}

/** Keeps the lines of the basket a token opens, replacing what was kept. */
export async function keepBasketOfToken(
  { db }: ShopDatabase,
  token: string,
  body: KeptBasketBody,
): Promise<KeptBasket> {
  const basket = await basketByToken(db, token);
  const { lines, onSale } = await linesToKeep(db, body);
  const at = nowIso();
  await writeBasketLines(db, { id: basket.id, lines, at });
  return { items: pricedFrom(onSale, lines), changedAt: at };
}

/**
 * An order was placed, inside its transaction: the buyer's kept baskets (their account's, and a
 * guest's at their address) are emptied, so no reminder follows it.
 */
export const basketBought = (db: Db, buyer: { userId: string | null; email: string; at: string }) =>
  emptyBasketsOf(db, buyer);

/** A closed account's address: its guest basket and the reminders sent there are forgotten. */
export const forgetBasketsAt = (db: Db, email: string) => removeBasketsAndRemindersOf(db, email);

/** A kept basket's lines priced now, for a reminder. */
export const pricedLines = priced;

/** The basket reminders sent since a moment, for the desk to find the orders that followed. */
export const basketRemindersSince = (db: Db, since: string) => remindersSentSince(db, since);

import * as z from 'zod/mini';
import {
  isKeptLine,
  type KeptBasket,
  type KeptBasketBody,
  type KeptBasketLine,
} from '../../shared/baskets/baskets';
import { lineKey } from '../../shared/orders/basket';
import type { BasketItem } from '../../shared/orders/basket-item';
import { useBasket } from '../state/basket-store';
import { useSession } from '../state/session-store';
import { readStored, writeStored } from '../state/stored';
import { ApiError, apiRequest } from './client';

// The basket the shop keeps in step with this browser's: a signed-in customer's, the same on
// every device, and a guest's who asked to be reminded of it. Only goods sold as they are: gift
// cards and personalised lines stay in the browser that chose them.

/** How long the basket rests before a change goes to the shop: a few clicks make one call. */
const SETTLE_MS = 400;

/** What the shop keeps of the browser's basket. */
export const keptBodyOf = (items: readonly BasketItem[]): KeptBasketBody => ({
  items: items
    .filter(isKeptLine)
    .map((item) => ({ product: item.product, variant: item.variant ?? null, qty: item.qty })),
});

const signatureOf = (items: readonly BasketItem[]) => JSON.stringify(keptBodyOf(items).items);

/** The browser's basket with its kept lines as the shop answered them, its own lines after. */
function withKept(items: readonly BasketItem[], kept: readonly KeptBasketLine[]): BasketItem[] {
  return [...kept, ...items.filter((item) => !isKeptLine(item))];
}

/**
 * Two baskets made one, as at sign-in or from a reminder's link: each line once, with the larger
 * of its two quantities (the same basket seen on two devices does not double), the browser's first.
 */
export function joinLines(items: readonly BasketItem[], kept: readonly KeptBasketLine[]) {
  const joined = new Map(items.map((item) => [lineKey(item), item]));
  for (const line of kept) {
    const mine = joined.get(lineKey(line));
    joined.set(lineKey(line), mine ? { ...line, qty: Math.max(mine.qty, line.qty) } : line);
  }
  return [...joined.values()];
}

/**
 * The lines last agreed with the shop, kept in the browser too: a basket that differs from them
 * holds changes the shop has not had (the page was left before they went), and they are sent.
 * Null when not known (a browser from before the shop kept baskets).
 */
let agreed: string | null = null;
let settling: ReturnType<typeof setTimeout> | undefined;

function agree(signature: string | null): void {
  agreed = signature;
  writeStored('keptBasketAgreed', signature);
}

/** Where the basket is kept: the account's, or the guest's token; nowhere for other guests. */
function keptAt(): string | undefined {
  if (useSession.getState().userInfo !== null) return '/basket';
  const { keptToken } = useBasket.getState();
  return keptToken === null ? undefined : `/baskets/${keptToken}`;
}

/** Sends the basket to where it is kept, if it changed since the shop last had it. */
async function sendBasket(): Promise<void> {
  const path = keptAt();
  const { basketItems } = useBasket.getState();
  const signature = signatureOf(basketItems);
  if (path === undefined || signature === agreed) return;
  try {
    await apiRequest<KeptBasket>(path, { method: 'PUT', body: keptBodyOf(basketItems) });
    agree(signature);
  } catch (error) {
    // A guest's basket the shop no longer keeps (forgotten after weeks untouched) is let go.
    if (error instanceof ApiError && error.code === 'BASKET_NOT_FOUND') {
      useBasket.getState().keepUnderToken(null);
    }
  }
}

/** Puts the basket as the shop answered it into the browser's, as what the shop already has. */
function takeBasket(items: BasketItem[]): void {
  agree(signatureOf(items));
  useBasket.setState({ basketItems: items });
}

/** Two baskets made one in the browser, and sent to the shop as the account's. */
async function joinAndSend(items: BasketItem[]): Promise<void> {
  useBasket.setState({ basketItems: items });
  agree(null);
  await sendBasket();
}

/**
 * Keeps the shop's copy in step from now on: each change of the basket goes to it once the basket
 * rests. Then, signed in, brings the two together (`loadAccountBasket`); a guest's kept basket is
 * sent any change the last page left unsent.
 */
export function keepBasketWithShop(): () => void {
  agreed = readStored('keptBasketAgreed', z.nullable(z.string()), null);
  const stop = useBasket.subscribe((state, previous) => {
    if (state.basketItems === previous.basketItems) return;
    clearTimeout(settling);
    settling = setTimeout(() => void sendBasket(), SETTLE_MS);
  });
  if (useSession.getState().userInfo !== null) void loadAccountBasket();
  else void sendBasket();
  return stop;
}

/**
 * Opening the shop signed in: the account's basket as the shop keeps it is taken (another device
 * may have changed it), unless this browser's holds changes the shop has not had, which are sent
 * instead. A browser that cannot tell joins the two; a basket the shop has never kept gets this
 * browser's.
 */
async function loadAccountBasket(): Promise<void> {
  const before = signatureOf(useBasket.getState().basketItems);
  try {
    const kept = await apiRequest<KeptBasket>('/basket');
    const { basketItems } = useBasket.getState();
    // Changed while the shop answered, or before: the shopper's latest wins.
    const changedHere =
      signatureOf(basketItems) !== before || (agreed !== null && before !== agreed);
    if (kept.changedAt === null || changedHere) {
      await sendBasket();
    } else if (agreed === null) {
      await joinAndSend(joinLines(basketItems, kept.items));
    } else {
      takeBasket(withKept(basketItems, kept.items));
    }
  } catch {
    // Offline: the browser's basket stands until the next change reaches the shop.
  }
}

/**
 * At sign-in, the basket kept as a guest joins the account's, and both become the account's: a
 * basket kept under a guest's token is emptied there (its reminders stop; the account's go on).
 */
export async function joinKeptBasket(): Promise<void> {
  try {
    const kept = await apiRequest<KeptBasket>('/basket');
    await joinAndSend(joinLines(useBasket.getState().basketItems, kept.items));
    await leaveGuestBasket();
  } catch {
    // The next change of the basket sends it.
  }
}

async function leaveGuestBasket(): Promise<void> {
  const { keptToken, keepUnderToken } = useBasket.getState();
  if (keptToken === null) return;
  keepUnderToken(null);
  await apiRequest<KeptBasket>(`/baskets/${keptToken}`, { method: 'PUT', body: { items: [] } });
}

/**
 * A guest ticked "Remind me about my basket by email" at checkout: the shop records it and keeps
 * the basket under a token, which this browser keeps to send its changes. Answers whether it did.
 */
export async function keepGuestBasket(email: string): Promise<boolean> {
  const { basketItems, keepUnderToken } = useBasket.getState();
  try {
    const { token } = await apiRequest<{ token: string }>('/baskets', {
      method: 'POST',
      body: { email, ...keptBodyOf(basketItems) },
    });
    keepUnderToken(token);
    agree(signatureOf(basketItems));
    return true;
  } catch {
    return false;
  }
}

/**
 * A reminder's link: the basket it opens joins this browser's, and for a guest is kept under its
 * token from now on. Answers the basket, or throws the shop's refusal.
 */
export async function restoreKeptBasket(token: string): Promise<BasketItem[]> {
  const kept = await apiRequest<KeptBasket>(`/baskets/${encodeURIComponent(token)}`);
  const { basketItems, keepUnderToken } = useBasket.getState();
  if (useSession.getState().userInfo === null) keepUnderToken(token);
  const joined = joinLines(basketItems, kept.items);
  useBasket.setState({ basketItems: joined });
  return joined;
}

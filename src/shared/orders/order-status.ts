/**
 * An order's life as one table of moves. The server's conditional updates take their `from`
 * states from here, and the screens ask the same table which buttons to offer.
 */
export const ORDER_STATUSES = [
  'paid',
  'dispatched',
  'delivered',
  'cancelled',
  'return_requested',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_MOVES = {
  dispatch: { from: ['paid'], to: 'dispatched' },
  deliver: { from: ['dispatched'], to: 'delivered' },
  cancel: { from: ['paid'], to: 'cancelled' },
  requestReturn: { from: ['delivered'], to: 'return_requested' },
  /** The shop ends a return (refunded in part, exchanged or rejected): delivered, as it stands. */
  closeReturn: { from: ['return_requested'], to: 'delivered' },
  /** Refunds that reach the order's total close it, whatever its state. */
  refundInFull: { from: ['paid', 'dispatched', 'delivered', 'return_requested'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderMove = keyof typeof ORDER_MOVES;

/** How the shop ends a return. */
export const RETURN_OUTCOMES = ['refunded', 'exchanged', 'rejected'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** What a closed return's outcome reads as, to the customer and the back office. */
export const RETURN_OUTCOME_WORDS: Record<ReturnOutcome, string> = {
  refunded: 'Return refunded',
  exchanged: 'Return exchanged',
  rejected: 'Return not accepted',
};

/**
 * Why a customer sends an order back, as they say when asking; a return asked without one is for
 * a change of mind.
 */
export const RETURN_KINDS = ['changed-mind', 'faulty', 'not-as-described', 'wrong-size'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** Each kind as the customer chooses it. */
export const RETURN_KIND_CHOICES: Record<ReturnKind, string> = {
  'changed-mind': 'I changed my mind',
  faulty: 'It is faulty or damaged',
  'not-as-described': 'It is not as described',
  'wrong-size': 'It is the wrong size',
};

/** Each kind as the shop reads it, on the return and in its mail. */
export const RETURN_KIND_WORDS: Record<ReturnKind, string> = {
  'changed-mind': 'Changed their mind',
  faulty: 'Faulty',
  'not-as-described': 'Not as described',
  'wrong-size': 'Wrong size',
};

/**
 * The kinds a personalised item may still be returned for: it is outside the right to cancel
 * (Consumer Contracts Regulations 2013, regulation 28(1)(b)), but goods must still be as described
 * and fit for purpose (Consumer Rights Act 2015).
 */
export const PERSONALISED_RETURN_KINDS: readonly ReturnKind[] = ['faulty', 'not-as-described'];

/** The states a part refund may be taken from: the money has not all gone back yet. */
export const REFUNDABLE_STATUSES = ORDER_MOVES.refundInFull.from;

/** A customer may ask to send an order back up to this many days after it was delivered. */
export const RETURN_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export function canMove(status: OrderStatus, move: OrderMove): boolean {
  return (ORDER_MOVES[move].from as readonly OrderStatus[]).includes(status);
}

/** The last moment a return may be asked for: 14 days after delivery. */
export function returnDeadline(deliveredAt: string): Date {
  return new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

/** Whether the customer may still ask to return an order: delivered lately, and never asked before. */
export function canRequestReturn(
  order: { status: OrderStatus; deliveredAt: string | null; returnRequest?: object | null },
  now = new Date(),
): boolean {
  return (
    canMove(order.status, 'requestReturn') &&
    (order.returnRequest ?? null) === null &&
    order.deliveredAt !== null &&
    now <= returnDeadline(order.deliveredAt)
  );
}

export const canRefund = (status: OrderStatus) => canMove(status, 'refundInFull');

/**
 * Whether an order is settled: nothing more can happen to it but what the tax records need. It
 * was cancelled or refunded, or delivered and its return window has passed. Until then the shop
 * keeps what it needs to perform it (the buyer's name, street, email and phone), even once its
 * buyer has closed their account.
 */
export function isSettled(
  order: { status: OrderStatus; deliveredAt: string | null },
  now = new Date(),
): boolean {
  if (order.status === 'cancelled' || order.status === 'refunded') return true;
  return (
    order.status === 'delivered' &&
    order.deliveredAt !== null &&
    now > returnDeadline(order.deliveredAt)
  );
}

/**
 * Until when an open order keeps its buyer's details: the end of its return window once it is
 * delivered; null while that depends on what is still to happen (dispatch, delivery, a return).
 */
export function keptUntil(order: {
  status: OrderStatus;
  deliveredAt: string | null;
}): string | null {
  return order.status === 'delivered' && order.deliveredAt !== null
    ? returnDeadline(order.deliveredAt).toISOString()
    : null;
}

/** The status as a shopper reads it, in the order lists and on the order page. */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  paid: 'Paid, not dispatched yet',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  refunded: 'Refunded',
};

/** What happened to an order, newest last; every move and every refund leaves one. */
export const ORDER_EVENT_TYPES = [
  'placed',
  'dispatched',
  'delivered',
  'cancelled',
  'return_requested',
  'refunded',
  'refund_failed',
  'tracking_corrected',
  /** A guest's order added to the account of the customer with its email. */
  'claimed',
  /** Its buyer closed their account while it was open: their details are kept until it is settled. */
  'account_closed',
  /** Settled, its closed account's buyer is taken out of it: name, street, email, phone. */
  'buyer_forgotten',
  /** The shop closed the customer's return: refunded, exchanged or rejected. */
  'return_closed',
  /** A replacement order was made for what came back. */
  'exchanged',
  /** Staff's own words on the order; never shown to the customer. */
  'note',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

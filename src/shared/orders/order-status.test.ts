import { describe, expect, it } from 'vitest';
import {
  ORDER_MOVES,
  ORDER_STATUSES,
  canMove,
  canRefund,
  canRequestReturn,
  returnDeadline,
  type OrderMove,
  type OrderStatus,
} from './order-status';

const DAY_MS = 24 * 60 * 60 * 1000;

describe("an order's moves", () => {
  it('allows exactly the moves of the contract, from each status', () => {
    const allowed = (status: OrderStatus) =>
      (Object.keys(ORDER_MOVES) as OrderMove[]).filter((move) => canMove(status, move));
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, allowed(status)]))).toEqual({
      paid: ['dispatch', 'cancel', 'refundInFull'],
      dispatched: ['deliver', 'refundInFull'],
      delivered: ['requestReturn', 'refundInFull'],
      cancelled: [],
      return_requested: ['closeReturn', 'refundInFull'],
      refunded: [],
    });
  });

  it('moves each step to its own status', () => {
    expect(ORDER_MOVES.dispatch.to).toBe('dispatched');
    expect(ORDER_MOVES.deliver.to).toBe('delivered');
    expect(ORDER_MOVES.cancel.to).toBe('cancelled');
    expect(ORDER_MOVES.requestReturn.to).toBe('return_requested');
    expect(ORDER_MOVES.closeReturn.to).toBe('delivered');
    expect(ORDER_MOVES.refundInFull.to).toBe('refunded');
  });

  it('refunds any paid order that is not cancelled or refunded already', () => {
    expect(ORDER_STATUSES.filter(canRefund)).toEqual([
      'paid',
      'dispatched',
      'delivered',
      'return_requested',
    ]);
  });
});

describe('the return window', () => {
  const deliveredAt = '2026-11-01T10:00:00.000Z';

  it('ends 14 days after delivery', () => {
    expect(returnDeadline(deliveredAt).toISOString()).toBe('2026-11-15T10:00:00.000Z');
  });

  it('is open from delivery to the deadline, and only for delivered orders', () => {
    const delivered = { status: 'delivered', deliveredAt } as const;
    const start = new Date(deliveredAt);
    expect(canRequestReturn(delivered, start)).toBe(true);
    expect(canRequestReturn(delivered, new Date(start.getTime() + 14 * DAY_MS))).toBe(true);
    expect(canRequestReturn(delivered, new Date(start.getTime() + 14 * DAY_MS + 1))).toBe(false);
    expect(canRequestReturn({ status: 'dispatched', deliveredAt: null }, start)).toBe(false);
    expect(canRequestReturn({ status: 'return_requested', deliveredAt }, start)).toBe(false);
  });
});

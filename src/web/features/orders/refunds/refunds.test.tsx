import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../../tests/support/render';
import type { PaymentWithoutOrder } from '../../../../shared/payments/payments';
import { useToast } from '../../../state/toast-store';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../../support/testing';
import { FailedRefundsPage } from './FailedRefundsPage';

const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};

const LIST = '/api/payments/without-order';
const FAILED = '/api/refunds/failed';

const refunded: PaymentWithoutOrder = {
  paymentId: 'PAY-REFUNDED',
  captureId: 'CAPTURE-REFUNDED',
  amount: 44.99,
  reason: 'the payment did not match the order total',
  refund: { _id: 'refund-1', status: 'succeeded', error: null },
  createdAt: '2026-03-04T10:00:00.000Z',
  settledAt: '2026-03-05T09:00:00.000Z',
};
const pending: PaymentWithoutOrder = {
  paymentId: 'PAY-PENDING',
  captureId: 'CAPTURE-PENDING',
  amount: 12.5,
  reason: 'Sorry, the Silver Pendant sold out while you were paying.',
  refund: { _id: 'refund-2', status: 'pending', error: null },
  createdAt: '2026-03-03T10:00:00.000Z',
  settledAt: null,
};
const failed: PaymentWithoutOrder = {
  paymentId: 'PAY-FAILED',
  captureId: 'CAPTURE-FAILED',
  amount: 1234.5,
  reason: 'Taken while the shop could not record the order; given back in full',
  refund: { _id: 'refund-3', status: 'failed', error: 'PayPal is not answering just now.' },
  createdAt: '2026-03-02T10:00:00.000Z',
  settledAt: '2026-03-02T10:01:00.000Z',
};

/** The section's table: the rows under its heading, the column headings first. */
async function paymentRows() {
  const region = await screen.findByRole('region', { name: 'Payments taken without an order' });
  return within(region).getAllByRole('row');
}

describe('the payments taken without an order', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each with its date, amount, reason, capture and what became of its refund', async () => {
    signInAs(admin);
    answerBy((_method, path) => [200, path === LIST ? [refunded, pending, failed] : []]);
    renderInApp(<FailedRefundsPage />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Payments taken without an order' }),
    ).toBeTruthy();
    const [head, first, second, third] = await paymentRows();
    expect(
      within(head ?? document.body)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Date', 'Amount', 'Reason', 'PayPal capture', 'Refund', 'Retry']);

    const given = within(first ?? document.body);
    expect(given.getByText('4 March 2026')).toBeTruthy();
    expect(given.getByText('£44.99')).toBeTruthy();
    expect(given.getByText('The payment did not match the order total')).toBeTruthy();
    expect(given.getByText('CAPTURE-REFUNDED')).toBeTruthy();
    expect(given.getByText(/^Given back on/).textContent).toBe('Given back on 5 March 2026');
    expect(given.queryByRole('button')).toBeNull();

    const waiting = within(second ?? document.body);
    expect(waiting.getByText('3 March 2026')).toBeTruthy();
    expect(waiting.getByText('£12.50')).toBeTruthy();
    expect(
      waiting.getByText('Sorry, the Silver Pendant sold out while you were paying.'),
    ).toBeTruthy();
    expect(waiting.getByText('CAPTURE-PENDING')).toBeTruthy();
    expect(waiting.getByText('Waiting for PayPal')).toBeTruthy();
    expect(waiting.queryByRole('button')).toBeNull();

    const owed = within(third ?? document.body);
    expect(owed.getByText('2 March 2026')).toBeTruthy();
    expect(owed.getByText('£1,234.50')).toBeTruthy();
    expect(owed.getByText('CAPTURE-FAILED')).toBeTruthy();
    expect(owed.getByText('Refund failed: PayPal is not answering just now.')).toBeTruthy();
    expect(owed.getByRole('button', { name: 'Retry the refund of £1,234.50' })).toBeTruthy();

    // The failed refunds above have a list of their own.
    expect(screen.getByText('Every refund has gone through.')).toBeTruthy();
  });

  it('says when no payment has been taken without an order', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, []]);
    renderInApp(<FailedRefundsPage />);
    expect(await screen.findByText('No payment has been taken without an order.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Payments taken without an order' })).toBeNull();
    expect(callsOf(send).map(({ path }) => path)).toEqual(expect.arrayContaining([LIST, FAILED]));
  });

  it('retries a failed refund and asks for both lists again', async () => {
    signInAs(admin);
    let retried = false;
    const send = answerBy((method, path) => {
      if (method === 'POST') {
        retried = true;
        return [200, { message: 'The refund has gone through.' }];
      }
      if (path === FAILED) return [200, []];
      const settled: PaymentWithoutOrder = {
        ...failed,
        refund: { ...failed.refund, status: 'succeeded', error: null },
        settledAt: '2026-03-06T09:00:00.000Z',
      };
      return [200, [retried ? settled : failed]];
    });
    renderInApp(<FailedRefundsPage />);
    const [, row] = await paymentRows();
    await userEvent.click(
      within(row ?? document.body).getByRole('button', { name: 'Retry the refund of £1,234.50' }),
    );
    expect(await screen.findByText(/^Given back on/)).toBeTruthy();
    expect(useToast.getState().message).toBe('The refund has gone through.');
    const calls = callsOf(send).map(({ method, path }) => `${method} ${path}`);
    expect(calls).toContain('POST /api/refunds/refund-3/retry');
    expect(calls.filter((call) => call === `GET ${FAILED}`)).toHaveLength(2);
    expect(calls.filter((call) => call === `GET ${LIST}`)).toHaveLength(2);
  });
});

import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { restoreStored } from '../../state/restore-stored';
import { useSession } from '../../state/session-store';
import { ann, callsOf, orderOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import {
  addressBookAnswer,
  answerBySent,
  checkoutRoutes,
  fillBasket,
  home,
  pendant,
  quoteFor,
  sentField,
  summaryValue,
  testConfig,
  voucherOf,
} from './checkout-fixtures';
import { TEST_PAY_LABEL } from './TestPayment';

const EXPIRED = 'That voucher has expired';
const NEEDS_MORE = 'This voucher needs a spend of £40.00 on items: add £20.00 more to use it';

/** £5 off a spend of £40 on items: two pendants reach it, one does not. */
const fiveOff = {
  _id: 'v1',
  name: 'Five off',
  code: 'FIVE',
  discount: 5,
  expires: '2099-01-01T00:00:00.000Z',
  minSpend: 40,
  maxUses: null,
  oncePerCustomer: false,
};

/** How many pendants a call asks to price. */
function pendantsIn(sent: unknown): number {
  const lines = sentField(sent, 'orderItems');
  return Array.isArray(lines) ? Number(sentField(lines[0], 'qty')) : 0;
}

/**
 * The shop, with the voucher FIVE; `expired` stands for an admin ending it meanwhile. The quote
 * and the payment refuse it in the shop's words, as the server does.
 */
function standIn() {
  const shop = { expired: false };
  const refusal = (sent: unknown) => {
    if (shop.expired) return [404, { message: EXPIRED, code: 'VOUCHER_EXPIRED' }] as const;
    return pendantsIn(sent) * pendant.price < 40
      ? ([409, { message: NEEDS_MORE, code: 'VOUCHER_MIN_SPEND' }] as const)
      : null;
  };
  const send = answerBySent((method, path, sent) => {
    const fromBook = addressBookAnswer(method, path, sent);
    if (fromBook) return fromBook;
    const withVoucher = voucherOf(sent) !== undefined;
    if (path === '/api/vouchers/code/five') {
      return shop.expired ? [404, { message: EXPIRED, code: 'VOUCHER_EXPIRED' }] : [200, [fiveOff]];
    }
    if (path === '/api/orders/quote') {
      const refused = withVoucher ? refusal(sent) : null;
      return (
        refused ?? [200, quoteFor([{ ...pendant, qty: pendantsIn(sent) }], withVoucher ? 5 : 0)]
      );
    }
    if (path === '/api/payments') {
      return (withVoucher && refusal(sent)) || [200, { id: 'TEST-PAY-1', totalPrice: 0 }];
    }
    if (method === 'POST' && path === '/api/orders') return [201, orderOf({ _id: 'new-order' })];
    return [200, path === '/api/config/paypal' ? testConfig : orderOf({ _id: 'new-order' })];
  });
  const sentTo = (wanted: string) =>
    callsOf(send)
      .filter(({ path }) => path === wanted)
      .map(({ body }) => body);
  return { shop, send, sentTo };
}

const voucherField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Voucher code' });

async function applyFive() {
  await screen.findByText(/^2 × £20\.00/);
  await userEvent.type(voucherField(), 'five');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await screen.findByText('Voucher: Five off');
}

/** A new page load: the stores start empty, then take back what this browser kept. */
function reload() {
  cleanup();
  const kept = Object.keys(localStorage).map(
    (key) => [key, localStorage.getItem(key) ?? ''] as const,
  );
  act(() => {
    // Emptying the stores writes through to the browser's storage, which a reload does not.
    resetStores();
    for (const [key, value] of kept) localStorage.setItem(key, value);
    restoreStored();
  });
  return renderRoutes(checkoutRoutes, '/checkout/placeorder');
}

describe('a voucher at checkout', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
    fillBasket([pendant]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays applied when the shopper goes back to change the address, and is paid with', async () => {
    const { sentTo } = standIn();
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await applyFive();
    expect(summaryValue('Total')).toBe('£38.95');

    await userEvent.click(screen.getByRole('link', { name: 'Change address' }));
    await userEvent.clear(screen.getByLabelText('Address line 1'));
    await userEvent.type(screen.getByLabelText('Address line 1'), '2 Mill Lane');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Payment method' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(where()).toBe('/checkout/placeorder');

    expect(await screen.findByText('2 Mill Lane')).toBeTruthy();
    expect(await screen.findByText('Voucher: Five off')).toBeTruthy();
    expect(summaryValue('Voucher: Five off')).toBe('−£5.00');
    expect(summaryValue('Total')).toBe('£38.95');
    expect(screen.getByText('FIVE')).toBeTruthy();
    expect(sentTo('/api/orders/quote').map(voucherOf).at(-1)).toBe('five');

    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(where()).toBe('/account/order/new-order/thank-you'));
    const [payment] = sentTo('/api/payments');
    expect(voucherOf(payment)).toBe('five');
    expect(sentField(payment, 'expectedTotal')).toBe(38.95);
    expect(sentField(payment, 'shippingAddress')).toEqual({ ...home, address: '2 Mill Lane' });
    // Used by this order, it is not carried into the next one.
    expect(useBasket.getState().voucherCode).toBeNull();
    expect(localStorage.getItem('voucherCode')).toBeNull();
  });

  it('stays applied through a reload of the page', async () => {
    const { sentTo } = standIn();
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await applyFive();
    const asked = sentTo('/api/orders/quote').length;

    reload();
    expect(await screen.findByText('Voucher: Five off')).toBeTruthy();
    expect(summaryValue('Total')).toBe('£38.95');
    expect(sentTo('/api/orders/quote').slice(asked).map(voucherOf)).toEqual(['five']);
    expect(screen.getByRole('button', { name: 'Remove voucher' })).toBeTruthy();
  });

  it('is removed with the shop’s words when it expired meanwhile, and the total is without it', async () => {
    const { shop, sentTo } = standIn();
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await applyFive();

    shop.expired = true;
    reload();
    const field = await screen.findByRole<HTMLInputElement>('textbox', {
      name: 'Voucher code',
      description: EXPIRED,
    });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The code comes back into the box, to see which was refused.
    expect(field.value).toBe('five');
    expect(await screen.findByText('2 × £20.00 =')).toBeTruthy();
    expect(summaryValue('Total')).toBe('£43.95');
    expect(screen.queryByText(/^Voucher:/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove voucher' })).toBeNull();
    expect(screen.queryByText('Your order could not be priced')).toBeNull();
    expect(useBasket.getState().voucherCode).toBeNull();
    expect(localStorage.getItem('voucherCode')).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(sentTo('/api/payments')).toHaveLength(1));
    const [payment] = sentTo('/api/payments');
    expect(voucherOf(payment)).toBeUndefined();
    expect(sentField(payment, 'expectedTotal')).toBe(43.95);
  });

  it('is removed when the basket falls below its minimum spend, saying how much more to spend', async () => {
    standIn();
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await applyFive();

    act(() => useBasket.getState().setQuantity('p1', 1));
    expect(
      await screen.findByRole('textbox', { name: 'Voucher code', description: NEEDS_MORE }),
    ).toBeTruthy();
    expect(await screen.findByText('1 × £20.00 =')).toBeTruthy();
    expect(summaryValue('Total')).toBe('£23.95');
    expect(screen.queryByText(/^Voucher:/)).toBeNull();
    expect(useBasket.getState().voucherCode).toBeNull();

    // Back to two: the refusal no longer holds, and the code in the box applies again.
    act(() => useBasket.getState().setQuantity('p1', 2));
    expect(await screen.findByText('2 × £20.00 =')).toBeTruthy();
    expect(voucherField().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(NEEDS_MORE)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Voucher: Five off')).toBeTruthy();
    expect(summaryValue('Total')).toBe('£38.95');
  });

  it('is removed when the payment finds it expired, said once, with the total without it', async () => {
    const { shop, sentTo } = standIn();
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await applyFive();

    shop.expired = true;
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    expect(
      await screen.findByRole('textbox', { name: 'Voucher code', description: EXPIRED }),
    ).toBeTruthy();
    expect(screen.getAllByText(EXPIRED)).toHaveLength(1);
    expect(summaryValue('Total')).toBe('£43.95');
    expect(screen.queryByText(/^Voucher:/)).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(sentTo('/api/payments')).toHaveLength(2));
    const retried = sentTo('/api/payments')[1];
    expect(voucherOf(retried)).toBeUndefined();
    expect(sentField(retried, 'expectedTotal')).toBe(43.95);
  });

  it('comes off with Remove voucher, and the focus stays in the voucher box', async () => {
    standIn();
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await applyFive();
    expect(localStorage.getItem('voucherCode')).toBe('"five"');

    await userEvent.click(screen.getByRole('button', { name: 'Remove voucher' }));
    expect(screen.queryByText(/^Voucher:/)).toBeNull();
    expect(summaryValue('Total')).toBe('£43.95');
    expect(document.activeElement).toBe(voucherField());
    expect(localStorage.getItem('voucherCode')).toBeNull();
  });

  it('is forgotten when the shopper signs out', async () => {
    standIn();
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await applyFive();
    act(() => useSession.getState().signOut());
    expect(useBasket.getState().voucherCode).toBeNull();
    expect(localStorage.getItem('voucherCode')).toBeNull();
  });
});

describe('a promotion at checkout', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
    fillBasket([pendant]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is named in the totals beside the code, with the shop’s words on which applied', async () => {
    const note =
      'Our “Pendant week” saves you more than your code FIVE, so the offer is used and your code is kept for another time: the two cannot be combined.';
    const base = quoteFor([{ ...pendant, qty: 2 }]);
    const promoted = {
      ...base,
      promotionDiscount: 8,
      totalPrice: base.totalPrice - 8,
      discounts: [{ source: 'promotion', name: 'Pendant week', code: null, amount: 8 }],
      discountNote: note,
    };
    answerBySent((method, path, sent) => {
      if (path === '/api/vouchers/code/five') return [200, [fiveOff]];
      if (path === '/api/orders/quote') {
        return [
          200,
          voucherOf(sent) === undefined ? { ...promoted, discountNote: null } : promoted,
        ];
      }
      return [200, path === '/api/config/paypal' ? testConfig : orderOf()];
    });
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(await screen.findByText('Offer: Pendant week')).toBeTruthy();
    expect(summaryValue('Offer: Pendant week')).toBe('−£8.00');
    expect(summaryValue('Total')).toBe(`£${(base.totalPrice - 8).toFixed(2)}`);
    expect(screen.queryByText(note)).toBeNull();
    await userEvent.type(voucherField(), 'five');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.queryByText('Voucher: Five off')).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { Desk } from '../../../shared/desk/desk';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { DeskPage } from './DeskPage';

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };
const staff = { ...ann, _id: 'staff000000000000000000', isAdmin: false, role: 'staff' as const };

const period = (orders: number, gross: number, refunds: number) => ({
  orders,
  gross,
  refunds,
  net: gross - refunds,
  averageOrder: orders === 0 ? 0 : gross / orders,
});

const daily = Array.from({ length: 30 }, (_, index) => ({
  date: `2026-03-${String(index + 1).padStart(2, '0')}`,
  orders: index === 11 ? 4 : 1,
  gross: index === 11 ? 160 : 40,
  refunds: index === 20 ? 20 : 0,
}));

/** A day's desk: one order late, one not; a return; a failed refund; a variant running low. */
function deskOf(changes: Partial<Desk> = {}): Desk {
  return {
    toMake: [],
    toDispatch: [
      {
        _id: 'order-late',
        orderNumber: 'LATE-2345',
        createdAt: '2026-03-02T09:59:00.000Z',
        customer: { name: 'Ann Archer', email: 'ann@example.com' },
        items: 2,
        totalPrice: 44.99,
        workingDaysWaiting: 4,
        late: true,
        service: 'Special Delivery Guaranteed by 1pm',
        collect: false,
        dispatchBy: '2026-03-03',
      },
      {
        _id: 'order-fresh',
        orderNumber: 'NEWW-6789',
        createdAt: '2026-03-06T09:59:00.000Z',
        customer: { name: 'Bob Baker', email: 'bob@example.com' },
        items: 1,
        totalPrice: 38.99,
        workingDaysWaiting: 1,
        late: false,
        collect: false,
        dispatchBy: null,
      },
    ],
    returnsRequested: [
      {
        _id: 'order-back',
        orderNumber: 'BACK-2345',
        requestedAt: '2026-03-05T10:00:00.000Z',
        reason: 'Too small',
        kind: 'wrong-size',
        customer: { name: 'Cara Cole', email: 'cara@example.com' },
      },
    ],
    failedRefunds: [
      {
        _id: 'refund-1',
        paymentId: 'PAY-9',
        orderId: 'order-back',
        amount: 12.5,
        reason: 'Damaged',
        error: 'Declined',
        createdAt: '2026-03-05T10:00:00.000Z',
        lastTriedAt: '2026-03-05T10:00:00.000Z',
      },
    ],
    lowStock: [
      {
        product: 'tee',
        variant: 'v-l',
        name: 'Breton Stripe Tee',
        variantLabel: 'Size: L',
        countInStock: 0,
        waiting: 3,
      },
    ],
    reportedReviews: 2,
    sales: {
      today: period(1, 40, 0),
      last7Days: period(7, 280, 20),
      last30Days: period(33, 1320, 20),
      previous30Days: period(30, 1200, 0),
    },
    daily,
    cameBack: {
      reminders: { sent: 12, recovered: 3, gross: 145.5 },
      newsletters: [
        {
          _id: 'letter-1',
          subject: 'New rings for winter',
          sentAt: '2026-03-20T09:00:00.000Z',
          mailed: 240,
          orders: 7,
          gross: 310,
        },
      ],
    },
    ...changes,
  };
}

const section = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) });
  const region = heading.closest('section');
  if (!region) throw new Error(`no section for ${name}`);
  return region;
};

describe('the desk', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('shows every part of the day’s work, and the owner the sales', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, deskOf()]);
    renderInApp(<DeskPage />, { at: '/admin' });
    await screen.findByRole('heading', { level: 2, name: /^To dispatch/ });
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/admin/desk']);

    const dispatch = section('To dispatch');
    const rows = within(dispatch).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [late, fresh] = rows;
    if (!late || !fresh) throw new Error('two orders to dispatch expected');
    expect(within(late).getByRole('link', { name: 'LATE-2345' }).getAttribute('href')).toBe(
      '/admin/order/order-late',
    );
    expect(within(late).getByText('Ann Archer')).toBeTruthy();
    expect(within(late).getByText('2 items')).toBeTruthy();
    expect(within(fresh).getByText('1 item')).toBeTruthy();
    expect(within(late).getByText('£44.99')).toBeTruthy();
    expect(within(late).getByText('4 working days')).toBeTruthy();
    expect(within(late).getByText('Late')).toBeTruthy();
    expect(
      within(late).getByText('Special Delivery Guaranteed by 1pm, out by Tue 3 Mar'),
    ).toBeTruthy();
    expect(within(fresh).getByText('1 working day')).toBeTruthy();
    expect(within(fresh).queryByText('Late')).toBeNull();
    expect(within(dispatch).getByText('1 order is late.')).toBeTruthy();

    const returns = section('Returns requested');
    expect(within(returns).getByRole('link', { name: 'BACK-2345' })).toBeTruthy();
    expect(within(returns).getByText('Too small')).toBeTruthy();

    const refunds = section('Failed refunds');
    expect(within(refunds).getByText(/£12\.50 in all/)).toBeTruthy();
    expect(
      within(refunds)
        .getByRole('link', { name: 'Try the failed refunds again' })
        .getAttribute('href'),
    ).toBe('/admin/refunds');

    const stock = section('Low stock');
    expect(
      within(stock).getByRole('link', { name: 'Breton Stripe Tee' }).getAttribute('href'),
    ).toBe('/admin/product/tee/edit');
    expect(within(stock).getByText('Size: L')).toBeTruthy();
    expect(within(stock).getByText('Sold out')).toBeTruthy();
    expect(within(stock).getByText('3')).toBeTruthy();

    const reviews = section('Reported reviews');
    expect(within(reviews).getByText('2')).toBeTruthy();
    expect(
      within(reviews)
        .getByRole('link', { name: 'Look at the 2 reported reviews' })
        .getAttribute('href'),
    ).toBe('/admin/reviews?reported=true');

    const sales = section('Sales');
    const last30 = within(sales).getByRole('row', { name: /^Last 30 days/ });
    expect(
      within(last30)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['33', '£1,320.00', '£20.00', '£1,300.00', '£40.00']);
    expect(within(sales).getByText(/net £1,300\.00, up 8%; orders 33, up 10%/)).toBeTruthy();
    // The chart is described in words, and each day's figures are in a table.
    const chart = within(sales).getByRole('img', { name: 'Each day of the last 30' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(sales).getByText(/The best day was 12 Mar, with £160\.00/)).toBeTruthy();
    expect(within(sales).getByRole('row', { name: /^21 Mar/ }).textContent).toContain('£20.00');

    const cameBack = section('What came back');
    const reminders = within(cameBack).getByRole('row', { name: /^Basket reminders/ });
    expect(
      within(reminders)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '3', '£145.50']);
    const letter = within(cameBack).getByRole('row', { name: /^New rings for winter/ });
    expect(
      within(letter).getByRole('link', { name: 'New rings for winter' }).getAttribute('href'),
    ).toBe('/admin/newsletter/letter-1');
    expect(
      within(letter)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['240', '7', '£310.00']);
  });

  it('names the buyer of an order to dispatch, and a gift’s recipient as “to”', async () => {
    signInAs(staff);
    const [late, fresh] = deskOf().toDispatch;
    if (!late || !fresh) throw new Error('two orders to dispatch expected');
    answerBy(() => [
      200,
      deskOf({
        toDispatch: [
          {
            ...late,
            customer: { name: 'George Lamb', email: 'george@example.com' },
            recipient: 'Helen Lamb',
          },
          // A gift sent to its own buyer has no one else to name.
          { ...fresh, recipient: 'Bob Baker' },
        ],
      }),
    ]);
    renderInApp(<DeskPage />, { at: '/admin' });
    await screen.findByRole('heading', { level: 2, name: /^To dispatch/ });
    const [gift, own] = within(section('To dispatch')).getAllByRole('row').slice(1);
    if (!gift || !own) throw new Error('two orders to dispatch expected');
    expect(within(gift).getByText('George Lamb, to Helen Lamb')).toBeTruthy();
    expect(within(gift).getByText('george@example.com')).toBeTruthy();
    expect(within(own).getByText('Bob Baker')).toBeTruthy();
  });

  it('names a returned gift’s buyer and its recipient', async () => {
    signInAs(staff);
    const [asked] = deskOf().returnsRequested;
    if (!asked) throw new Error('a return expected');
    answerBy(() => [200, deskOf({ returnsRequested: [{ ...asked, recipient: 'Helen Lamb' }] })]);
    renderInApp(<DeskPage />, { at: '/admin' });
    const returns = await screen.findByRole('list', { name: 'Returns requested' });
    expect(within(returns).getByText('Cara Cole, to Helen Lamb')).toBeTruthy();
  });

  it('shows staff the work without the money', async () => {
    signInAs(staff);
    answerBy(() => [200, deskOf({ sales: null, daily: null, cameBack: null })]);
    renderInApp(<DeskPage />, { at: '/admin' });
    await screen.findByRole('heading', { level: 2, name: /^To dispatch/ });
    expect(screen.queryByRole('heading', { name: 'Sales' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'What came back' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    // Failed refunds are the owner's to retry: staff see how many, without the owner's page.
    const refunds = section('Failed refunds');
    expect(within(refunds).getByText(/1 refund/)).toBeTruthy();
    expect(within(refunds).queryByRole('link')).toBeNull();
    // Reviews are the owner's to look after.
    expect(screen.queryByRole('heading', { name: /^Reported reviews/ })).toBeNull();
  });

  it('says what an empty part means', async () => {
    signInAs(owner);
    answerBy(() => [
      200,
      deskOf({
        toDispatch: [],
        returnsRequested: [],
        failedRefunds: [],
        lowStock: [],
        reportedReviews: 0,
      }),
    ]);
    renderInApp(<DeskPage />, { at: '/admin' });
    expect(await screen.findByText('Nothing waits to be dispatched.')).toBeTruthy();
    expect(screen.getByText('No customer has asked to send anything back.')).toBeTruthy();
    expect(screen.getByText('Every refund has gone through.')).toBeTruthy();
    expect(screen.getByText('Nothing is running low.')).toBeTruthy();
    expect(screen.getByText('No review waits to be looked at.')).toBeTruthy();
  });

  it('shows the first few running low, and all of them when asked', async () => {
    signInAs(staff);
    const lowStock = Array.from({ length: 10 }, (_, index) => ({
      product: `p${index}`,
      variant: null,
      name: `Product ${index}`,
      variantLabel: null,
      countInStock: 1,
      waiting: 0,
    }));
    answerBy(() => [200, deskOf({ lowStock, sales: null, daily: null })]);
    renderInApp(<DeskPage />, { at: '/admin' });
    await screen.findByRole('heading', { level: 2, name: /^Low stock/ });
    const stock = section('Low stock');
    expect(within(stock).getAllByRole('row')).toHaveLength(1 + 8);
    await userEvent.click(within(stock).getByRole('button', { name: 'Show all 10' }));
    expect(within(stock).getAllByRole('row')).toHaveLength(1 + 10);
    expect(within(stock).getByRole('button', { name: 'Show the first 8' })).toBeTruthy();
  });

  it('says so when the desk cannot be loaded', async () => {
    signInAs(staff);
    answerBy(() => [403, { message: 'Not authorized as staff', code: 'FORBIDDEN' }]);
    renderInApp(<DeskPage />, { at: '/admin' });
    expect(await screen.findByText('The desk could not be loaded')).toBeTruthy();
    expect(screen.getByText('Not authorized as staff')).toBeTruthy();
  });
});

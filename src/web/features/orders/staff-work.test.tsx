import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders/orders';
import {
  answerBy,
  callsOf,
  orderOf,
  pasteInto,
  renderRoutes,
  resetStores,
  sam,
  signInAs,
} from '../../support/testing';
import { OrderPage } from './OrderPage';

const placed = {
  type: 'placed',
  at: '2026-03-02T09:59:00.000Z',
  by: 'Ann Archer',
  detail: null,
} as const;

const sent = orderOf({
  status: 'dispatched',
  isDispatched: true,
  dispatchedAt: '2026-03-03T10:00:00.000Z',
  tracking: {
    carrier: 'Royal Mail',
    number: 'AB123456789GB',
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
  },
  events: [placed],
});

const showToStaff = (order: Order) =>
  renderRoutes(
    [{ path: '/admin/order/:id', element: <OrderPage context="admin" /> }],
    `/admin/order/${order._id}`,
  );

describe('the order page for staff', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order number as its heading, with the customer’s email and phone', async () => {
    const order = orderOf({
      email: 'ann@example.com',
      shippingAddress: { ...orderOf().shippingAddress, phone: '0117 496 0000' },
      events: [placed],
    });
    answerBy(() => [200, order]);
    showToStaff(order);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Order K7QF-3MXA');
    expect(screen.getByRole('link', { name: 'ann@example.com' }).getAttribute('href')).toBe(
      'mailto:ann@example.com',
    );
    expect(screen.getByRole('link', { name: '0117 496 0000' }).getAttribute('href')).toBe(
      'tel:01174960000',
    );
  });

  it('adds a note, which joins the history as the staff member’s words', async () => {
    let current = orderOf({ events: [placed] });
    const send = answerBy((method) => {
      if (method === 'POST') {
        current = orderOf({
          events: [
            placed,
            {
              type: 'note',
              at: '2026-03-02T11:00:00.000Z',
              by: 'Sam Staff',
              detail: null,
              text: 'Rang: leave it with\nthe neighbour',
            },
          ],
        });
        return [201, current];
      }
      return [200, current];
    });
    showToStaff(current);
    const form = await screen.findByRole('form', { name: 'Add a note' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await within(form).findByText('Please give the note')).toBeTruthy();
    await pasteInto(within(form).getByLabelText('Add a note'), 'x'.repeat(2001));
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await within(form).findByText('The note can be at most 2000 characters')).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'POST')).toBe(false);

    await userEvent.clear(within(form).getByLabelText('Add a note'));
    await pasteInto(
      within(form).getByLabelText('Add a note'),
      'Rang: leave it with\nthe neighbour',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    const history = await screen.findByRole('region', { name: 'Order history' });
    const note = await within(history).findByText('Note by Sam Staff:');
    expect(note.closest('li')?.textContent).toContain('Rang: leave it with');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Add a note').value).toBe('');
    const post = callsOf(send).find(({ method }) => method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: `/api/orders/${current._id}/notes`,
      body: { text: 'Rang: leave it with\nthe neighbour' },
    });
  });

  it('refuses a tracking number that is not the carrier’s before sending', async () => {
    const send = answerBy(() => [200, orderOf({ events: [placed] })]);
    showToStaff(orderOf());
    const form = await screen.findByRole('form', { name: 'Dispatch' });
    await userEvent.selectOptions(within(form).getByLabelText('Carrier'), 'DPD');
    await userEvent.type(within(form).getByLabelText('Tracking number'), 'AB123456789GB');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark as dispatched' }));
    expect(
      await within(form).findByText(
        'That is not a DPD tracking number: they look like 15501234567890',
      ),
    ).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);
  });

  it('corrects the tracking after dispatch, refusing a number the carrier would not write', async () => {
    let current = sent;
    const send = answerBy((method) => {
      if (method === 'PUT') {
        current = {
          ...sent,
          tracking: {
            carrier: 'DPD',
            number: '15501234567890',
            url: 'https://track.dpd.co.uk/parcels/15501234567890',
          },
        };
      }
      return [200, current];
    });
    showToStaff(sent);
    const open = await screen.findByRole('button', { name: 'Correct tracking' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(open);
    const form = screen.getByRole('form', { name: 'Correct tracking' });
    expect(within(form).getByLabelText<HTMLSelectElement>('Carrier').value).toBe('Royal Mail');
    expect(within(form).getByLabelText<HTMLInputElement>('Tracking number').value).toBe(
      'AB123456789GB',
    );
    await userEvent.selectOptions(within(form).getByLabelText('Carrier'), 'DPD');
    await userEvent.clear(within(form).getByLabelText('Tracking number'));
    await userEvent.type(within(form).getByLabelText('Tracking number'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Save tracking' }));
    expect(
      await within(form).findByText(
        'That is not a DPD tracking number: they look like 15501234567890',
      ),
    ).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);

    const number = within(form).getByLabelText('Tracking number');
    await userEvent.clear(number);
    await userEvent.type(number, '1550 1234 5678 90');
    await userEvent.click(within(form).getByRole('button', { name: 'Save tracking' }));
    expect(await screen.findByText('15501234567890')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Correct tracking' })).toBeNull();
    // Opened again, it starts from the tracking just saved.
    await userEvent.click(screen.getByRole('button', { name: 'Correct tracking' }));
    const again = screen.getByRole('form', { name: 'Correct tracking' });
    expect(within(again).getByLabelText<HTMLSelectElement>('Carrier').value).toBe('DPD');
    expect(within(again).getByLabelText<HTMLInputElement>('Tracking number').value).toBe(
      '15501234567890',
    );
    expect(callsOf(send).find(({ method }) => method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/orders/${sent._id}/tracking`,
      body: { carrier: 'DPD', trackingNumber: '15501234567890' },
    });
  });
});

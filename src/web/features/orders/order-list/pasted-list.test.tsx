import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerBy, callsOf, pasteInto, resetStores, sam, signInAs } from '../../../support/testing';
import { ordersPage, listAt, first, itemSaying } from './order-list-kit';

describe('a pasted list', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the lines that cannot be read and sends nothing until all can', async () => {
    const send = answerBy((method) =>
      method === 'POST'
        ? [
            200,
            {
              dispatched: ['order0000000000000000001', 'order0000000000000000009'],
              refused: [{ id: 'ZZZZ-ZZZZ', code: 'ORDER_NOT_FOUND', message: 'Order not found' }],
            },
          ]
        : [200, ordersPage([first])],
    );
    listAt();
    await screen.findByText('1 order found');
    await userEvent.click(screen.getByRole('button', { name: 'Paste a list' }));
    const form = screen.getByRole('form', { name: 'Dispatch a pasted list' });
    const box = within(form).getByLabelText('Orders to dispatch, one a line');
    await pasteInto(
      box,
      [
        'k7qf 3mxa, royal mail, ab 123 456 789 gb',
        '',
        'order0000000000000000009',
        'ZZZZ-ZZZZ\tDPD\t1234567890',
        'B2CD-4EFG, Pigeon, 123456',
        'H3JK-5LMN, Royal Mail',
        'K7QF-3MXA',
        'order, carrier, tracking number',
        'H3JK-5LMN, DPD, 12345',
      ].join('\n'),
    );
    expect(
      within(form).getByText('3 lines ready to dispatch; 5 lines cannot be read.'),
    ).toBeTruthy();
    const unread = within(form).getByRole('list', { name: 'Lines that cannot be read' });
    expect(
      within(unread)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 5 (B2CD-4EFG, Pigeon, 123456): “Pigeon” is not a carrier: use one of Royal Mail, Parcelforce, DPD, Evri, DHL',
      'Line 6 (H3JK-5LMN, Royal Mail): Give both the carrier and the tracking number, or neither',
      'Line 7 (K7QF-3MXA): Order K7QF-3MXA is already on line 1',
      'Line 8 (order, carrier, tracking number): “order” is not an order number',
      'Line 9 (H3JK-5LMN, DPD, 12345): That is not a DPD tracking number: they look like 15501234567890',
    ]);
    const dispatch = within(form).getByRole('button', { name: 'Dispatch the list' });
    expect(dispatch).toHaveProperty('disabled', true);

    await userEvent.clear(box);
    await pasteInto(
      box,
      'k7qf 3mxa, royal mail, ab 123 456 789 gb\n\norder0000000000000000009\nZZZZ-ZZZZ\tDPD\t1234567890\n',
    );
    expect(within(form).getByText('3 lines ready to dispatch.')).toBeTruthy();
    await userEvent.click(dispatch);
    expect(await screen.findByText(/^Dispatched 2 orders:/)).toBeTruthy();
    expect(screen.getByText(itemSaying('ZZZZ-ZZZZ: Order not found'))).toBeTruthy();
    expect(callsOf(send).find(({ method }) => method === 'POST')?.body).toEqual({
      orders: [
        { id: 'K7QF-3MXA', carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' },
        { id: 'order0000000000000000009' },
        { id: 'ZZZZ-ZZZZ', carrier: 'DPD', trackingNumber: '1234567890' },
      ],
    });
    // The refused line stays in the box, to be put right and sent again.
    expect((box as HTMLTextAreaElement).value).toBe('ZZZZ-ZZZZ\tDPD\t1234567890');
  });
});

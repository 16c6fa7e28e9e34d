import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { AdminGiftCard, AdminGiftCardDetail } from '../../../shared/gift-cards/gift-cards';
import { PanelHost } from '../../panels/PanelHost';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { GiftCardListPage } from './GiftCardListPage';

/** jsdom has <dialog> without its modal methods: these open and close it as browsers do. */
const original = {
  showModal: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal'),
  close: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'close'),
};
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(original)) {
    if (descriptor) Object.defineProperty(HTMLDialogElement.prototype, name, descriptor);
    else Reflect.deleteProperty(HTMLDialogElement.prototype, name);
  }
});

const owner = {
  ...ann,
  _id: 'owner000000000000000000',
  name: 'Olive Owner',
  isAdmin: true,
  role: 'admin' as const,
};

const forBea: AdminGiftCard = {
  _id: 'gc0000000000000000000001',
  last4: 'H4XR',
  amount: 50,
  balance: 37.5,
  // As the shop answers it: the instant it stops working, the start of the next UK day.
  expires: '2028-12-04T00:00:00.000Z',
  buyer: { name: 'Ann Shopper', email: 'ann@example.com' },
  recipient: { name: 'Bea Friend', email: 'bea@example.com' },
  sendOn: '2026-12-25',
  status: 'active',
};
const forDee: AdminGiftCard = {
  _id: 'gc0000000000000000000002',
  last4: 'P9DM',
  amount: 25,
  balance: 0,
  expires: '2028-11-30T23:59:59.999Z',
  buyer: { name: 'Cal Jones', email: 'cal@example.com' },
  recipient: { name: 'Dee Jones', email: 'dee@example.com' },
  sendOn: '2026-11-30',
  status: 'spent',
};

const beasCard: AdminGiftCardDetail = {
  ...forBea,
  message: 'Happy Christmas!',
  order: 'K7QF-3MXA',
  mailedAt: '2026-12-25T08:00:00.000Z',
  history: [
    {
      type: 'issued',
      amount: 50,
      at: '2026-12-03T14:05:00.000Z',
      order: 'K7QF-3MXA',
      by: 'Ann Shopper',
    },
    { type: 'mailed', amount: 0, at: '2026-12-25T08:00:00.000Z', order: null, by: 'the shop' },
    {
      type: 'spent',
      amount: -17.5,
      at: '2027-01-10T19:30:00.000Z',
      order: 'M3PD-8RTA',
      by: 'Bea Friend',
    },
    // Summer: UK time is an hour ahead of UTC.
    {
      type: 'refunded',
      amount: 5,
      at: '2027-07-01T09:15:00.000Z',
      order: 'M3PD-8RTA',
      by: 'Olive Owner',
    },
  ],
};

const voidedCard: AdminGiftCardDetail = {
  ...beasCard,
  balance: 0,
  status: 'voided',
  history: [
    ...beasCard.history,
    {
      type: 'voided',
      amount: -37.5,
      at: '2027-07-02T11:00:00.000Z',
      order: null,
      by: 'Olive Owner',
    },
  ],
};

const pageOf = (giftCards: AdminGiftCard[]) => ({ giftCards, page: 1, pages: 1 });

/** Each body row's cells' words. */
async function rowsOfCells() {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

const address = () => screen.getByRole('status', { name: 'Current address' }).textContent;

describe('the gift cards page', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each card as the server answers it', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, pageOf([forBea, forDee])]);
    renderInApp(<GiftCardListPage />, { at: '/admin/gift-cards' });
    expect(await rowsOfCells()).toEqual([
      [
        '•••• H4XR',
        'Bea Friendbea@example.com',
        'Ann Shopperann@example.com',
        '£50.00',
        '£37.50',
        '3 December 2028',
        '25 December 2026',
        'Active',
      ],
      [
        '•••• P9DM',
        'Dee Jonesdee@example.com',
        'Cal Jonescal@example.com',
        '£25.00',
        '£0.00',
        '30 November 2028',
        '30 November 2026',
        'Spent',
      ],
    ]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Card',
      'Recipient',
      'Buyer',
      'Amount',
      'Balance',
      'Expires',
      'Send on',
      'Status',
    ]);
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/gift-cards?pageNumber=1']);
  });

  it('sends the search as q and keeps it in the address, from Enter in the box', async () => {
    signInAs(owner);
    const send = answerBy((_method, path) =>
      path.includes('q=') ? [200, pageOf([forBea])] : [200, pageOf([forBea, forDee])],
    );
    renderInApp(<GiftCardListPage />, { at: '/admin/gift-cards' });
    await screen.findByText('•••• P9DM');
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Find a gift card' }),
      'bea@example.com{Enter}',
    );

    await waitFor(() => expect(screen.queryByText('•••• P9DM')).toBeNull());
    expect(address()).toBe('/admin/gift-cards?q=bea%40example.com');
    expect(callsOf(send).map(({ path }) => path)).toEqual([
      '/api/gift-cards?pageNumber=1',
      '/api/gift-cards?q=bea%40example.com&pageNumber=1',
    ]);
    expect(
      screen.getByRole<HTMLInputElement>('searchbox', { name: 'Find a gift card' }).value,
    ).toBe('bea@example.com');
  });

  it('searches from the words in the address, and says when nothing matches', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, pageOf([])]);
    renderInApp(<GiftCardListPage />, { at: '/admin/gift-cards?q=ZZZZ' });
    expect(await screen.findByText('No gift card matches “ZZZZ”.')).toBeTruthy();
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/gift-cards?q=ZZZZ&pageNumber=1']);
  });

  it('says what gift cards are, and where they come from, while there are none', async () => {
    signInAs(owner);
    answerBy(() => [200, pageOf([])]);
    renderInApp(<GiftCardListPage />, { at: '/admin/gift-cards' });
    const empty = await screen.findByText(/There are no gift cards yet/);
    expect(empty.textContent).toContain('a code with a balance');
    expect(empty.textContent).toContain(
      'sold as products in the Gift cards category, and each appears here once its order is paid for',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('a gift card', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The list with the side panel, the card answered as `card()` says at the time. */
  function renderWithCard(card: () => AdminGiftCardDetail, onPost: (path: string) => unknown) {
    signInAs(owner);
    const send = answerBy((method, path) => {
      if (method === 'POST') return [200, onPost(path)];
      if (path === `/api/gift-cards/${forBea._id}`) return [200, card()];
      return [200, pageOf([forBea, forDee])];
    });
    renderInApp(
      <>
        <GiftCardListPage />
        <PanelHost />
      </>,
      { at: '/admin/gift-cards' },
    );
    return send;
  }

  async function openBeasCard() {
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open the gift card ending H4XR' }),
    );
    const panel = within(await screen.findByRole('dialog', { name: 'Gift card' }));
    await panel.findByText('History');
    return panel;
  }

  /** The lines of each entry of the open card's history. */
  const historyOf = () =>
    within(
      within(screen.getByRole('dialog', { name: 'Gift card' })).getByRole('list', {
        name: 'History',
      }),
    )
      .getAllByRole('listitem')
      .map((item) => [...item.querySelectorAll('p')].map((line) => line.textContent));

  it('opens from its row with what it holds, who it is from and for, and its history in words', async () => {
    renderWithCard(
      () => beasCard,
      () => ({}),
    );
    const panel = await openBeasCard();
    const terms = panel.getAllByRole('term').map((term) => term.textContent);
    const details = panel.getAllByRole('definition').map((detail) => detail.textContent);
    expect(terms.map((term, index) => [term, details[index]])).toEqual([
      ['Balance', '£37.50 of £50.00'],
      ['Expires', '3 December 2028'],
      ['Recipient', 'Bea Friendbea@example.com'],
      ['Buyer', 'Ann Shopperann@example.com'],
      ['Send on', '25 December 2026Mail queued for 25 December 2026, 08:00'],
      ['Bought with order', 'K7QF-3MXA'],
      ['Message', 'Happy Christmas!'],
    ]);
    expect(historyOf()).toEqual([
      ['Issued+£50.00', '3 December 2026, 14:05 by Ann Shopper', 'Order K7QF-3MXA'],
      ['Mailed to the recipient', '25 December 2026, 08:00 by the shop'],
      ['Spent−£17.50', '10 January 2027, 19:30 by Bea Friend', 'Order M3PD-8RTA'],
      ['Refunded to the card+£5.00', '1 July 2027, 10:15 by Olive Owner', 'Order M3PD-8RTA'],
    ]);
    expect(panel.getByText('Active')).toBeTruthy();
  });

  it('sends its mail again to the recipient, and says so', async () => {
    const send = renderWithCard(
      () => beasCard,
      () => beasCard,
    );
    const panel = await openBeasCard();
    await userEvent.click(panel.getByRole('button', { name: 'Resend the mail' }));

    await waitFor(() =>
      expect(useToast.getState().message).toBe(
        'The gift card’s mail was sent again to bea@example.com',
      ),
    );
    expect(callsOf(send).filter(({ method }) => method === 'POST')).toEqual([
      { method: 'POST', path: `/api/gift-cards/${forBea._id}/resend`, body: undefined },
    ]);
  });

  it('says so when resending gave the card a new code', async () => {
    renderWithCard(
      () => beasCard,
      () => ({ ...beasCard, last4: 'W2NC' }),
    );
    const panel = await openBeasCard();
    await userEvent.click(panel.getByRole('button', { name: 'Resend the mail' }));
    await waitFor(() =>
      expect(useToast.getState().message).toBe(
        'The gift card’s mail was sent again to bea@example.com, with a new code ending W2NC; the old code no longer works',
      ),
    );
    expect(await panel.findByText('•••• W2NC')).toBeTruthy();
  });

  it('is voided only once the owner confirms, then shows voided with the entry, and the list again', async () => {
    let voided = false;
    const send = renderWithCard(
      () => (voided ? voidedCard : beasCard),
      () => {
        voided = true;
        return { giftCard: voidedCard, refund: 37.5 };
      },
    );
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const panel = await openBeasCard();
    const listReads = () =>
      callsOf(send).filter(({ path }) => path.startsWith('/api/gift-cards?')).length;
    const readsBefore = listReads();

    await userEvent.click(panel.getByRole('button', { name: 'Void' }));
    expect(confirm).toHaveBeenCalledWith(
      'Void the gift card •••• H4XR? Its unspent balance of £37.50 goes back to the buyer, ' +
        'Ann Shopper, and its code stops working at once. This cannot be undone.',
    );
    expect(callsOf(send).some(({ method }) => method === 'POST')).toBe(false);

    await userEvent.click(panel.getByRole('button', { name: 'Void' }));
    await waitFor(() =>
      expect(useToast.getState().message).toBe(
        'Gift card •••• H4XR voided: £37.50 goes back to Ann Shopper',
      ),
    );
    expect(callsOf(send).filter(({ method }) => method === 'POST')).toEqual([
      { method: 'POST', path: `/api/gift-cards/${forBea._id}/void`, body: undefined },
    ]);
    expect(await panel.findByText(/This card is voided/)).toBeTruthy();
    expect(panel.getByText('Voided', { selector: 'span.rounded-shop' })).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(panel.queryByRole('button', { name: 'Resend the mail' })).toBeNull();
    expect(historyOf().at(-1)).toEqual(['Voided−£37.50', '2 July 2027, 12:00 by Olive Owner']);
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
  });
});

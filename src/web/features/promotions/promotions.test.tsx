import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { Promotion } from '../../../shared/promotions/promotions';
import { PanelHost } from '../../panels/PanelHost';
import { usePanels } from '../../state/panel-store';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { NewPromotionForm } from './PromotionForm';
import { PromotionListPage } from './PromotionListPage';

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

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };

const wholeOrder = { categories: [], products: [] };

const scarves: Promotion = {
  _id: 'pr000000000000000000001',
  name: 'Scarves weekend',
  kind: 'percent',
  discount: 0,
  percent: 10,
  cap: null,
  services: [],
  appliesTo: { categories: ['accessories'], products: [] },
  minSpend: null,
  starts: '2099-12-05T00:00:00.000Z',
  ends: '2099-12-06T23:59:59.999Z',
  state: 'scheduled',
};
const freeDelivery: Promotion = {
  ...scarves,
  _id: 'pr000000000000000000002',
  name: 'Free delivery over £40',
  kind: 'delivery',
  percent: null,
  appliesTo: wholeOrder,
  minSpend: 40,
  starts: '2026-11-01T00:00:00.000Z',
  ends: '2099-01-31T23:59:59.999Z',
  state: 'live',
};
const summer: Promotion = {
  ...scarves,
  _id: 'pr000000000000000000003',
  name: 'Summer sale',
  kind: 'amount',
  discount: 5,
  percent: null,
  appliesTo: wholeOrder,
  starts: '2026-07-01T00:00:00.000Z',
  ends: '2026-07-31T22:59:59.999Z',
  state: 'ended',
};

const pageOf = (promotions: Promotion[]) => ({ promotions, page: 1, pages: 1 });

/** The settings as the offer form reads them: only their delivery services matter here. */
const settings = {
  delivery: { services: [{ id: 'tracked-48', name: 'Royal Mail Tracked 48', active: true }] },
};

describe('the promotions page', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each promotion with what it takes off, where, when, and its state', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, pageOf([scarves, freeDelivery, summer])]);
    renderInApp(<PromotionListPage />);
    const rows = await screen.findAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row ?? document.body)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent);
    expect(
      within(rows[0] ?? document.body)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Takes off', 'Applies to', 'Dates', 'State', 'Actions']);
    expect(cells(rows[1])).toEqual([
      'Scarves weekend',
      '10% off',
      'Accessories',
      '5 December 2099 to 6 December 2099',
      'Scheduled',
    ]);
    expect(cells(rows[2])).toEqual([
      'Free delivery over £40',
      'Free delivery',
      'Whole order; spend £40.00 or more',
      '1 November 2026 to 31 January 2099',
      'Live',
    ]);
    expect(cells(rows[3])).toEqual([
      'Summer sale',
      '£5.00 off',
      'Whole order',
      '1 July 2026 to 31 July 2026',
      'Ended',
    ]);
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/promotions?pageNumber=1']);

    await userEvent.click(screen.getByRole('button', { name: 'Edit promotion Summer sale' }));
    expect(usePanels.getState().panel).toEqual({
      kind: 'editPromotion',
      promotionId: summer._id,
    });
  });

  it('says what a promotion is while there are none', async () => {
    signInAs(owner);
    answerBy(() => [200, pageOf([])]);
    renderInApp(<PromotionListPage />);
    expect(
      await screen.findByText(
        /An offer every shopper gets without a code, such as 10% off scarves/i,
      ),
    ).toBeTruthy();
  });

  it('makes a promotion through the side panel, then opens it', async () => {
    signInAs(owner);
    const made: Promotion = { ...freeDelivery, _id: 'pr000000000000000000009' };
    const send = answerBy((method, path) => {
      if (method === 'POST') return [201, made];
      if (path === '/api/settings') return [200, settings];
      if (path === `/api/promotions/${made._id}`) return [200, made];
      return [200, pageOf([])];
    });
    renderInApp(
      <>
        <PromotionListPage />
        <PanelHost />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create Promotion' }));
    const panel = await screen.findByRole('dialog', { name: 'New promotion' });
    const inPanel = within(panel);
    await userEvent.type(await inPanel.findByLabelText('Name'), 'Free delivery over £40');
    await userEvent.click(inPanel.getByRole('radio', { name: 'Free delivery' }));
    await userEvent.click(await inPanel.findByRole('checkbox', { name: 'Royal Mail Tracked 48' }));
    await userEvent.type(inPanel.getByLabelText('Minimum spend (£)'), '40');
    await userEvent.type(inPanel.getByLabelText('Starts'), '2099-12-01');
    await userEvent.type(inPanel.getByLabelText('Ends'), '2099-12-31');
    await userEvent.click(inPanel.getByRole('button', { name: 'Create promotion' }));

    await waitFor(() =>
      expect(usePanels.getState().panel).toEqual({
        kind: 'editPromotion',
        promotionId: made._id,
      }),
    );
    expect(callsOf(send).filter(({ method }) => method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/promotions',
        body: {
          name: 'Free delivery over £40',
          kind: 'delivery',
          discount: null,
          percent: null,
          cap: null,
          services: ['tracked-48'],
          appliesTo: wholeOrder,
          minSpend: 40,
          starts: '2099-12-01',
          ends: '2099-12-31',
        },
      },
    ]);
    expect(useToast.getState().message).toBe(
      'Promotion Free delivery over £40 made: shoppers get it now',
    );
    expect(await screen.findByRole('dialog', { name: 'Edit promotion' })).toBeTruthy();
  });

  it('deletes a promotion only once the owner confirms', async () => {
    signInAs(owner);
    const send = answerBy((method) =>
      method === 'DELETE' ? [200, { message: 'Promotion removed' }] : [200, pageOf([summer])],
    );
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderInApp(<PromotionListPage />);
    const remove = await screen.findByRole('button', { name: 'Delete promotion Summer sale' });
    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith(
      'Delete the promotion Summer sale? Orders keep what it took off.',
    );
    expect(callsOf(send).some(({ method }) => method === 'DELETE')).toBe(false);
    await userEvent.click(remove);
    await waitFor(() => expect(useToast.getState().message).toBe('Promotion removed'));
    expect(callsOf(send)).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/api/promotions/${summer._id}` }),
    );
  });
});

describe('a promotion’s form', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('asks for its fields, then says an end before the start under Ends', async () => {
    signInAs(owner);
    const refusal = 'The end must come after the start';
    const send = answerBy(() => [
      400,
      { message: refusal, code: 'VALIDATION_FAILED', errors: [{ path: 'ends', message: refusal }] },
    ]);
    renderInApp(<NewPromotionForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    for (const problem of [
      'Please enter a name',
      'Please enter the discount',
      'Please choose the start date',
      'Please choose the end date',
    ]) {
      expect(await screen.findByText(problem)).toBeTruthy();
    }
    expect(callsOf(send)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Name'), 'Winter');
    await userEvent.type(screen.getByLabelText('Discount (£)'), '5');
    await userEvent.type(screen.getByLabelText('Starts'), '2099-12-10');
    await userEvent.type(screen.getByLabelText('Ends'), '2099-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    const ends = screen.getByLabelText('Ends');
    await waitFor(() => expect(ends.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });
});

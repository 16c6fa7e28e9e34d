import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedReview } from '../../../shared/catalog/review-moderation';
import {
  answerBy,
  ann,
  callsOf,
  pasteInto,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
import { backOfficeLinksFor } from '../../back-office/back-office-links';
import { ReviewsPage } from './ReviewsPage';

const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};

const queued = (changes: Partial<QueuedReview>): QueuedReview => ({
  _id: 'r1',
  product: { _id: 'p1', name: 'Oval Locket' },
  name: 'Ann Shopper',
  rating: 5,
  comment: 'Opens smoothly.',
  createdAt: '2026-03-02T10:00:00.000Z',
  verified: true,
  hidden: false,
  hiddenReason: null,
  waiting: false,
  reports: 0,
  reportReasons: [],
  ...changes,
});

const reported = queued({
  _id: 'r2',
  name: 'Bob Spammer',
  rating: 1,
  comment: 'Visit my shop instead.',
  verified: false,
  reports: 2,
  reportReasons: [
    { reason: 'Advertising', createdAt: '2026-03-05T10:00:00.000Z' },
    { reason: 'Spam link', createdAt: '2026-03-04T10:00:00.000Z' },
  ],
});
const hidden = queued({
  _id: 'r3',
  name: 'Hal Hidden',
  comment: 'Rude words.',
  verified: false,
  hidden: true,
  hiddenReason: 'Abusive',
});

const renderPage = (at = '/admin/reviews') =>
  renderRoutes([{ path: '/admin/reviews/:pageNumber?', element: <ReviewsPage /> }], at);

const cardOf = async (comment: string) => {
  const card = (await screen.findByText(comment)).closest('article');
  if (!card) throw new Error(`no review says ${comment}`);
  return within(card);
};

describe('the reviews in the back office', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is in the owner’s menu and not in staff’s', () => {
    expect(backOfficeLinksFor('admin').map((link) => link.label)).toContain('Reviews');
    expect(backOfficeLinksFor('staff').map((link) => link.label)).not.toContain('Reviews');
  });

  it('lists each review with its product, state and reports, reported ones as the server puts them', async () => {
    signInAs(admin);
    const send = answerBy(() => [
      200,
      { reviews: [reported, queued({}), hidden], page: 1, pages: 2 },
    ]);
    renderPage();
    const bob = await cardOf('Visit my shop instead.');
    expect(bob.getByRole('link', { name: 'Oval Locket' }).getAttribute('href')).toBe('/product/p1');
    expect(bob.getByText('2 reports')).toBeTruthy();
    expect(bob.getByText('Advertising')).toBeTruthy();
    expect(bob.getByText('Spam link')).toBeTruthy();
    expect(bob.getByRole('button', { name: 'Keep shown' })).toBeTruthy();
    const ann = await cardOf('Opens smoothly.');
    expect(ann.getByText('Verified purchase')).toBeTruthy();
    expect(ann.queryByRole('button', { name: 'Keep shown' })).toBeNull();
    const hal = await cardOf('Rude words.');
    expect(hal.getByText('Hidden')).toBeTruthy();
    expect(hal.getByText('Abusive')).toBeTruthy();
    expect(hal.getByRole('button', { name: 'Show again' })).toBeTruthy();
    expect(hal.queryByRole('button', { name: 'Hide' })).toBeNull();

    const headings = screen.getAllByRole('heading', { level: 2 }).map((each) => each.textContent);
    expect(headings).toEqual(['Oval Locket', 'Oval Locket', 'Oval Locket']);
    expect(callsOf(send).map(({ path }) => path)).toContain('/api/reviews?pageNumber=1');
    expect(
      screen
        .getByRole('navigation', { name: 'Review pages' })
        .querySelectorAll('a')[1]
        ?.getAttribute('href'),
    ).toBe('/admin/reviews/2');
  });

  it('asks for the reported ones alone from its filter', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, { reviews: [reported], page: 1, pages: 1 }]);
    renderPage('/admin/reviews?reported=true');
    await cardOf('Visit my shop instead.');
    expect(screen.getByRole('link', { name: 'Reported only' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      callsOf(send)
        .map(({ path }) => path)
        .filter((path) => path.startsWith('/api/reviews')),
    ).toEqual(['/api/reviews?reported=true&pageNumber=1']);
  });

  it('hides a review only with a reason, then lists it again', async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'PUT'
        ? [200, { message: 'Review hidden' }]
        : [200, { reviews: [reported], page: 1, pages: 1 }],
    );
    renderPage();
    const bob = await cardOf('Visit my shop instead.');
    const hide = bob.getByRole('button', { name: 'Hide' });
    await userEvent.click(hide);
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(bob.getByRole('button', { name: 'Hide review' }));
    expect(await bob.findByText('Please give a reason for hiding the review')).toBeTruthy();
    expect(callsOf(send).filter(({ method }) => method === 'PUT')).toEqual([]);

    await pasteInto(bob.getByLabelText('Why hide it?'), 'Advertising another shop');
    await userEvent.click(bob.getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(callsOf(send).filter(({ method }) => method === 'PUT')).toEqual([
        {
          method: 'PUT',
          path: '/api/products/p1/reviews/r2',
          body: { hidden: true, reason: 'Advertising another shop' },
        },
      ]),
    );
    await waitFor(() =>
      expect(callsOf(send).filter(({ path }) => path.startsWith('/api/reviews'))).toHaveLength(2),
    );
    expect(bob.queryByLabelText('Why hide it?')).toBeNull();
  });

  it('shows a hidden review again, and replies to another', async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'GET'
        ? [200, { reviews: [queued({}), hidden], page: 1, pages: 1 }]
        : [200, { message: 'Done' }],
    );
    renderPage();
    const hal = await cardOf('Rude words.');
    await userEvent.click(hal.getByRole('button', { name: 'Show again' }));
    const ann = await cardOf('Opens smoothly.');
    await userEvent.click(ann.getByRole('button', { name: 'Reply' }));
    await pasteInto(ann.getByLabelText('Your reply'), 'Thank you, Ann!');
    await userEvent.click(ann.getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(callsOf(send).filter(({ method }) => method !== 'GET')).toEqual([
        { method: 'PUT', path: '/api/products/p1/reviews/r3', body: { hidden: false } },
        {
          method: 'POST',
          path: '/api/products/p1/reviews/r1/reply',
          body: { text: 'Thank you, Ann!' },
        },
      ]),
    );
  });

  it('marks a review held for the owner as waiting, to show or to hide with a reason', async () => {
    signInAs(admin);
    const waiting = queued({
      _id: 'r4',
      name: 'Wyn Waiting',
      comment: 'Just arrived, lovely.',
      hidden: true,
      waiting: true,
    });
    const send = answerBy((method) =>
      method === 'GET'
        ? [200, { reviews: [waiting], page: 1, pages: 1 }]
        : [200, { message: 'Review shown' }],
    );
    renderPage();
    const wyn = await cardOf('Just arrived, lovely.');
    expect(wyn.getByText('Waiting to be shown')).toBeTruthy();
    expect(wyn.queryByText('Hidden')).toBeNull();
    expect(wyn.getByRole('button', { name: 'Hide' })).toBeTruthy();
    await userEvent.click(wyn.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(callsOf(send).filter(({ method }) => method !== 'GET')).toEqual([
        { method: 'PUT', path: '/api/products/p1/reviews/r4', body: { hidden: false } },
      ]),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '../../../shared/catalog/catalog';
import { answerBy, callsOf, pasteInto, renderRoutes, resetStores } from '../../support/testing';
import { ReviewList } from './components/ReviewList';

const reviews: Review[] = [
  {
    _id: 'r1',
    name: 'Ann S.',
    rating: 5,
    comment: 'Opens smoothly.',
    createdAt: '2026-03-02T10:00:00.000Z',
    verified: true,
    reply: { text: 'Thank you, Ann!', createdAt: '2026-03-04T09:00:00.000Z' },
  },
  {
    _id: 'r2',
    name: 'Bob B.',
    rating: 1,
    comment: 'Visit my shop instead.',
    createdAt: '2026-03-01T10:00:00.000Z',
    verified: false,
  },
];

const renderList = () =>
  renderRoutes(
    [{ path: '/product/:id', element: <ReviewList productId="p1" reviews={reviews} /> }],
    '/product/p1',
  );

const itemOf = (comment: string) => {
  const item = screen.getByText(comment).closest('li');
  if (!item) throw new Error(`no review says ${comment}`);
  return within(item);
};

describe('the reviews on a product page', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says Verified purchase on a review by a buyer alone, and shows the shop’s reply under it', () => {
    renderList();
    const ann = itemOf('Opens smoothly.');
    expect(ann.getByText('Verified purchase')).toBeTruthy();
    expect(ann.getByText('Reply from Larkspur')).toBeTruthy();
    expect(ann.getByText('Thank you, Ann!')).toBeTruthy();
    const bob = itemOf('Visit my shop instead.');
    expect(bob.queryByText('Verified purchase')).toBeNull();
    expect(bob.queryByText(/Reply from/)).toBeNull();
  });

  it('reports a review with a reason, asking for one first, and thanks the shopper', async () => {
    const send = answerBy(() => [200, { message: 'Thank you: the shop will look at this review' }]);
    renderList();
    const bob = itemOf('Visit my shop instead.');
    const report = bob.getByRole('button', { name: 'Report' });
    expect(report.getAttribute('aria-expanded')).toBe('false');
    expect(bob.queryByRole('form', { name: 'Report this review' })).toBeNull();

    await userEvent.click(report);
    expect(report.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(bob.getByRole('button', { name: 'Send report' }));
    expect(await bob.findByText('Please give a reason')).toBeTruthy();
    expect(callsOf(send).filter(({ method }) => method === 'POST')).toEqual([]);

    await pasteInto(bob.getByLabelText('Why should the shop look at this review?'), 'Advertising');
    await userEvent.click(bob.getByRole('button', { name: 'Send report' }));
    expect(await bob.findByRole('status')).toHaveProperty(
      'textContent',
      'Thank you: the shop will look at this review',
    );
    expect(callsOf(send).filter(({ method }) => method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/products/p1/reviews/r2/report',
        body: { reason: 'Advertising' },
      },
    ]);
  });

  it('shows the server’s words when a report is refused', async () => {
    answerBy(() => [
      429,
      { message: 'Too many requests, please try again later', code: 'TOO_MANY_REQUESTS' },
    ]);
    renderList();
    const bob = itemOf('Visit my shop instead.');
    await userEvent.click(bob.getByRole('button', { name: 'Report' }));
    await pasteInto(bob.getByLabelText('Why should the shop look at this review?'), 'Spam');
    await userEvent.click(bob.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(bob.getByText('Too many requests, please try again later')).toBeTruthy(),
    );
  });
});

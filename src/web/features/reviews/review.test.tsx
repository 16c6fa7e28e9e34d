import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyReview } from '../../../shared/catalog/catalog';
import { renderInApp } from '../../../../tests/support/render';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, pasteInto, resetStores, signInAs } from '../../support/testing';
import { ReviewFormPanel } from './ReviewFormPanel';

const annsReview: NonNullable<MyReview['review']> = {
  _id: 'r1',
  name: 'Ann S.',
  rating: 4,
  comment: 'Lovely weight.',
  createdAt: '2026-03-02T10:00:00.000Z',
  verified: false,
};

/** The server: Ann's own review of p1 (or none), and what posting a review answers. */
function answerReviews({
  mine = null,
  posted = [201, { message: 'Review added' }],
}: {
  mine?: MyReview['review'];
  posted?: readonly [number, unknown];
} = {}) {
  return answerBy((method, path) => {
    if (method === 'GET' && path === '/api/products/p1/my-review') return [200, { review: mine }];
    if (method === 'POST' && path === '/api/products/p1/review') return posted;
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
}

const posts = (fetch: ReturnType<typeof answerBy>) =>
  callsOf(fetch).filter((call) => call.method === 'POST');

describe('the review panel', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('asks a signed-out shopper to sign in', () => {
    renderInApp(<ReviewFormPanel productId="p1" onClose={() => undefined} />, {
      at: '/product/p1',
    });
    expect(screen.getByText('Sign in to write a review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/account/login?redirect=/product/p1',
    );
  });

  it('offers the five ratings as radio buttons in a group', async () => {
    signInAs(ann);
    answerReviews();
    renderInApp(<ReviewFormPanel productId="p1" onClose={() => undefined} />);
    const group = await screen.findByRole('group', { name: 'Rating' });
    expect(group.tagName).toBe('FIELDSET');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(screen.getByRole('radio', { name: 'Top Notch, 5 stars' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Poor, 1 star' })).toBeTruthy();
  });

  it('asks for a rating and a comment', async () => {
    signInAs(ann);
    const send = answerReviews();
    renderInApp(<ReviewFormPanel productId="p1" onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Feedback' }));
    expect(screen.getByText('Please choose a rating from 1 to 5')).toBeTruthy();
    expect(screen.getByText('Please write a comment')).toBeTruthy();
    expect(posts(send)).toEqual([]);
  });

  it('sends the review, says thanks and closes', async () => {
    signInAs(ann);
    const send = answerReviews();
    const onClose = vi.fn();
    renderInApp(<ReviewFormPanel productId="p1" onClose={onClose} />);
    await userEvent.click(await screen.findByRole('radio', { name: /Really Good/ }));
    await pasteInto(screen.getByLabelText('Comment'), '  Lovely weight.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Leave Feedback' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(send)).toEqual([
      {
        method: 'POST',
        path: '/api/products/p1/review',
        body: { rating: 4, comment: 'Lovely weight.' },
      },
    ]);
    expect(useToast.getState().message).toBe('Review submitted!');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Comment').value).toBe('');
  });

  it('offers no form to a customer who has reviewed the product: it shows their review', async () => {
    signInAs(ann);
    const send = answerReviews({ mine: annsReview });
    renderInApp(<ReviewFormPanel productId="p1" onClose={() => undefined} />);
    expect(await screen.findByText('You reviewed this product.')).toBeTruthy();
    expect(screen.getByText('Lovely weight.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave Feedback' })).toBeNull();
    expect(screen.queryByLabelText('Comment')).toBeNull();
    expect(posts(send)).toEqual([]);
  });

  it('says so when the product was reviewed already (from another tab, say)', async () => {
    signInAs(ann);
    answerReviews({
      posted: [
        409,
        { message: 'You have already reviewed this product', code: 'ALREADY_REVIEWED' },
      ],
    });
    const onClose = vi.fn();
    renderInApp(<ReviewFormPanel productId="p1" onClose={onClose} />);
    await userEvent.click(await screen.findByRole('radio', { name: /Poor/ }));
    await userEvent.type(screen.getByLabelText('Comment'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Leave Feedback' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already reviewed this product',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { ReviewFormPanel } from './ReviewFormPanel';

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

  it('offers the five ratings as radio buttons in a group', () => {
    signInAs(ann);
    renderInApp(<ReviewFormPanel productId="p1" onClose={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Rating' });
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
    const send = answerBy(() => [201, { message: 'Review added' }]);
    renderInApp(<ReviewFormPanel productId="p1" onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Leave Feedback' }));
    expect(screen.getByText('Please choose a rating from 1 to 5')).toBeTruthy();
    expect(screen.getByText('Please write a comment')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the review, says thanks and closes', async () => {
    signInAs(ann);
    const send = answerBy(() => [201, { message: 'Review added' }]);
    const onClose = vi.fn();
    renderInApp(<ReviewFormPanel productId="p1" onClose={onClose} />);
    await userEvent.click(screen.getByRole('radio', { name: /Really Good/ }));
    await userEvent.type(screen.getByLabelText('Comment'), '  Lovely weight.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Leave Feedback' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsOf(send)).toEqual([
      {
        method: 'POST',
        path: '/api/products/p1/review',
        body: { rating: 4, comment: 'Lovely weight.' },
      },
    ]);
    expect(useToast.getState().message).toBe('Review submitted!');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Comment').value).toBe('');
  });

  it('says so when the product was reviewed already', async () => {
    signInAs(ann);
    answerBy(() => [
      409,
      { message: 'You have already reviewed this product', code: 'ALREADY_REVIEWED' },
    ]);
    const onClose = vi.fn();
    renderInApp(<ReviewFormPanel productId="p1" onClose={onClose} />);
    await userEvent.click(screen.getByRole('radio', { name: /Poor/ }));
    await userEvent.type(screen.getByLabelText('Comment'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Leave Feedback' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already reviewed this product',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

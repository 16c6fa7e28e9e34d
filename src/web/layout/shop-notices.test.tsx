import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../tests/support/render';
import type { DeliveryAnswer } from '../../shared/delivery/delivery';
import { MONDAY_MORNING } from '../support/storefront-delivery-fixtures';
import { answerBy, resetStores } from '../support/testing';
import { ShopNotices } from './ShopNotices';

const HOLIDAY = {
  from: '2026-12-21',
  to: '2027-01-04',
  message: 'We are away for Christmas: orders go out from 5 January.',
  pauseCheckout: false,
};

function showTheStrip(answer: DeliveryAnswer) {
  answerBy((_method, path) => (path === '/api/delivery' ? [200, answer] : [404, {}]));
  renderInApp(<ShopNotices />);
}

/** Each line of the strip at the top of the page, as read once the answer is in. */
const stripLines = () =>
  waitFor(() =>
    within(screen.getByRole('complementary', { name: 'Shop notices' }))
      .getAllByRole('paragraph')
      .map((line) => line.textContent),
  );

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('the strip at the top of every storefront page', () => {
  it('says from what delivery is free, when nothing else is on', async () => {
    showTheStrip(MONDAY_MORNING);
    expect(await stripLines()).toEqual(['Free UK delivery on orders of £60.00 or more']);
  });

  it('shows the banner the server says is on today', async () => {
    showTheStrip({
      ...MONDAY_MORNING,
      banner: { text: 'Winter sale: 20% off scarves', from: '2026-11-30', to: '2026-12-06' },
    });
    expect(await stripLines()).toEqual([
      'Winter sale: 20% off scarves',
      'Free UK delivery on orders of £60.00 or more',
    ]);
  });

  it('gives the holiday message', async () => {
    showTheStrip({ ...MONDAY_MORNING, holiday: HOLIDAY });
    expect(await stripLines()).toEqual([
      'We are away for Christmas: orders go out from 5 January.',
      'Free UK delivery on orders of £60.00 or more',
    ]);
  });

  it('says until when checkout is paused: the day after the holiday', async () => {
    showTheStrip({ ...MONDAY_MORNING, holiday: { ...HOLIDAY, pauseCheckout: true } });
    expect(await stripLines()).toEqual([
      'We are away for Christmas: orders go out from 5 January. Checkout is paused until Tue 5 Jan.',
      'Free UK delivery on orders of £60.00 or more',
    ]);
  });

  it('is not there when no service is free from any total and nothing else is on', async () => {
    showTheStrip({
      ...MONDAY_MORNING,
      services: MONDAY_MORNING.services.map((service) => ({ ...service, freeOver: null })),
    });
    // The strip keeps its room while the answer comes, and goes when it has nothing to say.
    expect(screen.getByRole('complementary', { name: 'Shop notices' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog/catalog';
import type { MyReview } from '../../../shared/catalog/catalog';
import type { DeliveryAnswer } from '../../../shared/delivery/delivery';
import { renderInApp } from '../../../../tests/support/render';
import { useBasket } from '../../state/basket-store';
import { useToast } from '../../state/toast-store';
import {
  ann,
  answerBy,
  callsOf,
  renderRoutes,
  resetStores,
  signInAs,
  teeInSizes as tee,
} from '../../support/testing';
import { MONDAY_AFTERNOON, MONDAY_MORNING } from '../../support/storefront-delivery-fixtures';
import { ProductPage } from './ProductPage';
import { QuickViewPanel } from './QuickViewPanel';

/** A locket sold one way, three left. */
const locket: ProductDetail = {
  ...tee,
  _id: 'locket000000000000000001',
  name: 'Oval Locket',
  category: 'pendants',
  price: 55,
  countInStock: 3,
  options: [],
  variants: [],
  specifications: [],
  reviews: [
    {
      _id: 'r1',
      name: 'Ann S.',
      rating: 5,
      comment: 'Opens smoothly.',
      createdAt: '2026-03-02T10:00:00.000Z',
      verified: false,
    },
  ],
};

/** The server, with Ann's own review of each product (none unless given), and delivery. */
function answerTheShop(
  products: ProductDetail[],
  mine: Record<string, MyReview['review']> = {},
  delivery: () => DeliveryAnswer = () => MONDAY_MORNING,
) {
  return answerBy((_method, path) => {
    if (path.startsWith('/api/delivery')) return [200, delivery()];
    for (const product of products) {
      const at = `/api/products/${product._id}`;
      if (path === at) return [200, product];
      if (path === `${at}/similar`) return [200, []];
      if (path === `${at}/my-review`) return [200, { review: mine[product._id] ?? null }];
    }
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
}

const openProduct = (product: ProductDetail, search = '') =>
  renderRoutes(
    [{ path: '/product/:id', element: <ProductPage /> }],
    `/product/${product._id}${search}`,
  );

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('writing a review from the product page', () => {
  it('tells a customer who reviewed the product so, and offers no second review', async () => {
    signInAs(ann);
    answerTheShop([locket], { [locket._id]: locket.reviews[0] ?? null });
    openProduct(locket);
    expect(await screen.findByText('You reviewed this product')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('tells the author a review held for the shop waits to be shown', async () => {
    signInAs(ann);
    const [annsReview] = locket.reviews;
    if (!annsReview) throw new Error('the locket has a review');
    answerTheShop([locket], { [locket._id]: { ...annsReview, waiting: true } });
    openProduct(locket);
    expect(
      await screen.findByText('You reviewed this product: waiting for the shop to show it'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('offers a review to a customer who has not written one', async () => {
    signInAs(ann);
    const fetch = answerTheShop([locket]);
    openProduct(locket);
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeTruthy();
    await waitFor(() =>
      expect(callsOf(fetch).map((call) => call.path)).toContain(
        `/api/products/${locket._id}/my-review`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Write a review' })).toBeTruthy();
    expect(screen.queryByText('You reviewed this product')).toBeNull();
  });

  it('offers it to a guest without asking the server about them', async () => {
    const fetch = answerTheShop([locket]);
    openProduct(locket);
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeTruthy();
    expect(callsOf(fetch).map((call) => call.path)).not.toContain(
      `/api/products/${locket._id}/my-review`,
    );
  });
});

/** Monday 30 November 2026, in UK time (GMT then): the cut-off is 14:00. */
const atUkTime = (time: string) => vi.setSystemTime(new Date(`2026-11-30T${time}Z`));
const deliveryNote = () => screen.findByRole('region', { name: 'Delivery' });

describe('what is left and when it is sent', () => {
  beforeEach(() => {
    // Only the date is the test's: timers run as they do, so the page's own waits still end.
    vi.useFakeTimers({ toFake: ['Date'] });
    atUkTime('11:50:00');
  });
  afterEach(() => vi.useRealTimers());

  it('says how many are left when few are, and when one ordered now goes and arrives', async () => {
    answerTheShop([locket]);
    openProduct(locket);
    expect(await screen.findByText('Only 3 left')).toBeTruthy();
    expect(
      await within(await deliveryNote()).findByText(
        'Order within 2 h 10 min for dispatch today, arrives Wed 2 Dec – Thu 3 Dec',
      ),
    ).toBeTruthy();
    expect(
      within(await deliveryNote()).getByText(
        'Royal Mail Tracked 48, £3.95, free on orders of £60.00 or more',
      ),
    ).toBeTruthy();
  });

  it('says in stock when there are plenty', async () => {
    const plenty = { ...locket, countInStock: 40 };
    answerTheShop([plenty]);
    openProduct(plenty);
    expect(await screen.findByText('In stock')).toBeTruthy();
    expect(screen.queryByText(/Only \d+ left/)).toBeNull();
  });

  /** The page's timers too, so that a minute can pass at once. */
  function withTheClockToo(time: string) {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    atUkTime(time);
  }
  const aMinuteOrLessPasses = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('counts down to the cut-off as the minutes pass', async () => {
    withTheClockToo('13:58:30');
    answerTheShop([locket]);
    openProduct(locket);
    expect(
      await within(await deliveryNote()).findByText(
        'Order within 2 min for dispatch today, arrives Wed 2 Dec – Thu 3 Dec',
      ),
    ).toBeTruthy();
    // The page looks again as each minute of the clock begins.
    await aMinuteOrLessPasses(30_000);
    expect(
      await within(await deliveryNote()).findByText(
        'Order within 1 min for dispatch today, arrives Wed 2 Dec – Thu 3 Dec',
      ),
    ).toBeTruthy();
  });

  it('says when it goes instead once the cut-off has passed', async () => {
    atUkTime('14:05:00');
    answerTheShop([locket], {}, () => MONDAY_AFTERNOON);
    openProduct(locket);
    expect(
      await within(await deliveryNote()).findByText(
        'Dispatched Tue 1 Dec, arrives Thu 3 Dec – Fri 4 Dec',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Order within/)).toBeNull();
  });

  it('asks again for the dates when the cut-off passes while the page is open', async () => {
    withTheClockToo('13:59:10');
    const fetch = answerTheShop([locket], {}, () =>
      Date.now() < Date.parse(MONDAY_MORNING.dispatchCutOff) ? MONDAY_MORNING : MONDAY_AFTERNOON,
    );
    openProduct(locket);
    expect(
      await within(await deliveryNote()).findByText(
        'Order within 1 min for dispatch today, arrives Wed 2 Dec – Thu 3 Dec',
      ),
    ).toBeTruthy();
    await aMinuteOrLessPasses(50_000);
    expect(
      await within(await deliveryNote()).findByText(
        'Dispatched Tue 1 Dec, arrives Thu 3 Dec – Fri 4 Dec',
      ),
    ).toBeTruthy();
    const asked = callsOf(fetch).filter((call) => call.path.startsWith('/api/delivery'));
    expect(asked.map((call) => call.path)).toEqual([
      `/api/delivery?items=${encodeURIComponent(`${locket._id}:1`)}`,
      `/api/delivery?items=${encodeURIComponent(`${locket._id}:1`)}`,
    ]);
  });

  it('tells the time left in summer time too', async () => {
    // 13:50 in London on 15 June is 12:50 UTC; the cut-off, 14:00 BST, is 13:00 UTC.
    vi.setSystemTime(new Date('2026-06-15T12:50:00Z'));
    answerTheShop([locket], {}, () => ({
      ...MONDAY_MORNING,
      services: MONDAY_MORNING.services.map((service) => ({
        ...service,
        estimate: { dispatch: '2026-06-15', from: '2026-06-16', to: '2026-06-17' },
      })),
      dispatchCutOff: '2026-06-15T13:00:00.000Z',
    }));
    openProduct(locket);
    expect(
      await within(await deliveryNote()).findByText(
        'Order within 10 min for dispatch today, arrives Tue 16 Jun – Wed 17 Jun',
      ),
    ).toBeTruthy();
  });

  it('lists every service with its price and dates under Delivery options', async () => {
    answerTheShop([locket]);
    openProduct(locket);
    const note = await deliveryNote();
    await within(note).findByText(/^Order within/);
    await userEvent.click(within(note).getByText('Delivery options'));
    const lines = within(note)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Collect from the studioFreeReady to collect Mon 30 Nov',
      'Royal Mail Tracked 48£3.95Arrives Wed 2 Dec – Thu 3 Dec · free on orders of £60.00 or more · tracked',
      'Royal Mail Tracked 24£4.95Arrives Tue 1 Dec – Wed 2 Dec · tracked',
      'Special Delivery Guaranteed by 1pm£9.95Arrives Tue 1 Dec · signed for',
    ]);
  });

  it('follows the size chosen, and promises no dispatch for a sold-out one', async () => {
    const fetch = answerTheShop([tee]);
    openProduct(tee, '?variant=v-s');
    const sizes = await screen.findByRole('group', { name: /Size/ });
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(await within(await deliveryNote()).findByText(/^Order within 2 h 10 min/)).toBeTruthy();

    await userEvent.click(within(sizes).getByRole('radio', { name: 'M' }));
    expect(screen.getByText('Only 2 left')).toBeTruthy();
    expect(await within(await deliveryNote()).findByText(/^Order within 2 h 10 min/)).toBeTruthy();

    await userEvent.click(within(sizes).getByRole('radio', { name: 'L (sold out)' }));
    expect(screen.getByText('Size: L is sold out')).toBeTruthy();
    await within(await deliveryNote()).findByText(
      'Royal Mail Tracked 48, £3.95, free on orders of £60.00 or more',
    );
    expect(screen.queryByText(/dispatch|arrives/i)).toBeNull();
    // Each size is asked about as it is chosen: what it is worth decides how it may go.
    const asked = callsOf(fetch)
      .map((call) => call.path)
      .filter((path) => path.startsWith('/api/delivery'));
    expect(asked).toEqual(
      ['v-s', 'v-m', 'v-l'].map(
        (variant) => `/api/delivery?items=${encodeURIComponent(`${tee._id}:${variant}:1`)}`,
      ),
    );
  });

  it('promises no dispatch for a product sold out altogether', async () => {
    const soldOut = { ...locket, countInStock: 0 };
    answerTheShop([soldOut]);
    openProduct(soldOut);
    expect(await screen.findByText('Oval Locket is sold out')).toBeTruthy();
    await within(await deliveryNote()).findByText(
      'Royal Mail Tracked 48, £3.95, free on orders of £60.00 or more',
    );
    expect(screen.queryByText(/dispatch|arrives/i)).toBeNull();
  });
});

describe('adding to a basket that holds some already', () => {
  const inBasket = (qty: number) =>
    act(() =>
      useBasket.setState({
        basketItems: [
          {
            product: locket._id,
            name: locket.name,
            brand: locket.brand,
            image: locket.image,
            price: locket.price,
            countInStock: 3,
            qty,
          },
        ],
      }),
    );
  const qtyInBasket = () => useBasket.getState().basketItems.map((item) => item.qty);

  it('adds to what is there on the product page, then says when the basket has all there is', async () => {
    inBasket(2);
    answerTheShop([locket]);
    openProduct(locket);
    await userEvent.click(await screen.findByRole('button', { name: 'Add To Basket' }));
    expect(qtyInBasket()).toEqual([3]);
    expect(useToast.getState().message).toBe('Item(s) added to basket');

    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(qtyInBasket()).toEqual([3]);
    expect(useToast.getState().message).toBe('You have all 3 we have in your basket');
  });

  it('adds in the quick view too, up to the stock', async () => {
    inBasket(1);
    answerTheShop([locket]);
    const onClose = vi.fn();
    renderInApp(<QuickViewPanel productId={locket._id} onClose={onClose} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Quantity' }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(qtyInBasket()).toEqual([3]);
    expect(useToast.getState().message).toBe('You have all 3 we have in your basket');
    expect(onClose).toHaveBeenCalled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ann, callsOf, orderOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import {
  collectFromStudio,
  collectorAddress,
  deliveryAnswerOf,
  soldForCollection,
  studio,
} from '../../support/delivery-fixtures';
import { answerBySent, checkoutRoutes, summaryValue } from './checkout-fixtures';
import { THANK_YOU } from './OrderConfirmationPage';

describe('the thank-you page', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('thanks the shopper and says what was bought, where it goes, and what happens next', async () => {
    const [pendantLine] = orderOf().orderItems;
    if (!pendantLine) throw new Error('the example order has no items');
    const order = orderOf({
      _id: 'order-123',
      orderNumber: 'K7QF-3MXA',
      orderItems: [{ ...pendantLine, variantLabel: 'Silver, 55 cm chain' }],
      shippingAddress: { ...orderOf().shippingAddress, line2: 'Flat 2', phone: '0117 496 0000' },
    });
    const send = answerBySent(() => [200, order]);
    renderRoutes(checkoutRoutes, '/account/order/order-123/thank-you');

    expect(await screen.findByRole('heading', { level: 1, name: THANK_YOU })).toBeTruthy();
    expect(screen.getByText('K7QF-3MXA')).toBeTruthy();
    const bought = screen.getByRole('list', { name: 'What you bought' });
    expect(within(bought).getByText('Silver Pendant')).toBeTruthy();
    expect(within(bought).getByText('Silver, 55 cm chain')).toBeTruthy();
    expect(within(bought).getByText('2 × £20.00')).toBeTruthy();
    expect(summaryValue('Total')).toBe('£44.99');
    expect(screen.getByText('Includes VAT of £7.50')).toBeTruthy();
    const address = screen.getByRole('heading', { name: 'Delivery address' }).nextElementSibling;
    expect([...(address?.children ?? [])].map((line) => line.textContent)).toEqual([
      'Ann Archer',
      '1 Mill Lane',
      'Flat 2',
      'Bristol',
      'BS1 4DJ',
      'United Kingdom',
    ]);
    expect(screen.getByText(/We have sent a confirmation to ann@example.com/)).toBeTruthy();
    expect(screen.getByText(/within 1–2 working days/)).toBeTruthy();
    // Placed on Monday 2 March: dispatched by Wednesday, with the courier 2-3 working days.
    const arrival = screen.getByText(/Delivery takes 2–3 working days after dispatch/);
    expect(arrival.textContent).toBe(
      'Delivery takes 2–3 working days after dispatch: expect it between Thursday 5 March and Monday 9 March.',
    );
    expect(screen.getByText(/You can cancel the order from/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'its order page' }).getAttribute('href')).toBe(
      '/account/order/order-123',
    );
    expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe(
      '/account/order/order-123',
    );
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/orders/order-123']);
  });

  it('says nothing of cancelling once the order has been dispatched', async () => {
    answerBySent(() => [
      200,
      orderOf({ status: 'dispatched', isDispatched: true, dispatchedAt: '2026-03-03T10:00:00Z' }),
    ]);
    renderRoutes(checkoutRoutes, `/account/order/${orderOf()._id}/thank-you`);
    await screen.findByRole('heading', { name: THANK_YOU });
    expect(screen.queryByText(/cancel/)).toBeNull();
  });

  it('offers a gift’s link for its recipient, handed over by the checkout, to copy', async () => {
    const link = 'https://shop.example.test/order/order-gift?key=recipient-key';
    // A later answer no longer carries the link: the one that placed the order handed it over.
    answerBySent(() => [
      200,
      orderOf({ _id: 'order-gift', gift: { message: 'Many happy returns', wrap: false } }),
    ]);
    renderRoutes(checkoutRoutes, {
      pathname: '/account/order/order-gift/thank-you',
      state: { placed: true, recipientLink: link },
    });
    await screen.findByRole('heading', { level: 1, name: THANK_YOU });
    const box = screen.getByRole('region', { name: 'A link for Ann Archer' });
    expect(within(box).getByText(/can follow the parcel/).textContent).toContain(
      'without seeing any prices',
    );
    expect(within(box).getByRole('textbox', { name: 'Link for Ann Archer' })).toHaveProperty(
      'value',
      link,
    );
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(box).getByRole('button', { name: 'Copy the link' }));
    expect(await within(box).findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('offers no recipient’s link for an order that is not a gift', async () => {
    answerBySent(() => [200, orderOf()]);
    renderRoutes(checkoutRoutes, {
      pathname: `/account/order/${orderOf()._id}/thank-you`,
      state: { placed: true, recipientLink: 'https://shop.example.test/order/x?key=y' },
    });
    await screen.findByRole('heading', { name: THANK_YOU });
    expect(screen.queryByRole('region', { name: /A link for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy the link' })).toBeNull();
  });

  it('gives the service the order goes by, and the dates it was sold with', async () => {
    const order = orderOf({
      shippingPrice: 9.95,
      delivery: {
        service: 'special-delivery',
        name: 'Special Delivery Guaranteed by 1pm',
        price: 9.95,
        tracked: true,
        signed: true,
        collect: false,
        estimate: { dispatch: '2026-11-30', from: '2026-12-01', to: '2026-12-02' },
      },
    });
    const send = answerBySent(() => [200, order]);
    renderRoutes(checkoutRoutes, `/account/order/${order._id}/thank-you`);
    await screen.findByRole('heading', { name: THANK_YOU });
    expect(screen.getByText(/^Special Delivery Guaranteed by 1pm/).parentElement?.textContent).toBe(
      'Special Delivery Guaranteed by 1pm: Dispatched by Mon 30 Nov, arrives Tue 1 Dec – Wed 2 Dec.',
    );
    expect(screen.queryByText(/Delivery takes/)).toBeNull();
    expect(summaryValue('Delivery')).toBe('£9.95');
    expect(callsOf(send).map(({ path }) => path)).toEqual([`/api/orders/${order._id}`]);
  });

  it('says where and from when a collection is ready, and who collects it', async () => {
    const order = orderOf({
      shippingAddress: collectorAddress('Ann Archer'),
      shippingPrice: 0,
      delivery: soldForCollection,
    });
    answerBySent(
      (_method, path) =>
        path.startsWith('/api/delivery')
          ? [200, deliveryAnswerOf([collectFromStudio])]
          : [200, order],
      { delivery: 'asked' },
    );
    renderRoutes(checkoutRoutes, `/account/order/${order._id}/thank-you`);
    await screen.findByRole('heading', { name: THANK_YOU });
    expect(
      (await screen.findByText(/^Ready to collect from Larkspur Studio/)).parentElement
        ?.textContent,
    ).toBe(`Collect from the studio: Ready to collect from ${studio.address} from Tue 1 Dec.`);
    expect(screen.getByText(/We email you when it is ready/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Delivery address' })).toBeNull();
    const collector = screen.getByRole('heading', { name: 'Collected by' }).nextElementSibling;
    expect(collector?.textContent).toBe('Ann ArcherPhone: 07700 900123');
  });

  it('says in words when the order cannot be shown', async () => {
    answerBySent(() => [404, { message: 'Order not found', code: 'ORDER_NOT_FOUND' }]);
    renderRoutes(checkoutRoutes, '/account/order/nope/thank-you');
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'your account' }).getAttribute('href')).toBe(
      '/account/profile',
    );
  });
});

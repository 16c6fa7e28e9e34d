import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { giftCardProduct } from '../../support/gift-card-fixtures';
import { MONDAY_MORNING } from '../../support/storefront-delivery-fixtures';
import { answerBy, pasteInto, renderRoutes, resetStores } from '../../support/testing';
import { Toaster } from '../../ui/Toaster';
import { ProductPage } from './ProductPage';

/** 1 December 2026, 10am in the UK. */
const NOW = new Date('2026-12-01T10:00:00Z');

function openGiftCard(search = '') {
  answerBy((_method, path) => {
    if (path.startsWith('/api/delivery')) return [200, MONDAY_MORNING];
    const at = `/api/products/${giftCardProduct._id}`;
    if (path === at) return [200, giftCardProduct];
    if (path === `${at}/similar`) return [200, []];
    if (path === `${at}/my-review`) return [200, { review: null }];
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
  renderRoutes(
    [
      {
        path: '/product/:id',
        element: (
          <>
            <ProductPage />
            <Toaster />
          </>
        ),
      },
    ],
    `/product/${giftCardProduct._id}${search}`,
  );
}

async function fillRecipient(name: string, email: string) {
  await pasteInto(await screen.findByLabelText("Recipient's name"), name);
  await pasteInto(screen.getByLabelText("Recipient's email"), email);
}

async function setSendOn(day: string) {
  const field = screen.getByLabelText('Send on');
  await userEvent.clear(field);
  await userEvent.type(field, day);
}

const addToBasket = () => userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  resetStores();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('buying a gift card from its page', () => {
  it('offers the amounts always, sends by email, and asks nothing of stock or delivery', async () => {
    openGiftCard();
    const amounts = await screen.findByRole('group', { name: /Amount/ });
    for (const amount of ['£10', '£25', '£50', '£100', 'Your own amount']) {
      expect(within(amounts).getByRole('radio', { name: amount })).toHaveProperty(
        'disabled',
        false,
      );
    }
    expect(screen.getByText(/Sent by email to the recipient/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Quantity' })).toBeNull();
    expect(screen.queryByText(/sold out|Out Of Stock/i)).toBeNull();
  });

  it('adds a line for each card, never one more card on a line', async () => {
    openGiftCard();
    await userEvent.click(await screen.findByRole('radio', { name: '£25' }));
    await fillRecipient('Bea Baker', 'bea@example.com');
    await pasteInto(screen.getByLabelText('Message (optional)'), 'Happy birthday!\nLove, Ann');
    await addToBasket();
    expect(await screen.findByText('Item(s) added to basket')).toBeTruthy();
    // The form is cleared for the next card.
    expect(screen.getByLabelText<HTMLInputElement>("Recipient's name").value).toBe('');

    await fillRecipient('Cal Carter', 'cal@example.com');
    await addToBasket();

    const lines = useBasket.getState().basketItems;
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => [line.variant, line.price, line.qty])).toEqual([
      ['gc-25', 25, 1],
      ['gc-25', 25, 1],
    ]);
    expect(lines[0]?.giftCard).toMatchObject({
      recipientName: 'Bea Baker',
      recipientEmail: 'bea@example.com',
      message: 'Happy birthday!\nLove, Ann',
      sendOn: '2026-12-01',
    });
    expect(lines[1]?.giftCard?.recipientName).toBe('Cal Carter');
    expect(lines[0]?.giftCard?.id).not.toBe(lines[1]?.giftCard?.id);
  });

  it('asks who the card is for before adding it', async () => {
    openGiftCard();
    await screen.findByLabelText("Recipient's name");
    await addToBasket();
    expect(await screen.findByText("Please enter the recipient's name")).toBeTruthy();
    expect(screen.getByText("Please enter the recipient's email address")).toBeTruthy();
    expect(useBasket.getState().basketItems).toEqual([]);
  });

  it('takes an amount of the buyer’s own from £5 to £250, and prices the line at it', async () => {
    openGiftCard();
    await userEvent.click(await screen.findByRole('radio', { name: 'Your own amount' }));
    const amount = screen.getByLabelText('Amount (£5.00 to £250.00)');
    await fillRecipient('Bea Baker', 'bea@example.com');

    await addToBasket();
    expect(await screen.findByText('Please enter an amount from £5 to £250')).toBeTruthy();
    await pasteInto(amount, '4.99');
    await addToBasket();
    expect(await screen.findByText('A gift card is for £5 or more')).toBeTruthy();
    await userEvent.clear(amount);
    await pasteInto(amount, '250.01');
    await addToBasket();
    expect(await screen.findByText('A gift card is for £250 at most')).toBeTruthy();
    expect(useBasket.getState().basketItems).toEqual([]);

    await userEvent.clear(amount);
    await pasteInto(amount, '37.50');
    expect(screen.getByText('£37.50')).toBeTruthy();
    await addToBasket();
    expect(await screen.findByText('Item(s) added to basket')).toBeTruthy();
    const [line] = useBasket.getState().basketItems;
    expect(line).toMatchObject({ variant: 'gc-own', price: 37.5 });
    expect(line?.giftCard?.amount).toBe(37.5);
  });

  it('sends from today up to a year ahead, today unless another day is chosen', async () => {
    openGiftCard();
    const sendOn = await screen.findByLabelText<HTMLInputElement>('Send on');
    expect([sendOn.value, sendOn.min, sendOn.max]).toEqual([
      '2026-12-01',
      '2026-12-01',
      '2027-12-01',
    ]);
    await fillRecipient('Bea Baker', 'bea@example.com');

    await setSendOn('2026-11-30');
    await addToBasket();
    expect(await screen.findByText('Please choose today or a day to come')).toBeTruthy();
    await setSendOn('2027-12-02');
    await addToBasket();
    expect(
      await screen.findByText(
        'A gift card can be sent up to a year ahead: Wednesday 1 December at the latest',
      ),
    ).toBeTruthy();
    expect(useBasket.getState().basketItems).toEqual([]);

    await setSendOn('2027-12-01');
    await addToBasket();
    expect(await screen.findByText('Item(s) added to basket')).toBeTruthy();
    expect(useBasket.getState().basketItems[0]?.giftCard?.sendOn).toBe('2027-12-01');
  });
});

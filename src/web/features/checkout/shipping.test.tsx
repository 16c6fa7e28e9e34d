import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { ann, pasteInto, renderRoutes, resetStores, signInAs } from '../../support/testing';
import {
  addressBookAnswer,
  answerBySent,
  callsBesideDelivery,
  checkoutRoutes,
  fillBasket,
  home,
  pendant,
  quoteFor,
  testConfig,
} from './checkout-fixtures';
import { CHECK_STORED_ADDRESS } from './ShippingPage';

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

const NOT_A_POSTCODE = 'That is not a UK postcode (for example SW1A 1AA)';
const UK_ONLY = 'Sorry, we deliver to addresses in the United Kingdom only';

/** The shop, for a customer whose address book is empty. */
const emptyBook = () =>
  answerBySent(
    (method, path, sent) =>
      addressBookAnswer(method, path, sent) ?? [404, { message: 'Not found', code: 'NOT_FOUND' }],
  );

describe('the shipping step', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });

  it('says under each field what is wrong with it, and saves nothing', async () => {
    const send = emptyBook();
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    await screen.findByLabelText("Recipient's name");
    expect(
      screen
        .getByRole('navigation', { name: 'Checkout steps' })
        .querySelector('[aria-current="step"]')?.textContent,
    ).toBe('Shipping');
    // The recipient starts as the shopper, and may be changed for a gift.
    expect(field("Recipient's name").value).toBe('Ann Shopper');
    expect(screen.getByText(/someone you are sending a gift to/)).toBeTruthy();
    await userEvent.clear(field("Recipient's name"));
    await userEvent.type(field('Town or city'), 'Ely');
    await userEvent.type(field('Postcode'), 'CB7 4');
    await userEvent.type(field('Phone (optional)'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText("Please enter the recipient's name")).toBeTruthy();
    expect(screen.getByText('Please enter the first line of the address')).toBeTruthy();
    expect(screen.getByText(NOT_A_POSTCODE)).toBeTruthy();
    expect(
      screen.getByText('A phone number can use digits, spaces, + ( ) and - only'),
    ).toBeTruthy();
    expect(field('Postcode').getAttribute('aria-invalid')).toBe('true');
    const postcodeError = document.getElementById(
      field('Postcode').getAttribute('aria-describedby') ?? '',
    );
    expect(postcodeError?.textContent).toBe(NOT_A_POSTCODE);
    expect(field('Town or city').getAttribute('aria-invalid')).toBeNull();
    expect(field('Address line 2 (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(useBasket.getState().shippingAddress).toBeNull();
    expect(callsBesideDelivery(send).map(({ method }) => method)).toEqual(['GET']);
    expect(where()).toBe('/checkout/shipping');
  });

  it('shows the country as the United Kingdom, not as a field to type in', async () => {
    emptyBook();
    renderRoutes(checkoutRoutes, '/checkout/shipping');
    await screen.findByLabelText("Recipient's name");
    expect(screen.queryByLabelText('Country')).toBeNull();
    expect(screen.getByText('United Kingdom')).toBeTruthy();
    expect(screen.getByText('We deliver within the UK only.')).toBeTruthy();
    expect(screen.getByText('Only used if the courier needs to reach you.')).toBeTruthy();
  });

  it('stores the address with its postcode written the UK way, and goes on to payment', async () => {
    emptyBook();
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    await userEvent.clear(await screen.findByLabelText("Recipient's name"));
    await userEvent.paste('Bea Archer');
    await pasteInto(field('Address line 1'), ' 1 Mill Lane ');
    await pasteInto(field('Address line 2 (optional)'), 'Flat 2');
    await pasteInto(field('Town or city'), 'Bristol');
    await pasteInto(field('Postcode'), 'bs14dj');
    await pasteInto(field('Phone (optional)'), '0117 496 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(where()).toBe('/checkout/payment'));
    expect(JSON.parse(localStorage.getItem('shippingAddress') ?? 'null')).toEqual({
      name: 'Bea Archer',
      address: '1 Mill Lane',
      line2: 'Flat 2',
      city: 'Bristol',
      county: '',
      postalCode: 'BS1 4DJ',
      country: 'United Kingdom',
      phone: '0117 496 0000',
    });
  });

  it('sends an address stored in the old shape back to the form, filled with what it held', async () => {
    const old = { address: '1 Mill Lane', city: 'Bristol', postalCode: 'bs1 4dj', country: 'UK' };
    fillBasket([pendant], old);
    answerBySent(
      (method, path, sent) => addressBookAnswer(method, path, sent) ?? [200, testConfig],
    );
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');

    expect(where()).toBe('/checkout/shipping');
    expect(await screen.findByText(CHECK_STORED_ADDRESS)).toBeTruthy();
    expect(field("Recipient's name").value).toBe('Ann Shopper');
    expect(field('Address line 1').value).toBe('1 Mill Lane');
    expect(field('Town or city').value).toBe('Bristol');
    expect(field('Postcode').value).toBe('BS1 4DJ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(where()).toBe('/checkout/payment'));
    expect(useBasket.getState().shippingAddress).toEqual({ ...home, name: 'Ann Shopper' });
  });

  it('says an address stored abroad cannot be used, and keeps none of its lines', async () => {
    const paris = { address: '3 Rue Cler', city: 'Paris', postalCode: '75007', country: 'France' };
    fillBasket([pendant], { ...paris, name: 'Ann Archer' });
    emptyBook();
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');

    expect(where()).toBe('/checkout/shipping');
    expect(await screen.findByText(UK_ONLY)).toBeTruthy();
    expect(field("Recipient's name").value).toBe('Ann Archer');
    expect(field('Address line 1').value).toBe('');
    expect(field('Town or city').value).toBe('');
    expect(field('Postcode').value).toBe('');
  });
});

describe('the payment method step', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });

  it('sends a shopper without an address back to the shipping step', () => {
    const where = renderRoutes(checkoutRoutes, '/checkout/payment');
    expect(where()).toBe('/checkout/shipping');
  });

  it('offers the one way to pay, checked, and goes on to place the order', async () => {
    fillBasket([pendant]);
    answerBySent((_method, path) => {
      if (path === '/api/config/paypal') return [200, testConfig];
      if (path === '/api/orders/quote') return [200, quoteFor([pendant])];
      return [404, { message: `Nothing stands in for ${path}`, code: 'NOT_FOUND' }];
    });
    const where = renderRoutes(checkoutRoutes, '/checkout/payment');
    const option = screen.getByRole('radio', { name: 'PayPal or credit card' });
    expect((option as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: /^Shipping/ }).getAttribute('href')).toBe(
      '/checkout/shipping',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(where()).toBe('/checkout/placeorder');
    expect(useBasket.getState().paymentMethod).toBe('PayPal');
    // The order to place, priced by the shop.
    expect(await screen.findByText('2 × £20.00 =')).toBeTruthy();
  });
});

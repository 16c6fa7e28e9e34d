import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADDRESS_BOOK_LIMIT,
  addressOf,
  type SavedAddress,
} from '../../../shared/accounts/address-book';
import { useBasket } from '../../state/basket-store';
import {
  ann,
  callsOf,
  pasteInto,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
import {
  addressBookAnswer,
  answerBySent,
  callsBesideDelivery,
  checkoutRoutes,
  fillBasket,
  pendant,
} from './checkout-fixtures';
import { SAVE_FOR_NEXT_TIME } from './ShippingPage';

const gran: SavedAddress = {
  _id: 'saved-gran',
  name: 'Gran Archer',
  address: '22 Quay Street',
  line2: 'Flat 3',
  city: 'Whitby',
  county: '',
  postalCode: 'YO21 3PU',
  country: 'United Kingdom',
  phone: '',
};
const home: SavedAddress = {
  _id: 'saved-home',
  name: 'Ann Archer',
  address: '1 Mill Lane',
  line2: '',
  city: 'Bristol',
  county: '',
  postalCode: 'BS1 4DJ',
  country: 'United Kingdom',
  phone: '0117 496 0000',
};

/** The shop, for Ann with `book` saved; `refuseSaving` answers a save with that error. */
function shopWith(book: SavedAddress[], refuseSaving?: readonly [number, unknown]) {
  return answerBySent((method, path, sent) => {
    if (refuseSaving && method === 'POST' && path === '/api/users/addresses') return refuseSaving;
    return (
      addressBookAnswer(method, path, sent, book) ?? [404, { message: 'No', code: 'NOT_FOUND' }]
    );
  });
}

const choices = () => screen.getByRole('group', { name: 'Send it to' });
const radio = (name: RegExp | string) => within(choices()).getByRole('radio', { name });
const saveBox = () => screen.queryByRole('checkbox', { name: SAVE_FOR_NEXT_TIME });

describe('the shipping step of a customer with saved addresses', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
    fillBasket([pendant], null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers them most recently used first, the first chosen, and goes on with it', async () => {
    const send = shopWith([gran, home]);
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    await screen.findByRole('group', { name: 'Send it to' });
    expect(within(choices()).getAllByRole('radio')).toEqual([
      radio('Gran Archer, 22 Quay Street, Flat 3, Whitby, YO21 3PU'),
      radio('Ann Archer, 1 Mill Lane, Bristol, BS1 4DJ'),
      radio('A new address'),
    ]);
    expect(radio(/^Gran Archer/)).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Address line 1')).toBeNull();
    expect(saveBox()).toBeNull();

    await userEvent.click(radio(/^Ann Archer/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/checkout/payment'));
    expect(useBasket.getState().shippingAddress).toEqual(addressOf(home));
    await waitFor(() =>
      expect(callsOf(send).map(({ method, path }) => `${method} ${path}`)).toContain(
        'POST /api/users/addresses/saved-home/use',
      ),
    );
  });

  it('starts from the address this browser holds when it is a saved one', async () => {
    fillBasket([pendant], addressOf(home));
    shopWith([gran, home]);
    renderRoutes(checkoutRoutes, '/checkout/shipping');
    await screen.findByRole('group', { name: 'Send it to' });
    expect(radio(/^Ann Archer/)).toHaveProperty('checked', true);
  });

  it('saves a new address for next time, ticked at first, and goes on with it', async () => {
    const send = shopWith([gran]);
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    await screen.findByRole('group', { name: 'Send it to' });
    await userEvent.click(radio('A new address'));
    expect(screen.getByLabelText<HTMLInputElement>("Recipient's name").value).toBe('Ann Shopper');
    expect(screen.getByLabelText<HTMLInputElement>('Address line 1').value).toBe('');
    expect(saveBox()).toHaveProperty('checked', true);
    await pasteInto(screen.getByLabelText('Address line 1'), '9 Vine Street');
    await pasteInto(screen.getByLabelText('Town or city'), 'Leeds');
    await pasteInto(screen.getByLabelText('Postcode'), 'ls14ap');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(where()).toBe('/checkout/payment'));
    const typed = {
      name: 'Ann Shopper',
      address: '9 Vine Street',
      line2: '',
      city: 'Leeds',
      county: '',
      postalCode: 'LS1 4AP',
      country: 'United Kingdom',
      phone: '',
    };
    expect(useBasket.getState().shippingAddress).toEqual(typed);
    const saves = callsOf(send).filter(
      ({ method, path }) => method === 'POST' && path === '/api/users/addresses',
    );
    expect(saves.map(({ body }) => body)).toEqual([typed]);
  });

  it('keeps a new address out of the book when the box is unticked', async () => {
    const send = shopWith([]);
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    // With nothing saved there is nothing to choose: the form, and the box.
    await userEvent.click(await screen.findByRole('checkbox', { name: SAVE_FOR_NEXT_TIME }));
    expect(screen.queryByRole('group', { name: 'Send it to' })).toBeNull();
    await pasteInto(screen.getByLabelText('Address line 1'), '9 Vine Street');
    await pasteInto(screen.getByLabelText('Town or city'), 'Leeds');
    await pasteInto(screen.getByLabelText('Postcode'), 'LS1 4AP');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/checkout/payment'));
    expect(callsBesideDelivery(send).map(({ method }) => method)).toEqual(['GET']);
  });

  it('says why a new address could not be saved, and stays until the shopper goes on without it', async () => {
    const refusal = { message: 'Something went wrong on our side', code: 'INTERNAL' };
    shopWith([], [500, refusal]);
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    await pasteInto(await screen.findByLabelText('Address line 1'), '9 Vine Street');
    await pasteInto(screen.getByLabelText('Town or city'), 'Leeds');
    await pasteInto(screen.getByLabelText('Postcode'), 'LS1 4AP');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your address could not be saved' + refusal.message);
    expect(where()).toBe('/checkout/shipping');

    await userEvent.click(screen.getByRole('checkbox', { name: SAVE_FOR_NEXT_TIME }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/checkout/payment'));
  });

  it('offers no box when the book is full, and says where to make room', async () => {
    const full = Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, index) => ({
      ...home,
      _id: `saved-${index}`,
      address: `${index + 1} Mill Lane`,
    }));
    shopWith(full);
    renderRoutes(checkoutRoutes, '/checkout/shipping');
    await screen.findByRole('group', { name: 'Send it to' });
    await userEvent.click(radio('A new address'));
    expect(saveBox()).toBeNull();
    expect(screen.getByText(/Your address book is full \(20 addresses\)/)).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Remove an address from your account' })
        .getAttribute('href'),
    ).toBe('/account/profile');
  });
});

describe('the shipping step of a shopper who is not signed in', () => {
  beforeEach(() => {
    resetStores();
    fillBasket([pendant], null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the address form alone, and asks the shop nothing but how it may send the basket', async () => {
    const send = shopWith([home]);
    renderRoutes(checkoutRoutes, '/checkout/shipping');
    expect((await screen.findByLabelText<HTMLInputElement>('Address line 1')).value).toBe('');
    expect(screen.queryByRole('group', { name: 'Send it to' })).toBeNull();
    expect(saveBox()).toBeNull();
    expect(callsOf(send).map(({ path }) => path)).toEqual([
      `/api/delivery?items=${encodeURIComponent('p1:2')}`,
    ]);
  });
});

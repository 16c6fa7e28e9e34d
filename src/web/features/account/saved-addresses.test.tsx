import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressOf, type SavedAddress } from '../../../shared/accounts/address-book';
import { renderInApp } from '../../../../tests/support/render';
import { useToast } from '../../state/toast-store';
import { ann, answerBy, callsOf, pasteInto, resetStores, signInAs } from '../../support/testing';
import { SavedAddresses } from './SavedAddresses';

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
const gran: SavedAddress = {
  ...home,
  _id: 'saved-gran',
  name: 'Gran Archer',
  address: '22 Quay Street',
  city: 'Whitby',
  postalCode: 'YO21 3PU',
  phone: '',
};

/** The shop keeping `book` for Ann: it lists, changes and removes as the server does. */
function shopKeeping(initial: SavedAddress[]) {
  let book = [...initial];
  return answerBy((method, path) => {
    const id = decodeURIComponent(path.split('/').at(-1) ?? '');
    if (method === 'GET' && path === '/api/users/addresses') return [200, book];
    if (method === 'DELETE') {
      book = book.filter((address) => address._id !== id);
      return [200, { message: 'Address removed from your address book' }];
    }
    return [404, { message: 'No', code: 'NOT_FOUND' }];
  });
}

const list = () => screen.getByRole('list', { name: 'Saved addresses' });

describe('the saved addresses on the profile', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each address with its phone, in the order the shop gives', async () => {
    shopKeeping([gran, home]);
    renderInApp(<SavedAddresses />, { at: '/account/profile' });
    await screen.findByRole('list', { name: 'Saved addresses' });
    const cards = within(list()).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('group').textContent)).toEqual([
      'Gran Archer22 Quay StreetWhitbyYO21 3PUUnited Kingdom',
      'Ann Archer1 Mill LaneBristolBS1 4DJUnited Kingdom',
    ]);
    expect(within(cards[1] as HTMLElement).getByText('Phone 0117 496 0000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Gran Archer, 22 Quay Street' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Ann Archer, 1 Mill Lane' })).toBeTruthy();
  });

  it('changes an address in place, with the checkout’s rules, and gives the focus back', async () => {
    let book = [gran, home];
    const send = answerBy((method, path) => {
      if (method === 'GET') return [200, book];
      if (method === 'PUT' && path === '/api/users/addresses/saved-home') {
        const changed = { ...home, line2: 'Flat 2', postalCode: 'BS1 4DJ' };
        book = [gran, changed];
        return [200, changed];
      }
      return [404, { message: 'No', code: 'NOT_FOUND' }];
    });
    renderInApp(<SavedAddresses />, { at: '/account/profile' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Ann Archer, 1 Mill Lane' }),
    );
    const form = screen.getByRole('form', { name: 'Change the address for Ann Archer' });
    const name = within(form).getByLabelText<HTMLInputElement>("Recipient's name");
    expect(document.activeElement).toBe(name);
    expect(within(form).getByLabelText<HTMLInputElement>('Postcode').value).toBe('BS1 4DJ');

    const postcode = within(form).getByLabelText('Postcode');
    await userEvent.clear(postcode);
    await pasteInto(postcode, '75007');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(
      await within(form).findByText('That is not a UK postcode (for example SW1A 1AA)'),
    ).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);

    await userEvent.clear(postcode);
    await pasteInto(postcode, 'bs14dj');
    await pasteInto(within(form).getByLabelText('Address line 2 (optional)'), 'Flat 2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));

    const edit = await screen.findByRole('button', { name: 'Edit Ann Archer, 1 Mill Lane' });
    await waitFor(() => expect(document.activeElement).toBe(edit));
    expect(screen.getByText('Flat 2')).toBeTruthy();
    expect(useToast.getState().message).toBe('Address saved');
    const put = callsOf(send).find(({ method }) => method === 'PUT');
    expect(put?.body).toEqual({ ...addressOf(home), line2: 'Flat 2' });
  });

  it('leaves an address as it was when the change is cancelled', async () => {
    const send = shopKeeping([home]);
    renderInApp(<SavedAddresses />, { at: '/account/profile' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Ann Archer, 1 Mill Lane' }),
    );
    await pasteInto(screen.getByLabelText('Town or city'), 'ford');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Bristol')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Edit Ann Archer, 1 Mill Lane' }),
    );
    expect(callsOf(send).map(({ method }) => method)).toEqual(['GET']);
  });

  it('removes an address, says so, and keeps the focus in the section', async () => {
    const send = shopKeeping([gran, home]);
    renderInApp(<SavedAddresses />, { at: '/account/profile' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Gran Archer, 22 Quay Street' }),
    );
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText('Gran Archer')).toBeNull();
    expect(useToast.getState().message).toBe('Address removed');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved addresses' }));
    expect(callsOf(send).filter(({ method }) => method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/users/addresses/saved-gran', body: undefined },
    ]);
  });
});

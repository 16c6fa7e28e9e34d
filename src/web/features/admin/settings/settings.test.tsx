import { DEMO_DELIVERY_SERVICES, NEW_SHOP_DISPATCH } from '../../../../shared/delivery';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../../tests/support/render';
import type { Settings } from '../../../../shared/settings';
import { useToast } from '../../../state/toast-store';
import { answerBy, ann, callsOf, pasteInto, resetStores, signInAs } from '../../../support/testing';
import { SettingsPage } from './SettingsPage';

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };

const saved: Settings = {
  version: 3,
  shop: {
    name: 'Larkspur',
    legalName: 'Larkspur Trading Ltd',
    address: '1 Example Street, Bristol BS1 4DJ, United Kingdom',
    email: 'hello@larkspur.example',
    phone: '0117 496 0000',
    vatNumber: 'GB 123 4567 89',
    companyNumber: '12345678',
  },
  giftWrap: { price: 3.5 },
  lowStock: 3,
  vat: { stagger: 1, scheme: 'standard', flatRate: null },
  returns: { days: 14, freeReturns: false },
  reviews: { holdNew: false },
  dispatch: NEW_SHOP_DISPATCH,
  banner: null,
  holiday: null,
  delivery: { services: DEMO_DELIVERY_SERVICES },
  collection: {
    address: '1 Example Street, Bristol BS1 4DJ, United Kingdom',
    instructions:
      'Collect Monday to Friday, 10:00 to 16:00, once we have emailed you that your order is ready. ' +
      'Bring the order number.',
  },
};

const STALE = {
  message:
    'Someone saved the settings after you opened them: load them again, then make your change.',
  code: 'SETTINGS_CHANGED',
};

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('the settings page', () => {
  it('saves the whole document at the version it was read, and says so in a toast', async () => {
    signInAs(owner);
    const send = answerBy((method) =>
      method === 'PUT' ? [200, { ...saved, version: 4, lowStock: 5 }] : [200, saved],
    );
    renderInApp(<SettingsPage />);
    const phone = await screen.findByLabelText<HTMLInputElement>('Phone number');
    expect(phone.value).toBe('0117 496 0000');
    await userEvent.clear(phone);
    await pasteInto(phone, '0117 496 0999');
    await userEvent.click(screen.getByLabelText('Hold new reviews until I show them'));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(useToast.getState().message).toBe('Settings saved'));
    const put = callsOf(send).find((call) => call.method === 'PUT');
    expect(put).toEqual({
      method: 'PUT',
      path: '/api/settings',
      body: {
        ...saved,
        shop: { ...saved.shop, phone: '0117 496 0999' },
        reviews: { holdNew: true },
      },
    });
  });

  it('says what is wrong under each field, and sends nothing', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, saved]);
    renderInApp(<SettingsPage />);
    const email = await screen.findByLabelText('Email address');
    await userEvent.clear(email);
    await pasteInto(email, 'not an email');
    await userEvent.clear(screen.getByLabelText('Gift wrap price (£)'));
    await userEvent.selectOptions(screen.getByLabelText('Scheme'), 'flat-rate');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter what gift wrap costs (0 offers none)')).toBeTruthy();
    expect(
      screen.getByText('The flat rate scheme needs the percentage HMRC gave the business'),
    ).toBeTruthy();
    expect(callsOf(send).filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('explains a save refused as stale, and loads the settings saved since', async () => {
    signInAs(owner);
    const newer = { ...saved, version: 5, shop: { ...saved.shop, phone: '0117 000 1111' } };
    let reads = 0;
    answerBy((method) => {
      if (method === 'PUT') return [409, STALE];
      reads += 1;
      return [200, reads === 1 ? saved : newer];
    });
    renderInApp(<SettingsPage />);
    await userEvent.clear(await screen.findByLabelText('Low stock (items left)'));
    await pasteInto(screen.getByLabelText('Low stock (items left)'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(STALE.message);
    await userEvent.click(screen.getByRole('button', { name: 'Load the saved settings' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('0117 000 1111'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Low stock (items left)').value).toBe('3');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

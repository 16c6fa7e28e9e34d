import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import {
  DEMO_DELIVERY_SERVICES,
  NEW_SHOP_DISPATCH,
} from '../../../shared/delivery/delivery-settings';
import { NEW_SHOP_GIFT_CARDS } from '../../../shared/gift-cards/gift-cards';
import { NEW_SHOP_PAYMENTS } from '../../../shared/payments/payment-methods';
import type { Settings } from '../../../shared/settings/settings';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, pasteInto, resetStores, signInAs } from '../../support/testing';
import { SettingsPage } from './SettingsPage';

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };

/** A shop's settings as read: only the gift cards' part matters here. */
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
    instructions: 'Collect Monday to Friday, 10:00 to 16:00. Bring the order number.',
  },
  payments: NEW_SHOP_PAYMENTS,
  giftCards: NEW_SHOP_GIFT_CARDS,
  reminders: { afterMinutes: [60, 1440, 4320] },
  newsletter: { perMinute: 60 },
};

const MONTHS = 'How long a gift card lasts (months)';

/** Signs the owner in and opens the settings, a save answered with what it sent. */
async function openSettings() {
  signInAs(owner);
  const send = answerBy((method) => [200, method === 'PUT' ? { ...saved, version: 4 } : saved]);
  renderInApp(<SettingsPage />);
  await screen.findByLabelText(MONTHS);
  return send;
}

const putsOf = (send: ReturnType<typeof answerBy>) =>
  callsOf(send).filter((call) => call.method === 'PUT');

async function retypeMonths(months: string) {
  const field = screen.getByLabelText(MONTHS);
  await userEvent.clear(field);
  await pasteInto(field, months);
}

const update = () => userEvent.click(screen.getByRole('button', { name: 'Update' }));

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('the settings’ gift cards', () => {
  it('shows how long a card lasts and its VAT kind as saved', async () => {
    await openSettings();
    expect(screen.getByLabelText<HTMLInputElement>(MONTHS).value).toBe('24');
    expect(screen.getByLabelText<HTMLSelectElement>('Gift cards for VAT').value).toBe(
      'multi-purpose',
    );
  });

  it('sends the months and the VAT kind as changed in the saved document', async () => {
    const send = await openSettings();
    await retypeMonths('36');
    await userEvent.selectOptions(screen.getByLabelText('Gift cards for VAT'), 'single-purpose');
    await update();

    await waitFor(() => expect(useToast.getState().message).toBe('Settings saved'));
    const [put] = putsOf(send);
    expect(put?.path).toBe('/api/settings');
    expect(put?.body).toEqual({ ...saved, giftCards: { months: 36, vat: 'single-purpose' } });
  });

  it('refuses a card that lasts 0 months, in words under the field, and sends nothing', async () => {
    const send = await openSettings();
    await retypeMonths('0');
    await update();

    expect(await screen.findByText('A gift card must last at least 1 month')).toBeTruthy();
    expect(screen.getByLabelText(MONTHS).getAttribute('aria-invalid')).toBe('true');
    expect(putsOf(send)).toEqual([]);
  });

  it('asks for the months when the field is left empty', async () => {
    const send = await openSettings();
    await userEvent.clear(screen.getByLabelText(MONTHS));
    await update();

    expect(await screen.findByText('Please enter how many months a gift card lasts')).toBeTruthy();
    expect(putsOf(send)).toEqual([]);
  });
});

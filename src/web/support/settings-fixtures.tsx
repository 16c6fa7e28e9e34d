import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderInApp } from '../../../tests/support/render';
import { DEMO_DELIVERY_SERVICES, NEW_SHOP_DISPATCH } from '../../shared/delivery/delivery-settings';
import { NEW_SHOP_GIFT_CARDS } from '../../shared/gift-cards/gift-cards';
import { NEW_SHOP_PAYMENTS } from '../../shared/payments/payment-methods';
import type { Settings } from '../../shared/settings/settings';
import { answerBy, ann, callsOf, pasteInto, signInAs } from './testing';

/** A shop's settings as the owner reads them, for tests of one section of the page. */
export const SAVED_SETTINGS: Settings = {
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

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };

/**
 * Signs the owner in and opens the settings page given, a save answered with what it sent, and
 * waits for the field labelled `field`. Answers the fetch, to read the calls from.
 */
export async function openSettingsAt(page: ReactElement, field: string) {
  signInAs(owner);
  const send = answerBy((method) => [
    200,
    method === 'PUT' ? { ...SAVED_SETTINGS, version: 4 } : SAVED_SETTINGS,
  ]);
  renderInApp(page);
  await screen.findByLabelText(field);
  return send;
}

/** The saves the page sent. */
export const settingsPuts = (send: ReturnType<typeof answerBy>) =>
  callsOf(send).filter((call) => call.method === 'PUT');

/** Types `text` over what the field labelled `label` holds. */
export async function retype(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  await pasteInto(field, text);
}

/** Presses the settings page's Update. */
export const updateSettings = () => userEvent.click(screen.getByRole('button', { name: 'Update' }));

import {
  DEMO_DELIVERY_SERVICES,
  NEW_SHOP_DISPATCH,
} from '../../../shared/delivery/delivery-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { NEW_SHOP_PAYMENTS } from '../../../shared/payments/payment-methods';
import type { Settings } from '../../../shared/settings/settings';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, pasteInto, resetStores, signInAs } from '../../support/testing';
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
  dispatch: { ...NEW_SHOP_DISPATCH, closed: ['2026-12-24'] },
  banner: null,
  holiday: null,
  delivery: { services: DEMO_DELIVERY_SERVICES },
  collection: {
    address: '1 Example Street, Bristol BS1 4DJ, United Kingdom',
    instructions:
      'Collect Monday to Friday, 10:00 to 16:00, once we have emailed you that your order is ready. ' +
      'Bring the order number.',
  },
  payments: NEW_SHOP_PAYMENTS,
  giftCards: { months: 24, vat: 'multi-purpose' },
  reminders: { afterMinutes: [60, 1440, 4320] },
  newsletter: { perMinute: 60 },
};

const STALE = {
  message:
    'Someone saved the settings after you opened them: load them again, then make your change.',
  code: 'SETTINGS_CHANGED',
};

/** A service's card, by its name: found by its legend, as roles are slow to work out in a long form. */
function card(name: string) {
  const group = screen.getByText(name, { selector: 'legend' }).closest('fieldset');
  if (!group) throw new Error(`No card for ${name}`);
  return within(group);
}

/** Types a date or time in full, as its field takes nothing less. */
async function typeDate(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.type(field, value);
}

/** Types `text` over what a field holds. */
async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '') await pasteInto(field, text);
}

/** Signs the owner in, answers every read with `saved` and a save as `onPut` says. */
async function openSettings(onPut: (method: string) => [number, unknown] = () => [200, saved]) {
  signInAs(owner);
  const send = answerBy((method) => (method === 'PUT' ? onPut(method) : [200, saved]));
  renderInApp(<SettingsPage />);
  await screen.findByLabelText('Phone number');
  return send;
}

const putsOf = (send: ReturnType<typeof answerBy>) =>
  callsOf(send).filter((call) => call.method === 'PUT');

const update = () => userEvent.click(screen.getByText('Update', { selector: 'button' }));

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

  it("turns ways to pay on and off, asking for Apple Pay's domain file before Apple Pay", async () => {
    const send = await openSettings();
    await userEvent.click(screen.getByLabelText('Apple Pay'));
    await userEvent.click(screen.getByLabelText('Google Pay'));
    await userEvent.click(screen.getByLabelText('Debit and credit cards'));
    await userEvent.selectOptions(
      screen.getByLabelText('3-D Secure (the card\u2019s bank confirms it is the cardholder)'),
      'always',
    );
    await update();
    expect(
      await screen.findByText(
        'Apple Pay needs the domain association file PayPal gives you: paste it here first',
      ),
    ).toBeTruthy();
    expect(putsOf(send)).toEqual([]);

    await pasteInto(screen.getByLabelText('Apple Pay domain association file'), '7B2270737049');
    await update();
    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(putsOf(send)[0]?.body).toEqual({
      ...saved,
      payments: {
        ...saved.payments,
        card: false,
        applePay: true,
        googlePay: true,
        threeDS: 'always',
        applePayDomainFile: '7B2270737049',
      },
    });
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

  it('sends the posting days, cut-off, handling days and closed days as set', async () => {
    const send = await openSettings();
    await userEvent.click(screen.getByLabelText('Friday'));
    await userEvent.click(screen.getByLabelText('Saturday'));
    await typeDate(screen.getByLabelText('Cut-off (UK time)'), '15:30');
    await retype(screen.getByLabelText('Handling days'), '1');
    const closedDay = screen.getByLabelText('A day the shop is shut');
    await typeDate(closedDay, '2026-12-24');
    await userEvent.click(screen.getByText('Add the day'));
    expect(await screen.findByText('Thu 24 Dec 2026 is closed already')).toBeTruthy();
    await typeDate(closedDay, '2027-01-04');
    await userEvent.click(screen.getByText('Add the day'));
    await typeDate(closedDay, '2026-12-29');
    await userEvent.click(screen.getByText('Add the day'));
    await userEvent.click(screen.getByLabelText('Remove Thu 24 Dec 2026'));
    const closedList = screen.getByText('Tue 29 Dec 2026').closest('ul');
    expect(
      [...(closedList?.querySelectorAll('li span') ?? [])].map((day) => day.textContent),
    ).toEqual(['Tue 29 Dec 2026', 'Mon 4 Jan 2027']);
    await update();

    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(putsOf(send)[0]?.body).toEqual({
      ...saved,
      dispatch: {
        days: [1, 2, 3, 4, 6],
        cutOff: '15:30',
        handlingDays: 1,
        closed: ['2026-12-29', '2027-01-04'],
      },
    });
  });

  it('sends a holiday that pauses checkout, and a banner, as set', async () => {
    const send = await openSettings();
    expect(screen.queryByLabelText('First day away')).toBeNull();
    await userEvent.click(screen.getByLabelText('Away on holiday'));
    await typeDate(screen.getByLabelText('First day away'), '2026-08-03');
    await typeDate(screen.getByLabelText('Last day away'), '2026-08-14');
    await pasteInto(screen.getByLabelText('Message to shoppers'), 'Away until 15 August');
    await userEvent.click(screen.getByLabelText('Pause checkout'));
    await userEvent.click(screen.getByLabelText('Show a banner'));
    await pasteInto(screen.getByLabelText('Banner text'), 'Last day for Christmas: 18 December');
    await typeDate(screen.getByLabelText('First day shown'), '2026-12-01');
    await typeDate(screen.getByLabelText('Last day shown'), '2026-12-18');
    await update();

    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(putsOf(send)[0]?.body).toEqual({
      ...saved,
      holiday: {
        from: '2026-08-03',
        to: '2026-08-14',
        message: 'Away until 15 August',
        pauseCheckout: true,
      },
      banner: { text: 'Last day for Christmas: 18 December', from: '2026-12-01', to: '2026-12-18' },
    });
  });

  it('says each service in a line, and sends each as edited with blanks as none', async () => {
    const send = await openSettings();
    expect(
      card('Royal Mail Tracked 48').getByText(
        '£3.95 · free over £60.00 · 2–3 working days · tracked · cover £100.00',
      ),
    ).toBeTruthy();
    expect(card('Royal Mail Tracked 48').queryByLabelText('Price (£)')).toBeNull();
    await userEvent.click(screen.getByLabelText('Edit Royal Mail Tracked 48'));
    await retype(card('Royal Mail Tracked 48').getByLabelText('Price (£)'), '4.25');
    await retype(card('Royal Mail Tracked 48').getByLabelText('Free over (£)'), '');
    await userEvent.click(screen.getByLabelText('Edit Royal Mail Tracked 24'));
    const tracked24 = card('Royal Mail Tracked 24');
    await pasteInto(tracked24.getByLabelText('Most items'), '3');
    await pasteInto(tracked24.getByLabelText('Weight limit (grams)'), '2000');
    await retype(tracked24.getByLabelText('Click & Drop service code'), '');
    await retype(tracked24.getByLabelText('Most days'), '3');
    await userEvent.click(screen.getByLabelText('Edit Special Delivery Guaranteed by 1pm'));
    await retype(card('Special Delivery Guaranteed by 1pm').getByLabelText('Cover (£)'), '500');
    await userEvent.click(card('Special Delivery Guaranteed by 1pm').getByLabelText('Signed for'));
    await update();

    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    const [t48, t24, special, collect] = DEMO_DELIVERY_SERVICES;
    expect(putsOf(send)[0]?.body).toEqual({
      ...saved,
      delivery: {
        services: [
          { ...t48, price: 4.25, freeOver: null },
          {
            ...t24,
            maxItems: 3,
            maxWeightGrams: 2000,
            serviceCode: null,
            days: { min: 1, max: 3 },
          },
          { ...special, cover: 500, signed: false },
          collect,
        ],
      },
    });
  });

  it('keeps the collection point while a collect service is offered, and sends it taken away', async () => {
    const send = await openSettings();
    await userEvent.click(screen.getByLabelText('Orders can be collected'));
    await update();

    const collecting = screen.getByLabelText('Orders can be collected');
    await waitFor(() => expect(collecting.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('A click and collect service is offered: say where to collect from'),
    ).toBeTruthy();
    expect(putsOf(send)).toEqual([]);

    await userEvent.click(screen.getByLabelText('Edit Collect from the studio'));
    await userEvent.click(card('Collect from the studio').getByLabelText('Offered to shoppers'));
    expect(
      card('Collect from the studio').getByText('free · click and collect · not offered'),
    ).toBeTruthy();
    await update();
    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    const [t48, t24, special, collect] = DEMO_DELIVERY_SERVICES;
    expect(putsOf(send)[0]?.body).toEqual({
      ...saved,
      delivery: { services: [t48, t24, special, { ...collect, active: false }] },
      collection: null,
    });
  });

  it("shows the server's error at a service's field by that field", async () => {
    await openSettings(() => [
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'The price is too large',
        errors: [
          { path: 'delivery.services.1.price', message: 'The price is too large' },
          {
            path: 'dispatch.days.0',
            message: 'Posting days are weekdays 1 (Monday) to 7 (Sunday)',
          },
        ],
      },
    ]);
    await update();

    expect((await screen.findByRole('alert')).textContent).toBe('The price is too large');
    // The card with something wrong opens by itself, and says what by the field.
    const price = card('Royal Mail Tracked 24').getByLabelText('Price (£)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    const describedBy = price.getAttribute('aria-describedby') ?? '';
    const said = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(said).toContain('The price is too large');
    expect(card('Royal Mail Tracked 48').queryByLabelText('Price (£)')).toBeNull();
    const postingDays = screen
      .getByText('Posting days', { selector: 'legend' })
      .closest('fieldset');
    expect(
      within(postingDays ?? document.body).getByText(
        'Posting days are weekdays 1 (Monday) to 7 (Sunday)',
      ),
    ).toBeTruthy();
  });

  it('adds a service with an id made from its name, and removes one', async () => {
    const added = {
      id: 'tracked-48-2',
      name: 'Tracked 48',
      description: 'Large letters',
      price: 2.5,
      freeOver: null,
      maxItems: null,
      maxWeightGrams: null,
      days: { min: 2, max: 4 },
      tracked: true,
      signed: false,
      cover: null,
      collect: false,
      active: true,
      serviceCode: null,
    };
    const [t48, t24, , collect] = DEMO_DELIVERY_SERVICES;
    const services = [t48, t24, collect, added];
    const send = await openSettings(() => [200, { ...saved, version: 4, delivery: { services } }]);
    await userEvent.click(screen.getByText('Add a service'));
    const name = card('New service 5').getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await pasteInto(name, 'Tracked 48');
    const fresh = card('Tracked 48');
    expect(
      fresh.getByText('Saved with the id tracked-48-2, which then stays as it is.'),
    ).toBeTruthy();
    await pasteInto(fresh.getByLabelText('Description'), 'Large letters');
    await pasteInto(fresh.getByLabelText('Price (£)'), '2.50');
    await pasteInto(fresh.getByLabelText('Fewest days'), '2');
    await pasteInto(fresh.getByLabelText('Most days'), '4');
    await userEvent.click(fresh.getByLabelText('Tracked'));
    await userEvent.click(screen.getByLabelText('Edit Special Delivery Guaranteed by 1pm'));
    await userEvent.click(screen.getByLabelText('Remove Special Delivery Guaranteed by 1pm'));
    expect(document.activeElement).toBe(screen.getByText('Add a service'));
    expect(
      screen.queryByText('Special Delivery Guaranteed by 1pm', { selector: 'legend' }),
    ).toBeNull();
    await update();

    await waitFor(() => expect(useToast.getState().message).toBe('Settings saved'));
    expect(putsOf(send)[0]?.body).toEqual({ ...saved, delivery: { services } });
    expect(card('Tracked 48').getByText('£2.50 · 2–4 working days · tracked')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Edit Tracked 48'));
    expect(
      card('Tracked 48').getByText(
        'Its id, tracked-48-2, stays as it is: orders sold with it keep it.',
      ),
    ).toBeTruthy();
  });
});

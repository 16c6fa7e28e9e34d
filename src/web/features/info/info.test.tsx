import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { ShopIdentity } from '../../../shared/api';
import { Footer } from '../../layout/Footer';
import { MONDAY_MORNING } from '../../support/storefront-delivery-fixtures';
import { answerBy, resetStores } from '../../support/testing';
import { ContactPage } from './ContactPage';
import { DealersNoticePage } from './DealersNoticePage';
import { FaqPage } from './FaqPage';
import { ShippingInfoPage } from './ShippingInfoPage';
import { TermsPage } from './TermsPage';

const trader: ShopIdentity = {
  name: 'Larkspur',
  legalName: 'Larkspur Jewellery Ltd',
  address: '4 Harbour Row, Bristol BS1 4DJ, United Kingdom',
  email: 'hello@larkspur.example',
  phone: '0117 496 0000',
  vatNumber: 'GB 123 4567 89',
  companyNumber: '01234567',
};

describe('who sells, and the law', () => {
  beforeEach(() => {
    resetStores();
    answerBy((_method, path) => (path === '/api/config/shop' ? [200, trader] : [404, {}]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the trader and its VAT number at the foot of every page, and links the notices', async () => {
    renderInApp(<Footer />);
    expect(
      await screen.findByText(
        'Larkspur Jewellery Ltd, 4 Harbour Row, Bristol BS1 4DJ, United Kingdom. VAT number GB 123 4567 89. Company number 01234567.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Dealer’s Notice' }).getAttribute('href')).toBe(
      '/dealers-notice',
    );
  });

  it('gives the 14-day right to cancel, its exceptions and the model form addressed to the trader', async () => {
    renderInApp(<TermsPage />);
    expect(await screen.findByRole('heading', { name: 'Your right to cancel' })).toBeTruthy();
    expect(screen.getByText(/within 14 days of the day you/)).toBeTruthy();
    expect(screen.getByText(/Pierced earrings/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Model cancellation form' })).toBeTruthy();
    expect(
      await screen.findByText(
        'To: Larkspur Jewellery Ltd, 4 Harbour Row, Bristol BS1 4DJ, United Kingdom, hello@larkspur.example',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/can.t be cancelled|don.t accept returns/)).toBeNull();
  });

  it('answers that orders can be cancelled and returned', () => {
    renderInApp(<FaqPage />);
    expect(screen.getByText(/until we dispatch it/)).toBeTruthy();
    expect(screen.getByText(/You have 14 days from delivery/)).toBeTruthy();
  });

  it('shows the trader on the contact page', async () => {
    renderInApp(<ContactPage />);
    expect(await screen.findByText('VAT number: GB 123 4567 89')).toBeTruthy();
    expect(screen.getByText('Telephone: 0117 496 0000')).toBeTruthy();
  });

  it('explains the hallmark on silver and gold', () => {
    renderInApp(<DealersNoticePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dealer’s Notice' })).toBeTruthy();
    expect(screen.getByText(/925 \(sterling silver\)/)).toBeTruthy();
  });
});

describe('what delivery costs and how long it takes, as the owner sets it', () => {
  beforeEach(() => {
    resetStores();
    answerBy((_method, path) =>
      path === '/api/delivery'
        ? [200, { ...MONDAY_MORNING, handlingDays: 1 }]
        : path === '/api/config/shop'
          ? [200, trader]
          : [404, {}],
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each service with its price, threshold, days and cover on the shipping page', async () => {
    renderInApp(<ShippingInfoPage />);
    const services = within(
      await screen.findByRole('region', { name: 'Delivery services and costs' }),
    );
    await waitFor(() => expect(services.getAllByRole('listitem')).toHaveLength(4));
    expect(services.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Royal Mail Tracked 48: £3.95, free on orders of £60.00 or more, 2-3 working days after dispatch, tracked, covered up to £100.00.',
      'Royal Mail Tracked 24: £4.95, 1-2 working days after dispatch, tracked, covered up to £100.00.',
      'Special Delivery Guaranteed by 1pm: £9.95, 1 working day after dispatch, signed for, covered up to £750.00.',
      'Collect from the studio: Free, from 1 Example Street, Bristol BS1 4DJ.',
    ]);
    expect(
      screen.getByText(
        'An order paid before 14:00 (UK time) on a day we post goes out that day; one paid later goes out on the next day we post. We do not post at weekends, on bank holidays or on days we are closed. We take 1 working day to make each order before it goes out.',
      ),
    ).toBeTruthy();
  });

  it('answers whether delivery is free, and how long it takes, in the questions', async () => {
    renderInApp(<FaqPage />);
    expect(
      await screen.findByText(
        'Royal Mail Tracked 48 is free on orders of £60.00 or more. Otherwise, UK delivery costs from £3.95, and you will see it in your basket before you pay. Or choose ‘Collect from the studio’ (free) and pick your order up from us.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /^We deliver within the UK only\. Your order arrives 1-3 working days after we dispatch it, depending on the service you choose\./,
      ),
    ).toBeTruthy();
  });
});

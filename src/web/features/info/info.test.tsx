import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { ShopIdentity } from '../../../shared/api';
import { Footer } from '../../layout/Footer';
import { answerBy, resetStores } from '../../support/testing';
import { ContactPage } from './ContactPage';
import { DealersNoticePage } from './DealersNoticePage';
import { FaqPage } from './FaqPage';
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

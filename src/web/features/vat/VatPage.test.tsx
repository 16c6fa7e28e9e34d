import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VatReport } from '../../../shared/reports/vat';
import { renderInApp } from '../../../../tests/support/render';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { VatPage } from './VatPage';

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };

/** April to June 2026 on the standard scheme: three sales and one refund. */
function reportOf(changes: Partial<VatReport> = {}): VatReport {
  return {
    quarter: '2026-06',
    from: '2026-03-31T23:00:00.000Z',
    to: '2026-06-30T23:00:00.000Z',
    firstDay: '2026-04-01',
    lastDay: '2026-06-30',
    stagger: 1,
    scheme: 'standard',
    flatRate: null,
    sales: { count: 3, gross: 194.99, vat: 32.5, net: 162.49, outside: 0 },
    refunds: { count: 1, gross: 10, vat: 1.67, net: 8.33, outside: 0 },
    box1: 30.83,
    box2: 0,
    box6: 154,
    box8: 0,
    box9: 0,
    refundList: [
      {
        _id: 'refund-1',
        at: '2026-06-30T10:00:00.000Z',
        order: { _id: 'order-may', orderNumber: 'K7QF-3MXA' },
        amount: 10,
        vat: 1.67,
        outside: 0,
      },
    ],
    ...changes,
  };
}

const boxList = () => screen.getByRole('list', { name: 'The boxes of the VAT return' });

/** A box as the page shows it: its name, what to type, and where that comes from. */
function boxRow(box: number): string[] {
  const item = within(boxList())
    .getAllByRole('listitem')
    .find((candidate) => candidate.textContent.startsWith(`Box ${box}: `));
  if (!item) throw new Error(`no box ${box}`);
  return [...item.children].map((part) => part.textContent.replace(`Box ${box}: `, ''));
}

const address = () => screen.getByRole('status', { name: 'Current address' }).textContent;

describe('the VAT page', () => {
  beforeEach(() => {
    resetStores();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-08-10T11:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says what to type in each box, from the quarter in the address', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, reportOf()]);
    renderInApp(<VatPage />, { at: '/admin/vat?quarter=2026-06' });
    await screen.findByRole('heading', { level: 2, name: 'What to type in your VAT return' });
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/reports/vat?quarter=2026-06']);

    expect(boxRow(1).slice(0, 2)).toEqual(['VAT due on sales', '£30.83']);
    expect(boxRow(1)[2]).toContain('£32.50, less the VAT in its refunds, £1.67');
    expect(boxRow(2).slice(0, 2)).toEqual(['VAT due on goods brought in from the EU', '£0.00']);
    expect(boxRow(4)[1]).toBe('From your purchase records');
    expect(boxRow(6).slice(0, 2)).toEqual(['Total sales, without VAT', '£154']);
    expect(boxRow(6)[2]).toContain('(£154.16)');
    expect(boxRow(7)[1]).toBe('From your purchase records');
    expect(boxRow(8)[1]).toBe('£0');
    expect(boxRow(9)[1]).toBe('£0');

    // Each box leads to the sales and refunds it comes from.
    const boxes = boxList();
    const [sales] = within(boxes).getAllByRole('link', { name: '3 sales' });
    expect(sales?.getAttribute('href')).toBe('/admin/orderlist?from=2026-04-01&to=2026-06-30');
    const [refunds] = within(boxes).getAllByRole('link', { name: '1 refund' });
    expect(refunds?.getAttribute('href')).toBe('#vat-refunds');
  });

  it('adds up the sales and refunds, and lists the refunds with their orders', async () => {
    signInAs(owner);
    answerBy(() => [200, reportOf()]);
    renderInApp(<VatPage />, { at: '/admin/vat?quarter=2026-06' });
    const figures = await screen.findByRole('region', { name: 'Sales and refunds added up' });
    const rows = within(figures)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'WhatHow manyWith VATVATWithout VAT',
      'Sales3£194.99£32.50£162.49',
      'Refunds1£10.00£1.67£8.33',
      'Sales less refunds£184.99£30.83£154.16',
    ]);
    expect(
      screen
        .getByRole('link', { name: 'See the 3 orders paid in the quarter' })
        .getAttribute('href'),
    ).toBe('/admin/orderlist?from=2026-04-01&to=2026-06-30');
    const refunds = screen.getByRole('region', { name: 'Each refund of the quarter' });
    expect(within(refunds).getAllByRole('row')[1]?.textContent).toBe(
      '30 June 2026K7QF-3MXA£10.00£1.67',
    );
    expect(within(refunds).getByRole('link', { name: 'K7QF-3MXA' }).getAttribute('href')).toBe(
      '/admin/order/order-may',
    );
  });

  it('offers the quarters of the shop’s stagger, and puts the one chosen in the address', async () => {
    signInAs(owner);
    const send = answerBy((_method, path) =>
      path.endsWith('quarter=2026-03')
        ? [200, reportOf({ quarter: '2026-03', firstDay: '2026-01-01', lastDay: '2026-03-31' })]
        : [200, reportOf({ quarter: '2026-09', firstDay: '2026-07-01', lastDay: '2026-09-30' })],
    );
    renderInApp(<VatPage />, { at: '/admin/vat' });
    const picker = await screen.findByRole('combobox', { name: 'Quarter' });
    expect(callsOf(send)[0]?.path).toBe('/api/reports/vat');
    const options = within(picker).getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(options.slice(0, 3).map((option) => option.textContent)).toEqual([
      'July to September 2026',
      'April to June 2026',
      'January to March 2026',
    ]);
    expect((picker as HTMLSelectElement).value).toBe('2026-09');

    await userEvent.selectOptions(picker, 'January to March 2026');
    await waitFor(() => expect(address()).toBe('/admin/vat?quarter=2026-03'));
    await waitFor(() =>
      expect(callsOf(send).map(({ path }) => path)).toContain('/api/reports/vat?quarter=2026-03'),
    );
  });

  it('works box 1 and box 6 out from the takings on the Flat Rate Scheme', async () => {
    signInAs(owner);
    answerBy(() => [200, reportOf({ scheme: 'flat-rate', flatRate: 7.5, box1: 13.87, box6: 184 })]);
    renderInApp(<VatPage />, { at: '/admin/vat?quarter=2026-06' });
    await screen.findByText(/on the Flat Rate Scheme at 7.5%/);
    expect(boxRow(1).slice(1)).toEqual([
      '£13.87',
      expect.stringContaining('7.5% (your flat rate) of the quarter’s takings with VAT, £184.99'),
    ]);
    expect(boxRow(6).slice(0, 2)).toEqual(['Total sales, with VAT', '£184']);
    expect(boxRow(4)[2]).toContain('capital goods over £2,000');
  });

  it('downloads the quarter’s VAT record with the owner’s token', async () => {
    signInAs(owner);
    const send = answerBy((_method, path) =>
      path.includes('.csv') ? [200, 'date,type'] : [200, reportOf()],
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:vat');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    let saved: { href: string; download: string } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved = { href: this.href, download: this.download };
    });
    renderInApp(<VatPage />, { at: '/admin/vat?quarter=2026-06' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download the VAT record (CSV)' }),
    );
    await waitFor(() =>
      expect(saved).toEqual({ href: 'blob:vat', download: 'vat-record-2026-06.csv' }),
    );
    const download = send.mock.calls.find(
      ([input]) => typeof input === 'string' && input.includes('.csv'),
    );
    expect(download?.[0]).toBe('/api/reports/vat.csv?quarter=2026-06');
    expect(new Headers(download?.[1]?.headers).get('Authorization')).toBe(`Bearer ${owner.token}`);
  });

  it('says why a quarter cannot be shown, with the way back to the one running now', async () => {
    signInAs(owner);
    answerBy(() => [
      400,
      {
        code: 'QUARTER_UNKNOWN',
        message:
          '2026-05 does not end a VAT quarter: this shop’s VAT quarters end in March, June, September and December',
      },
    ]);
    renderInApp(<VatPage />, { at: '/admin/vat?quarter=2026-05' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      '2026-05 does not end a VAT quarter',
    );
    expect(
      screen.getByRole('link', { name: 'Show the quarter running now' }).getAttribute('href'),
    ).toBe('/admin/vat');
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});

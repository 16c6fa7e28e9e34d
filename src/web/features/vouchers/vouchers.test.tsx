import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { AdminVoucher } from '../../../shared/vouchers/vouchers';
import { usePanels } from '../../state/panel-store';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { NewVoucherForm, VoucherForm } from './VoucherForm';
import { VoucherListPage } from './VoucherListPage';

const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};

const draft: AdminVoucher = {
  _id: 'v0000000000000000000001',
  name: '',
  code: '',
  discount: 0,
  expires: '2099-07-01T10:00:00.000Z',
  minSpend: null,
  maxUses: null,
  oncePerCustomer: false,
  status: 'draft',
};
const spring: AdminVoucher = {
  _id: 'v0000000000000000000002',
  name: 'Spring offer',
  code: 'SPRING5',
  discount: 5,
  expires: '2020-04-30T22:59:59.999Z',
  minSpend: null,
  maxUses: null,
  oncePerCustomer: false,
  status: 'live',
};
const welcome: AdminVoucher = {
  ...spring,
  _id: 'v0000000000000000000003',
  name: 'Welcome',
  code: 'WELCOME5',
  expires: '2099-12-31T23:59:59.999Z',
  minSpend: 20,
  maxUses: 1,
  oncePerCustomer: true,
};

describe('the voucher list', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists codes, discounts, rules and expiry dates, marking the expired ones', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, { vouchers: [draft, spring, welcome], page: 1, pages: 1 }]);
    renderInApp(<VoucherListPage />);
    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0] ?? document.body)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Code', 'Name', 'Discount', 'Rules', 'Expires', 'Actions']);
    const [, draftRow, springRow, welcomeRow] = rows;
    if (!draftRow || !springRow || !welcomeRow) throw new Error('three voucher rows expected');
    expect(within(draftRow).getByText('Draft')).toBeTruthy();
    expect(within(draftRow).queryByText('Expired')).toBeNull();
    expect(within(springRow).getByText('£5.00')).toBeTruthy();
    expect(within(springRow).getByText('30 April 2020')).toBeTruthy();
    expect(within(springRow).getByText('Expired')).toBeTruthy();
    expect(within(springRow).getByText('None')).toBeTruthy();
    expect(
      within(welcomeRow)
        .getAllByRole('listitem')
        .map((rule) => rule.textContent),
    ).toEqual(['Spend £20.00 or more', '1 order in all', 'Once per customer']);
    expect(within(welcomeRow).queryByText('Expired')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Voucher pages' })).toBeNull();
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/vouchers?pageNumber=1']);

    await userEvent.click(screen.getByRole('button', { name: 'Edit voucher SPRING5' }));
    expect(usePanels.getState().panel).toEqual({ kind: 'editVoucher', voucherId: spring._id });
  });

  it('opens an empty form for a new voucher, making nothing yet', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, { vouchers: [], page: 1, pages: 1 }]);
    renderInApp(<VoucherListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Voucher' }));
    expect(usePanels.getState().panel).toEqual({ kind: 'newVoucher' });
    expect(callsOf(send).map(({ method }) => method)).toEqual(['GET']);
  });

  it('deletes only after the admin confirms, in the words of the spec', async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'DELETE'
        ? [200, { message: 'Voucher removed' }]
        : [200, { vouchers: [spring], page: 1, pages: 1 }],
    );
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderInApp(<VoucherListPage />);
    const remove = await screen.findByRole('button', { name: 'Delete voucher SPRING5' });
    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the voucher');
    expect(callsOf(send).some(({ method }) => method === 'DELETE')).toBe(false);
    await userEvent.click(remove);
    await waitFor(() =>
      expect(callsOf(send)).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: `/api/vouchers/${spring._id}` }),
      ),
    );
  });
});

describe('the voucher form', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('makes a new voucher only once a valid one is saved, then opens it', async () => {
    signInAs(admin);
    const made: AdminVoucher = { ...welcome, _id: 'v0000000000000000000009', code: 'SUMMER5' };
    const send = answerBy((method) => (method === 'POST' ? [201, made] : [200, made]));
    renderInApp(<NewVoucherForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Create voucher' }));
    for (const problem of [
      'Please enter a name',
      'Please enter a code',
      'Please enter the discount',
      'Please choose an expiry date',
    ]) {
      expect(await screen.findByText(problem)).toBeTruthy();
    }
    expect(callsOf(send)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Name'), 'Summer offer');
    await userEvent.type(screen.getByLabelText('Code'), 'SUMMER5');
    await userEvent.type(screen.getByLabelText('Discount (£)'), '5');
    await userEvent.type(screen.getByLabelText('Expiry date'), '2099-08-31');
    await userEvent.type(screen.getByLabelText('Minimum spend (£)'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Create voucher' }));
    await waitFor(() =>
      expect(usePanels.getState().panel).toEqual({ kind: 'editVoucher', voucherId: made._id }),
    );
    expect(callsOf(send)).toEqual([
      {
        method: 'POST',
        path: '/api/vouchers',
        body: {
          name: 'Summer offer',
          code: 'SUMMER5',
          discount: 5,
          expires: '2099-08-31',
          minSpend: 20,
          maxUses: null,
          oncePerCustomer: false,
        },
      },
    ]);
  });

  it('says a new voucher’s code is taken under the code field', async () => {
    signInAs(admin);
    answerBy(() => [
      409,
      { message: 'That voucher code is already in use', code: 'VOUCHER_CODE_TAKEN' },
    ]);
    renderInApp(<NewVoucherForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Spring again');
    await userEvent.type(screen.getByLabelText('Code'), 'spring5');
    await userEvent.type(screen.getByLabelText('Discount (£)'), '5');
    await userEvent.type(screen.getByLabelText('Expiry date'), '2099-08-31');
    await userEvent.click(screen.getByRole('button', { name: 'Create voucher' }));
    const code = screen.getByLabelText('Code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('That voucher code is already in use')).toHaveLength(1);
    expect(usePanels.getState().panel).toBeNull();
  });

  it("shows a code another voucher has under the code field, in the server's words", async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'PUT'
        ? [409, { message: 'Another voucher already has that code', code: 'VOUCHER_CODE_TAKEN' }]
        : [200, draft],
    );
    renderInApp(<VoucherForm voucherId={draft._id} />);
    const expires = await screen.findByLabelText<HTMLInputElement>('Expiry date');
    expect(expires.type).toBe('date');
    expect(expires.value).toBe('2099-07-01');

    await userEvent.type(screen.getByLabelText('Name'), 'Summer offer');
    await userEvent.type(screen.getByLabelText('Code'), 'spring5');
    await userEvent.type(screen.getByLabelText('Discount (£)'), '7.50');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    const code = screen.getByLabelText('Code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    const errorId = (code.getAttribute('aria-describedby') ?? '').split(' ').at(-1) ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(
      'Another voucher already has that code',
    );
    // Said once, under the field, not again after the button.
    expect(screen.getAllByText('Another voucher already has that code')).toHaveLength(1);
    expect(callsOf(send).find(({ method }) => method === 'PUT')?.body).toEqual({
      name: 'Summer offer',
      code: 'spring5',
      discount: 7.5,
      expires: '2099-07-01',
      minSpend: null,
      maxUses: null,
      oncePerCustomer: false,
    });
  });

  it('saves the rules: a minimum spend, a use limit and once per customer', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, { ...spring, expires: '2099-07-01T10:00:00.000Z' }]);
    renderInApp(<VoucherForm voucherId={spring._id} />);
    await userEvent.type(await screen.findByLabelText('Minimum spend (£)'), '30');
    await userEvent.type(screen.getByLabelText('Use limit (orders in all)'), '1.5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Once per customer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The use limit must be a whole number of orders')).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Use limit (orders in all)'));
    await userEvent.type(screen.getByLabelText('Use limit (orders in all)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(callsOf(send).find(({ method }) => method === 'PUT')?.body).toEqual({
        name: 'Spring offer',
        code: 'SPRING5',
        discount: 5,
        expires: '2099-07-01',
        minSpend: 30,
        maxUses: 100,
        oncePerCustomer: true,
      }),
    );
  });

  it('refuses a negative minimum spend before calling the server', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, spring]);
    renderInApp(<VoucherForm voucherId={spring._id} />);
    await userEvent.type(await screen.findByLabelText('Minimum spend (£)'), '-5');
    await userEvent.type(screen.getByLabelText('Use limit (orders in all)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The minimum spend cannot be negative')).toBeTruthy();
    expect(screen.getByText('The use limit must be at least 1 order')).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);
  });

  it('wants a discount above nothing', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, draft]);
    renderInApp(<VoucherForm voucherId={draft._id} />);
    await userEvent.type(await screen.findByLabelText('Discount (£)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('The discount must be more than £0.00')).toBeTruthy();
    expect(screen.getByText('Please enter a code')).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { AdminVoucher } from '../../../shared/vouchers/vouchers';
import { usePanels } from '../../state/panel-store';
import { answerBy, ann, callsOf, pasteInto, resetStores, signInAs } from '../../support/testing';
import { moonstone, productPage } from '../../back-office/admin-fixtures';
import { NewVoucherForm, VoucherForm } from './VoucherForm';
import { VoucherListPage } from './VoucherListPage';

const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};

/** What a voucher from before kinds has: an amount off the whole order, from when saved. */
const amountOff: Pick<
  AdminVoucher,
  'kind' | 'percent' | 'cap' | 'services' | 'appliesTo' | 'starts' | 'stacks'
> = {
  kind: 'amount',
  percent: null,
  cap: null,
  services: [],
  appliesTo: { categories: [], products: [] },
  starts: null,
  stacks: false,
};

/** What a form sends of an amount off the whole order, beside its own fields (no start: none). */
const amountBody = {
  kind: 'amount',
  percent: null,
  cap: null,
  services: [],
  appliesTo: { categories: [], products: [] },
  stacks: false,
};

const draft: AdminVoucher = {
  ...amountOff,
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
  ...amountOff,
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
    expect(within(springRow).getByText('£5.00 off')).toBeTruthy();
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
          ...amountBody,
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
      ...amountBody,
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
        ...amountBody,
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

/** The settings as the voucher form reads them: only their delivery services matter here. */
const settingsWithServices = {
  delivery: {
    services: [
      { id: 'tracked-48', name: 'Royal Mail Tracked 48', active: true },
      { id: 'special', name: 'Special Delivery', active: false },
    ],
  },
};

describe('a voucher’s kind and where it applies', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  const fieldNamed = (label: string) => screen.queryByLabelText(label);

  it('shows only the fields of the kind chosen', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, settingsWithServices]);
    renderInApp(<NewVoucherForm />);
    expect(screen.getByRole('radio', { name: 'An amount off' })).toHaveProperty('checked', true);
    expect(fieldNamed('Discount (£)')).toBeTruthy();
    expect(fieldNamed('Percentage off')).toBeNull();
    expect(fieldNamed('Cap (£)')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'A percentage off' }));
    expect(fieldNamed('Discount (£)')).toBeNull();
    expect(fieldNamed('Percentage off')).toBeTruthy();
    expect(fieldNamed('Cap (£)')).toBeTruthy();
    expect(callsOf(send)).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Free delivery' }));
    const services = await screen.findByRole('group', { name: 'Delivery services' });
    expect(
      within(services)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Royal Mail Tracked 48', 'Special Delivery (not offered now)']);
    expect(fieldNamed('Percentage off')).toBeNull();
    expect(fieldNamed('Discount (£)')).toBeNull();
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/settings']);

    // The shelves and products are asked for only when the voucher is not for the whole order.
    expect(screen.queryByRole('group', { name: 'Shelves' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Some shelves or products' }));
    expect(screen.getByRole('group', { name: 'Shelves' })).toBeTruthy();
    expect(fieldNamed('Products')).toBeTruthy();
  });

  it('sends a percentage off with a cap, on some shelves, as the API takes it', async () => {
    signInAs(admin);
    const made: AdminVoucher = {
      ...welcome,
      _id: 'v0000000000000000000010',
      code: 'KNIT15',
      kind: 'percent',
      percent: 15,
      cap: 20,
    };
    const send = answerBy(() => [201, made]);
    renderInApp(<NewVoucherForm />);
    await pasteInto(screen.getByLabelText('Name'), 'Knitwear week');
    await pasteInto(screen.getByLabelText('Code'), 'KNIT15');
    // A discount typed before the kind changed is kept in the form but not sent.
    await userEvent.type(screen.getByLabelText('Discount (£)'), '5');
    await userEvent.click(screen.getByRole('radio', { name: 'A percentage off' }));
    await userEvent.type(screen.getByLabelText('Percentage off'), '15');
    await userEvent.type(screen.getByLabelText('Cap (£)'), '20');
    await userEvent.click(screen.getByRole('radio', { name: 'Some shelves or products' }));
    const shelves = screen.getByRole('group', { name: 'Shelves' });
    await userEvent.click(within(shelves).getByRole('checkbox', { name: 'Knitwear' }));
    await userEvent.click(within(shelves).getByRole('checkbox', { name: 'Accessories' }));
    await pasteInto(screen.getByLabelText('Products'), 'p1, p2,');
    await userEvent.type(screen.getByLabelText('Minimum spend (£)'), '40');
    await userEvent.type(screen.getByLabelText('Start date (optional)'), '2099-05-01');
    await userEvent.type(screen.getByLabelText('Expiry date'), '2099-05-31');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Once per customer' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Combines with automatic promotions' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create voucher' }));

    await waitFor(() =>
      expect(usePanels.getState().panel).toEqual({ kind: 'editVoucher', voucherId: made._id }),
    );
    expect(callsOf(send)).toEqual([
      {
        method: 'POST',
        path: '/api/vouchers',
        body: {
          name: 'Knitwear week',
          code: 'KNIT15',
          kind: 'percent',
          discount: null,
          percent: 15,
          cap: 20,
          services: [],
          appliesTo: { categories: ['knitwear', 'accessories'], products: ['p1', 'p2'] },
          minSpend: 40,
          starts: '2099-05-01',
          expires: '2099-05-31',
          maxUses: null,
          oncePerCustomer: true,
          stacks: true,
        },
      },
    ]);
  });

  it('says the server’s rule for a percentage of 101, sending nothing', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, spring]);
    renderInApp(<VoucherForm voucherId={spring._id} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'A percentage off' }));
    await userEvent.type(screen.getByLabelText('Percentage off'), '101');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const percent = screen.getByLabelText('Percentage off');
    await waitFor(() => expect(percent.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The percentage must be from 1 to 100')).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);

    // Blank, it is asked for in the server's words too.
    await userEvent.clear(percent);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please give the percentage off, from 1 to 100')).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);
  });

  it('says a product the shop does not have under the products, in the server’s words', async () => {
    signInAs(admin);
    const refusal = 'No product has the id gone1';
    answerBy((method) =>
      method === 'PUT'
        ? [
            400,
            {
              message: refusal,
              code: 'VALIDATION_FAILED',
              errors: [{ path: 'appliesTo.products', message: refusal }],
            },
          ]
        : [200, spring],
    );
    renderInApp(<VoucherForm voucherId={spring._id} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Some shelves or products' }));
    await userEvent.type(screen.getByLabelText('Products'), 'gone1');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const products = screen.getByLabelText('Products');
    await waitFor(() => expect(products.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });

  it('finds a product by its name and adds its id, without saving', async () => {
    signInAs(admin);
    const send = answerBy((_method, path) =>
      path.startsWith('/api/admin/products') ? [200, productPage([moonstone])] : [200, spring],
    );
    renderInApp(<VoucherForm voucherId={spring._id} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Some shelves or products' }));
    await userEvent.type(screen.getByLabelText('Products'), 'p1');
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Find a product' }),
      'locket{Enter}',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add Moonstone Locket' }));
    expect(screen.getByLabelText<HTMLInputElement>('Products').value).toBe(`p1, ${moonstone._id}`);
    expect(callsOf(send).map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /api/vouchers/${spring._id}`,
      'GET /api/admin/products?q=locket&pageNumber=1',
    ]);
  });

  it('lists a percentage’s words and its new rules', async () => {
    signInAs(admin);
    const knit: AdminVoucher = {
      ...welcome,
      kind: 'percent',
      percent: 10,
      cap: 20,
      starts: '2099-04-30T23:00:00.000Z',
      appliesTo: { categories: ['knitwear'], products: ['p1', 'p2'] },
      minSpend: null,
      maxUses: null,
      oncePerCustomer: false,
      stacks: true,
    };
    answerBy(() => [200, { vouchers: [knit], page: 1, pages: 1 }]);
    renderInApp(<VoucherListPage />);
    const [, row] = await screen.findAllByRole('row');
    if (!row) throw new Error('a voucher row expected');
    expect(within(row).getByText('10% off (up to £20.00)')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((rule) => rule.textContent),
    ).toEqual(['From 1 May 2099', 'On Knitwear; 2 products', 'Combines with promotions']);
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../tests/support/render';
import type { AdminVoucher } from '../../shared/vouchers/vouchers';
import { PanelHost } from '../panels/PanelHost';
import { usePanels, type PanelRequest } from '../state/panel-store';
import { answerBy, renderRoutes, resetStores, signInAs } from '../support/testing';
import { moonstone, owner } from './admin-fixtures';
import { ProductEditPage } from '../features/catalog/ProductEditPage';
import { UserEditPage } from '../features/users/UserEditPage';

/** jsdom has <dialog> without its modal methods: these open and close it as browsers do. */
const original = {
  showModal: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal'),
  close: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'close'),
};
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(original)) {
    if (descriptor) Object.defineProperty(HTMLDialogElement.prototype, name, descriptor);
    else Reflect.deleteProperty(HTMLDialogElement.prototype, name);
  }
});

const bob = {
  _id: 'b0b000000000000000000000',
  name: 'Bob',
  email: 'bob@example.com',
  isAdmin: false,
  role: 'customer' as const,
};

const spring: AdminVoucher = {
  _id: 'v0000000000000000000002',
  name: 'Spring offer',
  code: 'SPRING5',
  kind: 'amount',
  discount: 5,
  percent: null,
  cap: null,
  services: [],
  appliesTo: { categories: [], products: [] },
  starts: null,
  expires: '2099-04-30T22:59:59.999Z',
  stacks: false,
  minSpend: null,
  maxUses: null,
  oncePerCustomer: false,
  status: 'live',
};

function openPanel(panel: PanelRequest) {
  renderInApp(<PanelHost />);
  act(() => usePanels.getState().open(panel));
}

const isOpen = () => usePanels.getState().isOpen;
const panel = () => screen.getByRole('dialog');
/** Escape on an open modal dialog: the browser's cancel event, which the panel refuses. */
const pressEscape = () => fireEvent(panel(), new Event('cancel', { cancelable: true }));
/** A click on the dimmed page beside the panel lands on the dialog itself. */
const clickBeside = () => fireEvent.click(panel());

/** Whether leaving the page now would make the browser ask first. */
function leavingIsWarned(): boolean {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
}

describe('an editor in the side panel', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks before throwing away typed changes, however it is closed, and keeps them on No', async () => {
    signInAs(owner);
    answerBy(() => [200, moonstone]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    openPanel({ kind: 'editProduct', productId: moonstone._id });
    const stock = await screen.findByLabelText<HTMLInputElement>('Count in stock');
    await userEvent.clear(stock);
    await userEvent.type(stock, '9');

    await userEvent.click(screen.getByRole('button', { name: 'Close edit product' }));
    pressEscape();
    clickBeside();
    expect(confirm.mock.calls).toEqual([
      ['Discard your changes to Moonstone Locket?'],
      ['Discard your changes to Moonstone Locket?'],
      ['Discard your changes to Moonstone Locket?'],
    ]);
    expect(isOpen()).toBe(true);
    expect(stock.value).toBe('9');
    expect(leavingIsWarned()).toBe(true);

    confirm.mockReturnValue(true);
    pressEscape();
    expect(isOpen()).toBe(false);
  });

  it('closes without asking once the changes are saved', async () => {
    signInAs(owner);
    answerBy(() => [200, moonstone]);
    const confirm = vi.spyOn(window, 'confirm');
    openPanel({ kind: 'editProduct', productId: moonstone._id });
    const stock = await screen.findByLabelText('Count in stock');
    expect(leavingIsWarned()).toBe(false);

    await userEvent.type(stock, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(leavingIsWarned()).toBe(false);
    clickBeside();
    expect(isOpen()).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks the same of a user’s changes, naming them by email', async () => {
    signInAs(owner);
    answerBy(() => [200, bob]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    openPanel({ kind: 'editUser', userId: bob._id });
    await userEvent.type(await screen.findByLabelText('Name'), ' Brown');
    pressEscape();
    expect(confirm).toHaveBeenCalledWith('Discard your changes to bob@example.com?');
    expect(isOpen()).toBe(true);
  });

  it('asks the same of a voucher’s changes, naming its code', async () => {
    signInAs(owner);
    answerBy(() => [200, spring]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    openPanel({ kind: 'editVoucher', voucherId: spring._id });
    await userEvent.type(await screen.findByLabelText('Name'), ' sale');
    clickBeside();
    expect(confirm).toHaveBeenCalledWith('Discard your changes to SPRING5?');
    expect(isOpen()).toBe(true);
  });

  it('opens again when the browser closes it over changes the user chose to keep', async () => {
    signInAs(owner);
    answerBy(() => [200, bob]);
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    openPanel({ kind: 'editUser', userId: bob._id });
    await userEvent.type(await screen.findByLabelText('Name'), ' Brown');
    // Chromium closes a modal dialog on a repeated Escape, whatever its cancel event says.
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');
    act(() => dialog.close());
    await waitFor(() => expect(dialog.open).toBe(true));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Bob Brown');
  });
});

describe('an editor on a page of its own', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('has the browser warn before the page is left with a product’s changes unsaved', async () => {
    signInAs(owner);
    answerBy(() => [200, moonstone]);
    renderRoutes(
      [{ path: '/admin/product/:id/edit', element: <ProductEditPage /> }],
      `/admin/product/${moonstone._id}/edit`,
    );
    await userEvent.type(await screen.findByLabelText('Brand'), ' & Co');
    expect(leavingIsWarned()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(leavingIsWarned()).toBe(false);
  });

  it('has the browser warn before the page is left with a user’s changes unsaved', async () => {
    signInAs(owner);
    answerBy(() => [200, bob]);
    renderRoutes(
      [{ path: '/admin/user/:id/edit', element: <UserEditPage /> }],
      `/admin/user/${bob._id}/edit`,
    );
    await userEvent.type(await screen.findByLabelText('Name'), ' Brown');
    expect(leavingIsWarned()).toBe(true);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../features/account/LoginPage';
import { useBasket } from '../state/basket-store';
import { usePanels, type PanelRequest } from '../state/panel-store';
import { renderRoutes, resetStores } from '../support/testing';
import { PanelHost } from './PanelHost';

/**
 * jsdom has <dialog> without its modal methods. These do what browsers do: `showModal` notes
 * what had the focus, and `close` gives the focus back to it.
 */
const opener = new WeakMap<HTMLDialogElement, Element | null>();
const original = {
  showModal: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal'),
  close: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'close'),
};
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    opener.set(this, document.activeElement);
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    const previous = opener.get(this);
    if (previous instanceof HTMLElement) previous.focus();
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(original)) {
    if (descriptor) Object.defineProperty(HTMLDialogElement.prototype, name, descriptor);
    else Reflect.deleteProperty(HTMLDialogElement.prototype, name);
  }
});

/** A header button that opens a panel, as the shop's header has, kept across pages. */
function Shop({ panel, name }: { panel: PanelRequest; name: string }) {
  const open = usePanels((state) => state.open);
  return (
    <>
      <button type="button" onClick={() => open(panel)}>
        {name}
      </button>
      <Outlet />
      <PanelHost />
    </>
  );
}

const openShop = (panel: PanelRequest, name: string) =>
  renderRoutes(
    [
      {
        element: <Shop panel={panel} name={name} />,
        children: [
          { path: '/', element: <p>The shop</p> },
          { path: '/account/login', element: <LoginPage /> },
        ],
      },
    ],
    '/',
  );

beforeEach(() => {
  resetStores();
  act(() =>
    useBasket.setState({
      basketItems: [
        {
          product: 's1',
          name: 'Check Scarf',
          brand: 'Tidewell & Co.',
          image: '/uploads/scarf.webp',
          price: 24.5,
          countInStock: 3,
          qty: 1,
        },
      ],
    }),
  );
});

describe('the sign-in form opened from a side panel', () => {
  it.each([
    ['the account menu', { kind: 'userMenu' } as const, 'Account menu', 'link', 'Sign In'],
    ['the basket', { kind: 'basket' } as const, 'Basket', 'button', 'Proceed To Checkout'],
  ])(
    'takes typing at once when opened from %s, and keeps it and the focus',
    async (_from, panel, openerName, role, action) => {
      openShop(panel, openerName);
      await userEvent.click(screen.getByRole('button', { name: openerName }));
      const dialog = screen.getByRole('dialog');
      await userEvent.click(await screen.findByRole(role, { name: action }));

      await screen.findByRole('heading', { name: 'Sign In' });
      // The panel no longer holds the page: the form behind it can be used straight away.
      expect(dialog).toHaveProperty('open', false);
      const email = screen.getByLabelText<HTMLInputElement>('Email address');
      await userEvent.type(email, 'ann@example.com');

      // Once the panel has slid away and emptied, what was typed is still there, still focused.
      await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
      expect(email.value).toBe('ann@example.com');
      expect(document.activeElement).toBe(email);
      await userEvent.keyboard('x');
      expect(email.value).toBe('ann@example.comx');
    },
  );
});

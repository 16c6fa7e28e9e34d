import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { renderRoutes, resetStores } from '../../support/testing';
import { LoginPage } from './LoginPage';

const signInPage = [{ path: '/account/login', element: <LoginPage /> }];

describe('checking out as a guest', () => {
  beforeEach(() => resetStores());

  it('offers guest checkout at sign-in, and goes on to the address with the name and email kept', async () => {
    const where = renderRoutes(signInPage, '/account/login?redirect=/checkout/shipping');
    const guest = screen.getByRole('region', { name: 'Check out as a guest' });
    expect(guest.id).toBe('guest-checkout');
    // On a phone the guest's way is below the sign-in form: the lead links down to it.
    const shortcut = screen.getByRole('link', { name: 'check out as a guest' });
    expect(shortcut.getAttribute('href')).toBe('#guest-checkout');
    await userEvent.click(screen.getByRole('button', { name: 'Check out as a guest' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(where()).toBe('/account/login?redirect=/checkout/shipping');

    await userEvent.type(screen.getByLabelText('Your name'), ' June Buyer ');
    await userEvent.type(screen.getByLabelText('Email for your receipt'), 'June@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Check out as a guest' }));
    await waitFor(() => expect(where()).toBe('/checkout/shipping'));
    expect(useBasket.getState().guestEmail).toBe('june@example.com');
    expect(useBasket.getState().guestName).toBe('June Buyer');
  });

  it('offers no guest checkout on a sign-in that is not on the way to checkout', () => {
    renderRoutes(signInPage, '/account/login');
    expect(screen.queryByRole('button', { name: 'Check out as a guest' })).toBeNull();
  });
});

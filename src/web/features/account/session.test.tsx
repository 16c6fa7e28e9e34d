import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { apiRequest } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { RequireBackOffice, RequireSignedIn } from '../../layout/guards';
import { useBasket } from '../../state/basket-store';
import { useSession } from '../../state/session-store';
import { useToast } from '../../state/toast-store';
import type { Message } from '../../../shared/api';
import { UserMenuPanel } from './UserMenuPanel';
import { answerWith, ann, renderRoutes, resetStores, signInAs } from '../../support/testing';

const home = { address: '1 Mill Lane', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'UK' };

/** The guards as the app mounts them, with the user menu on every page. */
function renderGuarded(at: string) {
  const page = (name: string) => (
    <>
      <h1>{name}</h1>
      <UserMenuPanel onClose={() => undefined} />
    </>
  );
  return renderRoutes(
    [
      { path: '/', element: page('Home') },
      { path: '/account/login', element: page('Sign In') },
      {
        element: <RequireSignedIn />,
        children: [{ path: '/account/profile', element: page('Profile') }],
      },
      {
        element: <RequireBackOffice />,
        children: [{ path: '/admin/userlist', element: page('Users') }],
      },
    ],
    at,
  );
}

describe('signing out', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('forgets the stored user and shipping address, and says so', async () => {
    signInAs(ann);
    act(() => useBasket.getState().saveShippingAddress(home));
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    expect(localStorage.getItem('shippingAddress')).not.toBeNull();

    renderInApp(<UserMenuPanel onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('shippingAddress')).toBeNull();
    expect(useSession.getState().userInfo).toBeNull();
    expect(useToast.getState().message).toBe('Logout Successful');
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });

  it('drops what the query cache held for the user', () => {
    signInAs(ann);
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.profile, { ...ann });
    queryClient.setQueryData(queryKeys.product('p1'), { name: 'Pendant' });
    act(() => useSession.getState().signOut());
    expect(queryClient.getQueryData(queryKeys.profile)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.product('p1'))).toEqual({ name: 'Pendant' });
  });

  it('from a signed-in-only page goes home', async () => {
    signInAs(ann);
    const address = renderGuarded('/account/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(address()).toBe('/');
  });
});

describe('the route guards', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('send a signed-out visitor to sign in, and back afterwards', () => {
    const address = renderGuarded('/account/profile');
    expect(address()).toBe('/account/login?redirect=/account/profile');
  });

  it('send a customer away from admin screens', () => {
    signInAs(ann);
    const address = renderGuarded('/admin/userlist');
    expect(address()).toBe('/');
  });

  it('let an admin in', () => {
    signInAs({ ...ann, isAdmin: true, role: 'admin' });
    renderGuarded('/admin/userlist');
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
  });

  it('ask for sign-in again when the server ends the session on a signed-in page', async () => {
    signInAs(ann);
    const address = renderGuarded('/account/profile');
    answerWith(401, { message: 'Please sign in again', code: 'UNAUTHENTICATED' });
    await act(() => apiRequest<Message>('/users/profile').catch(() => undefined));
    expect(useSession.getState().userInfo).toBeNull();
    expect(address()).toBe('/account/login?redirect=/account/profile');
  });
});

describe('the API client', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token of whoever is signed in', async () => {
    signInAs(ann);
    const send = answerWith(200, { message: 'ok' });
    await apiRequest<Message>('/users/profile');
    expect(new Headers(send.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer token-of-ann',
    );
  });

  it('ends nothing on a 401 to a call made without a token', async () => {
    const send = answerWith(401, {
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    await expect(apiRequest<Message>('/users/login')).rejects.toThrow('Invalid email or password');
    expect(new Headers(send.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('ends nothing when the token was replaced while the call was out', async () => {
    signInAs(ann);
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const call = apiRequest<Message>('/users/profile').catch(() => undefined);
    signInAs({ ...ann, token: 'newer-token' });
    answer(
      new Response(JSON.stringify({ message: 'expired', code: 'UNAUTHENTICATED' }), {
        status: 401,
      }),
    );
    await call;
    expect(useSession.getState().userInfo?.token).toBe('newer-token');
  });
});

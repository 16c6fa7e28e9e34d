import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { answerBy, callsOf, resetStores, signInAs } from '../../support/testing';
import { owner } from '../../back-office/admin-fixtures';
import { UserForm } from './UserForm';

const ann = {
  _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  name: 'Ann Shopper',
  email: 'ann@example.com',
  isAdmin: false,
  role: 'staff' as const,
};

const putsOf = (send: ReturnType<typeof answerBy>) =>
  callsOf(send).filter(({ method }) => method === 'PUT');

describe('making someone an owner', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks first, naming them, and saves nothing when told no', async () => {
    signInAs(owner);
    const send = answerBy((method) => [200, method === 'PUT' ? { ...ann, role: 'admin' } : ann]);
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderInApp(<UserForm userId={ann._id} />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role' }),
      'Owner (admin)',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(confirm).toHaveBeenCalledWith('Make ann@example.com an owner, with every right?');
    expect(putsOf(send)).toEqual([]);
    expect(screen.queryByText('User updated')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('User updated')).toBeTruthy();
    expect(putsOf(send)[0]?.body).toEqual({
      name: 'Ann Shopper',
      email: 'ann@example.com',
      role: 'admin',
    });
  });

  it('does not ask when the role given is not the owner’s', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, ann]);
    const confirm = vi.spyOn(window, 'confirm');
    renderInApp(<UserForm userId={ann._id} />);
    await userEvent.type(await screen.findByLabelText('Name'), ' Jones');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(confirm).not.toHaveBeenCalled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from '../../state/toast-store';
import {
  openSettingsAt,
  retype,
  SAVED_SETTINGS,
  settingsPuts,
  updateSettings,
} from '../../support/settings-fixtures';
import { resetStores } from '../../support/testing';
import { SettingsPage } from './SettingsPage';

const MONTHS = 'How long a gift card lasts (months)';

const openSettings = () => openSettingsAt(<SettingsPage />, MONTHS);

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('the settings’ gift cards', () => {
  it('shows how long a card lasts and its VAT kind as saved', async () => {
    await openSettings();
    expect(screen.getByLabelText<HTMLInputElement>(MONTHS).value).toBe('24');
    expect(screen.getByLabelText<HTMLSelectElement>('Gift cards for VAT').value).toBe(
      'multi-purpose',
    );
  });

  it('sends the months and the VAT kind as changed in the saved document', async () => {
    const send = await openSettings();
    await retype(MONTHS, '36');
    await userEvent.selectOptions(screen.getByLabelText('Gift cards for VAT'), 'single-purpose');
    await updateSettings();

    await waitFor(() => expect(useToast.getState().message).toBe('Settings saved'));
    const [put] = settingsPuts(send);
    expect(put?.path).toBe('/api/settings');
    expect(put?.body).toEqual({
      ...SAVED_SETTINGS,
      giftCards: { months: 36, vat: 'single-purpose' },
    });
  });

  it('refuses a card that lasts 0 months, in words under the field, and sends nothing', async () => {
    const send = await openSettings();
    await retype(MONTHS, '0');
    await updateSettings();

    expect(await screen.findByText('A gift card must last at least 1 month')).toBeTruthy();
    expect(screen.getByLabelText(MONTHS).getAttribute('aria-invalid')).toBe('true');
    expect(settingsPuts(send)).toEqual([]);
  });

  it('asks for the months when the field is left empty', async () => {
    const send = await openSettings();
    await userEvent.clear(screen.getByLabelText(MONTHS));
    await updateSettings();

    expect(await screen.findByText('Please enter how many months a gift card lasts')).toBeTruthy();
    expect(settingsPuts(send)).toEqual([]);
  });
});

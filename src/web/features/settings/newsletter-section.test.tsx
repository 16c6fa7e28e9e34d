import { screen, waitFor } from '@testing-library/react';
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

const PACE = 'Newsletter mails a minute';

const openSettings = () => openSettingsAt(<SettingsPage />, PACE);

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('the settings’ newsletter pace', () => {
  it('shows how many newsletter mails go a minute, and sends it as changed', async () => {
    const send = await openSettings();
    expect(screen.getByLabelText<HTMLInputElement>(PACE).value).toBe('60');
    await retype(PACE, '120');
    await updateSettings();

    await waitFor(() => expect(useToast.getState().message).toBe('Settings saved'));
    const [put] = settingsPuts(send);
    expect(put?.body).toEqual({ ...SAVED_SETTINGS, newsletter: { perMinute: 120 } });
  });

  it('refuses 0, 1001 and a fraction in words under the field, and sends nothing', async () => {
    const send = await openSettings();
    for (const [typed, words] of [
      ['0', 'Newsletter mails a minute must be at least 1'],
      ['1001', 'Newsletter mails a minute can be at most 1000'],
      ['2.5', 'Newsletter mails a minute must be a whole number'],
    ] as const) {
      await retype(PACE, typed);
      await updateSettings();
      expect(await screen.findByText(words)).toBeTruthy();
      expect(screen.getByLabelText(PACE).getAttribute('aria-invalid')).toBe('true');
    }
    expect(settingsPuts(send)).toEqual([]);
  });
});

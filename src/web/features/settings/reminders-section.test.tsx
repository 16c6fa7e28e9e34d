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

const AFTER = 'Remind after (minutes)';

const openSettings = () => openSettingsAt(<SettingsPage />, AFTER);

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('the settings’ basket reminders', () => {
  it('shows when each reminder goes, and sends the times as changed', async () => {
    const send = await openSettings();
    expect(screen.getByLabelText<HTMLInputElement>(AFTER).value).toBe('60, 1440, 4320');
    await retype(AFTER, ' 30,120 ');
    await updateSettings();
    await waitFor(() => expect(useToast.getState().message).toBe('Settings saved'));
    expect(settingsPuts(send)[0]?.body).toEqual({
      ...SAVED_SETTINGS,
      reminders: { afterMinutes: [30, 120] },
    });
  });

  it('turns them off when left empty', async () => {
    const send = await openSettings();
    await retype(AFTER, '');
    await updateSettings();
    await waitFor(() => expect(settingsPuts(send)).toHaveLength(1));
    expect(settingsPuts(send)[0]?.body).toMatchObject({ reminders: { afterMinutes: [] } });
  });

  it('says what is wrong with times out of order, not numbers, or too many, and saves nothing', async () => {
    const send = await openSettings();
    for (const [typed, words] of [
      ['60, 30', 'Each reminder goes later than the one before'],
      ['an hour', 'Each reminder waits a number of minutes'],
      ['1, 2, 3, 4', 'At most 3 reminders'],
      ['0', 'Each reminder waits at least 1 minute'],
    ] as const) {
      await retype(AFTER, typed);
      await updateSettings();
      expect(await screen.findByText(words)).toBeTruthy();
    }
    expect(settingsPuts(send)).toEqual([]);
  });
});
